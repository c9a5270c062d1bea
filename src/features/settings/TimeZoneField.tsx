import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack } from '@chakra-ui/react/stack';
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { filterTimeZones, timeZoneOptions } from './timeZones.ts';

/** spec §5: the time zone, chosen from a searchable list of IANA names with offset labels. */
export function TimeZoneField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const options = useMemo(() => filterTimeZones(timeZoneOptions(), search, value), [search, value]);
  const errorId = useId();
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} ids={{ errorText: errorId }}>
      <Field.Label>{t`Time Zone`}</Field.Label>
      <Stack gap="2" width="full">
        <Input
          type="search"
          aria-label={t`Search time zones`}
          placeholder={t`Search time zones`}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          bg="white"
        />
        <NativeSelect.Root>
          <NativeSelect.Field
            name="timezone"
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            aria-describedby={error ? errorId : undefined}
            bg="white"
          >
            {value ? null : <option value="">{t`Select a time zone`}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
