import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Notice } from '../../ui/Notice.tsx';
import { InstallationStatus } from '../../ui/InstallationStatus.tsx';
import { embedSnippet } from '../../lib/embedSnippet.ts';
import { readPageConfig } from '../../lib/pageConfig.ts';

const snippetStyle = {
  width: '100%',
  fontFamily: 'monospace',
  fontSize: '0.875rem',
  padding: '0.75rem',
  background: '#f9fafb',
  border: '1px solid #e4e4e7',
  borderRadius: '0.375rem',
  resize: 'none',
} as const;

// "Call me now" (issue 21) comes after the step's first paint, at its foot where it moves nothing:
// imported statically, its chunk would be one more file for every step of the wizard.
const TestCallSection = lazy(() => import('../../ui/TestCall.tsx').then((module) => ({ default: module.TestCallSection })));

/** How long the Copied! hint stays. */
const COPIED_HINT_MS = 2000;

async function copyText(text: string, fallback: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (e.g. an embedded or insecure page): copy the selected text instead.
    if (!fallback) return false;
    fallback.select();
    return document.execCommand('copy');
  }
}

/**
 * Step 3 of the widget wizard (spec §2 Code, §4 Widget wizard): the website's embed snippet in a
 * copy box with a Copied! hint. The instruction shows only when the website had no widgets
 * before; otherwise a success message says the code already on the site refreshed automatically.
 */
export function CodeStep({
  publicKey,
  domain,
  message,
  showInstruction,
  widgets,
}: {
  publicKey: string;
  domain: string;
  message: MessageDescriptor;
  showInstruction: boolean;
  /** The saved widgets, for "Call me now" (issue 21). */
  widgets: { id: number; name: string }[];
}) {
  const { t, i18n } = useLingui();
  const snippet = embedSnippet(window.location.origin, publicKey, readPageConfig().widgetScriptUrl);
  const box = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_HINT_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Stack gap="4" maxWidth="3xl">
      {showInstruction ? (
        <Text color="gray.800">{i18n._(message)}</Text>
      ) : (
        <Notice status="success">{i18n._(message)}</Notice>
      )}
      <Box as="section" aria-label={t`Website code`} bg="white" borderWidth="1px" borderRadius="lg" p="4">
        <Text fontWeight="semibold" mb="2">
          {domain}
        </Text>
        <textarea
          ref={box}
          readOnly
          aria-label={t`Embed code`}
          value={snippet}
          rows={3}
          style={snippetStyle}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Box display="flex" alignItems="center" gap="3" mt="3">
          <Button
            size="sm"
            colorPalette="blue"
            onClick={() => {
              void copyText(snippet, box.current).then(setCopied);
            }}
          >
            <Trans>Copy</Trans>
          </Button>
          {copied ? (
            <Text role="status" color="green.700" fontSize="sm">
              <Trans>Copied!</Trans>
            </Text>
          ) : null}
        </Box>
      </Box>
      <Box bg="white" borderWidth="1px" borderRadius="lg" p="4">
        <InstallationStatus publicKey={publicKey} domain={domain} />
      </Box>
      <Suspense fallback={null}>
        <TestCallSection widgets={widgets} />
      </Suspense>
    </Stack>
  );
}
