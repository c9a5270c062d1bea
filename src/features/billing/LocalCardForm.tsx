import { Box } from '@chakra-ui/react/box';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Field } from '@chakra-ui/react/field';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LocalCardEntry } from './localCardProcessor.ts';

/**
 * The local card processor's own card form (number, MM/YY, CVC): the stand-in for Stripe
 * Elements when no publishable key is configured. Like Elements, what is typed stays out of the
 * payment form's machine; the processor reads it when the card is tokenized.
 */
export function LocalCardForm({
  entry,
  onChange,
  disabled,
}: {
  entry: LocalCardEntry;
  onChange: (entry: LocalCardEntry) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const field = (name: keyof LocalCardEntry, label: string, placeholder: string, autoComplete: string, width: string) => (
    <Field.Root disabled={disabled} width={width}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={entry[name]}
        onChange={(event) => onChange({ ...entry, [name]: event.currentTarget.value })}
        bg="white"
      />
    </Field.Root>
  );
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderColor="orange.400" borderRadius="md" p="4">
      <Text fontSize="sm" color="orange.800" mb="3" data-testid="local-processor-note">
        <Trans>
          Test payments: this is the local test card processor. No real card is charged; use Stripe&apos;s test
          card numbers, e.g. 4242 4242 4242 4242.
        </Trans>
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        {field('number', t`Card number`, '4242 4242 4242 4242', 'cc-number', 'full')}
        {field('expiry', t`Expiry (MM/YY)`, 'MM/YY', 'cc-exp', '36')}
        {field('cvc', t`CVC`, '123', 'cc-csc', '28')}
      </Stack>
    </Box>
  );
}
