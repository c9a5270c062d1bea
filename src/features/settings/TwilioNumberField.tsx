import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { components } from '../../../common/contract/dashboard.gen.ts';

export type TwilioNumber = components['schemas']['TwilioNumber'];

/** spec §3 Twilio number: the UI shows state code, state and area code with the number. */
export function twilioNumberLabel(number: TwilioNumber): string {
  return `${number.number} — ${number.stateCode}, ${number.state} (${number.areaCode})`;
}

export function TwilioNumberField({
  numbers,
  value,
  onChange,
  error,
  disabled,
}: {
  numbers: TwilioNumber[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const errorId = useId();
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} ids={{ errorText: errorId }}>
      <Field.Label>{t`Twilio Number`}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="twilioNumberId"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-describedby={error ? errorId : undefined}
          bg="white"
        >
          <option value="">{t`Select a number`}</option>
          {numbers.map((number) => (
            <option key={number.id} value={String(number.id)}>
              {twilioNumberLabel(number)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
