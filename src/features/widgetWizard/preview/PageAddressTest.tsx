import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { useLingui } from '@lingui/react/macro';
import type { PageTestResult } from '../../../../machines/widgetWizard/widgetWizard.pageTest.ts';
import { messageText } from '../../../i18n/messageText.ts';

const tone = { shown: 'green.700', hidden: 'red.700', invalid: 'fg.muted' } as const;

/**
 * The live preview's page test (issue 20): the client types an address of their website, or
 * only its path, and reads whether the widget shows there and which display rule hides it. The
 * wizard machine evaluates it (`pageTest` selector) with the embed script's own rule; this view
 * shows the verdict in a status region, so a screen reader hears it as it changes.
 */
export function PageAddressTest({ address, result, onAddressChange }: {
  address: string;
  result: PageTestResult | null;
  onAddressChange: (address: string) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Box borderWidth="1px" borderRadius="md" bg="gray.50" p="4">
      <Field.Root>
        <Field.Label>{t`Test a page address`}</Field.Label>
        <Input
          name="pageAddress"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          value={address}
          placeholder="https://example.com/pricing?utm_source=google"
          bg="white"
          onChange={(event) => onAddressChange(event.currentTarget.value)}
          // The verdict follows each keystroke; Enter must not submit the step's form around it.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <Field.HelperText>{t`Type an address of your website, or only its path, to see whether the widget shows there.`}</Field.HelperText>
      </Field.Root>
      {/* Always in the page: a live region announces changes only once it exists. */}
      <Box role="status" mt={result ? '3' : '0'} fontSize="sm" fontWeight="medium" color={result ? tone[result.status] : undefined} overflowWrap="anywhere">
        {result?.sentences.map((sentence) => messageText(i18n, sentence)).join(' ')}
      </Box>
    </Box>
  );
}
