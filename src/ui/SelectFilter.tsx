import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { useLingui } from '@lingui/react/macro';

export interface SelectOption<TValue extends string | number> {
  value: TValue;
  label: string;
}

export interface SelectFilterProps<TValue extends string | number> {
  label: string;
  value: TValue | null;
  options: SelectOption<TValue>[];
  /** null is All (spec §2: selects default to All). */
  onChange: (value: TValue | null) => void;
  disabled?: boolean;
}

/** A labelled filter select whose first choice is All; it hands back the option's own value (ids stay numbers). */
export function SelectFilter<TValue extends string | number>({ label, value, options, onChange, disabled }: SelectFilterProps<TValue>) {
  const { t } = useLingui();
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          bg="white"
          value={value === null ? '' : String(value)}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.currentTarget.value);
            onChange(chosen ? chosen.value : null);
          }}
        >
          <option value="">{t`All`}</option>
          {options.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
