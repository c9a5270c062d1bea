import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Group } from '@chakra-ui/react/group';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { useId, useMemo, useState } from 'react';
import { useHydrated } from './useHydrated.ts';
import { stripPhone } from '../../common/rules/phone.ts';

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
function toValue(text: string, country: CountryCode): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const parsed = parsePhoneNumberFromString(trimmed, country);
  return parsed ? parsed.number : stripPhone(trimmed);
}

/**
 * A phone number with a country picker, built on libphonenumber-js (small metadata). The text is
 * formatted as typed; the form receives the E.164 form its rules check (spec §5 Phone pattern).
 */
export function PhoneInput({ label, countryLabel, name, value, onChange, onBlur, error, defaultCountry = 'US', countryLocked, locale }: PhoneInputProps) {
  const errorId = useId();
  const [country, setCountry] = useState<CountryCode>(defaultCountry);
  const [text, setText] = useState(value);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return getCountries()
      .map((code) => ({ code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [locale]);
  // The build renders the registration page to HTML in Node (scripts/bundles/prerender.ts), whose
  // ICU names and orders some countries unlike the browser's: while React hydrates that HTML (its
  // server snapshot) only the chosen country is listed, the whole list right after. A page that
  // React renders afresh lists them all at once.
  const hydrated = useHydrated();
  const shownCountries = hydrated ? countries : countries.filter((option) => option.code === country);

  const changeText = (next: string) => {
    const formatted = next.length < text.length ? next : new AsYouType(country).input(next);
    setText(formatted);
    onChange(toValue(formatted, country));
  };
  const changeCountry = (next: CountryCode) => {
    setCountry(next);
    onChange(toValue(text, next));
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
          // Read-only until the app runs, as TextField's (the build renders the registration page).
          readOnly={!hydrated}
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
