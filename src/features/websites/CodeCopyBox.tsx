import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

/** How long "Copied!" shows after a copy. */
const COPIED_HINT_MS = 2000;

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A website's embed code in a copy box (spec §2 Websites "Code (copy box)"): the snippet as
 * text anyone can select, and a Copy button that puts it on the clipboard and says "Copied!".
 * When the browser refuses the clipboard, the code is selected instead, ready for Ctrl+C.
 */
/** `label` names the copied code for screen readers on the Copy button ("Code of example.com"). */
export function CodeCopyBox({ code, label }: { code: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_HINT_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await writeClipboard(code)) {
      setCopied(true);
      return;
    }
    const element = codeRef.current;
    const selection = window.getSelection();
    if (element && selection) {
      const range = document.createRange();
      range.selectNodeContents(element);
      selection.removeAllRanges();
      selection.addRange(range);
    }
  };

  return (
    <Box display="flex" flexDirection={{ base: 'column', sm: 'row' }} alignItems={{ base: 'stretch', sm: 'center' }} gap="2" minWidth="0">
      <Box
        as="code"
        ref={codeRef}
        display="block"
        flex="1"
        minWidth="0"
        fontFamily="mono"
        fontSize="xs"
        bg="gray.50"
        borderWidth="1px"
        borderRadius="md"
        px="3"
        py="2"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        color="gray.900"
      >
        {code}
      </Box>
      <Box display="flex" alignItems="center" gap="2" flexShrink={0}>
        <Button size="xs" variant="outline" onClick={() => void copy()}>
          {t`Copy`}
          <Text as="span" srOnly>
            {' '}
            {label}
          </Text>
        </Button>
        <Text as="span" role="status" fontSize="xs" color="green.700" minWidth="12">
          {copied ? t`Copied!` : ''}
        </Text>
      </Box>
    </Box>
  );
}
