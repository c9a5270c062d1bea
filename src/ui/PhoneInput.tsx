import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Group } from '@chakra-ui/react/group';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import type * as PhoneNumbers from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import { useId, useMemo, useState } from 'react';
import { useLoadedAfterPaint } from '../lib/useLoadedAfterPaint.ts';
import { stripPhone } from '../../common/rules/phone.ts';

// libphonenumber-js with its metadata (about 45 kB gzip) loads once the screen's first render is
// on screen rather than before it (useLoadedAfterPaint, issue 17): the agent form, the widget
// wizard's General step, registration and Settings paint without waiting for its download and run.
let library: typeof PhoneNumbers | null = null;
const loadPhoneNumbers = () =>
  import('libphonenumber-js/min').then((module) => {
    library = module;
  });

/** libphonenumber-js (small metadata) once it has come after the caller's first paint; null until then, and in the HTML the build renders. */
export function usePhoneNumbers(): typeof PhoneNumbers | null {
  return useLoadedAfterPaint(loadPhoneNumbers, 'the phone number library') ? library : null;
}

export interface PhoneInputProps {
  label: string;
  /** Accessible name of the country picker. */
  countryLabel: string;
  name: string;
  /** The number in E.164 (+14155550123), or what was typed when it cannot be read as a number. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** spec §2 Register: default country us. */
  defaultCountry?: CountryCode;
  /** spec §2 Agents form: the country code is not editable (the picker shows it, disabled). */
  countryLocked?: boolean;
  locale: string;
}

/** The value a form keeps: E.164 when the typed text is a number of the chosen country. */
function toValue(phoneNumbers: typeof PhoneNumbers | null, text: string, country: CountryCode): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const parsed = phoneNumbers?.parsePhoneNumberFromString(trimmed, country);
  return parsed ? parsed.number : stripPhone(trimmed);
}

/** Every country, named in the user's language with its calling code, in that language's order. */
function countryOptions({ getCountries, getCountryCallingCode }: typeof PhoneNumbers, locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/**
 * A phone number with a country picker, built on libphonenumber-js (small metadata). The text is
 * formatted as typed; the form receives the E.164 form its rules check (spec §5 Phone pattern).
 */
export function PhoneInput({ label, countryLabel, name, value, onChange, onBlur, error, defaultCountry = 'US', countryLocked, locale }: PhoneInputProps) {
  const errorId = useId();
  const [country, setCountry] = useState<CountryCode>(defaultCountry);
  const [text, setText] = useState(value);
  // Until the library has come (after the first paint), the picker lists the chosen country alone
  // and the number is read-only, as in the HTML the build renders for registration (whose ICU may
  // name and order countries unlike the browser's).
  const phoneNumbers = usePhoneNumbers();
  const countries = useMemo(() => (phoneNumbers ? countryOptions(phoneNumbers, locale) : null), [phoneNumbers, locale]);
  const shownCountries = countries ?? [{ code: country, label: new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country }];

  const changeText = (next: string) => {
    const formatted = next.length < text.length || !phoneNumbers ? next : new phoneNumbers.AsYouType(country).input(next);
    setText(formatted);
    onChange(toValue(phoneNumbers, formatted, country));
  };
  const changeCountry = (next: CountryCode) => {
    setCountry(next);
    onChange(toValue(phoneNumbers, text, next));
  };

  return (
    <Field.Root invalid={Boolean(error)} ids={{ errorText: errorId }}>
      <Field.Label>{label}</Field.Label>
      <Group attached width="full">
        <Box flex="0 0 9rem">
          <NativeSelect.Root>
            {/* Its own id: the field's id (and so the label) belongs to the number input. */}
            <NativeSelect.Field
              id={`${name}-country`}
              aria-label={countryLabel}
              value={country}
              // The field's context (enabled) would override NativeSelect.Root's disabled: set it here.
              {...(countryLocked ? { disabled: true } : {})}
              onChange={(event) => changeCountry(event.currentTarget.value as CountryCode)}
              bg="white"
            >
              {shownCountries.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Input
          name={name}
          type="tel"
          readOnly={!phoneNumbers}
          autoComplete="tel-national"
          value={text}
          onChange={(event) => changeText(event.currentTarget.value)}
          onBlur={onBlur}
          aria-describedby={error ? errorId : undefined}
          bg="white"
        />
      </Group>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
