import type { CountryCode } from 'libphonenumber-js/max';
import { PHONE_PATTERN, stripPhone } from '../../../common/rules/phone.ts';
import { FALLBACK_COUNTRY, NUMBER_NOT_ALLOWED_MESSAGE, numberTypeAllowed } from '../callEngine/callDestinations.ts';
import { invalidInput } from '../domainError.ts';

/** Which numbers the platform rings besides real lines: the simulator's test numbers, beside the simulator. */
export interface DialledNumberRules {
  allowSimulatorNumbers?: boolean;
}

/**
 * A phone number as stored: the spaces, dashes and parentheses people type are removed (spec §5
 * Agent: "phone values stripped of parentheses, dashes, spaces"), then it must match the phone
 * pattern, else `invalid_request` with the spec's message.
 */
export function normalizePhone(input: string, field = 'phone'): string {
  const phone = stripPhone(input);
  if (!PHONE_PATTERN.test(phone)) throw invalidInput(`Field ${field}: Not a valid phone number format.`);
  return phone;
}

/**
 * An agent's or a widget's own number, which the platform pays to ring (issue 15 review): after
 * normalizePhone, its type must be a line a person answers (callDestinations.ts
 * numberTypeAllowed, the rule visitors' numbers follow too); premium-rate, shared-cost,
 * satellite, personal and other numbers are refused with `invalid_request`. A number without a +
 * is read in the account's own country. The visitor country list does not apply: agents may sit
 * in any country. Beside the local call simulator its test numbers are taken too (`rules`), so a
 * client can try a voicemail or a declining agent (issue 18).
 */
export function normalizeDialledPhone(input: string, homeCountry: CountryCode = FALLBACK_COUNTRY, field = 'phone', rules: DialledNumberRules = {}): string {
  const phone = normalizePhone(input, field);
  if (!numberTypeAllowed(phone, homeCountry, rules)) throw invalidInput(`Field ${field}: ${NUMBER_NOT_ALLOWED_MESSAGE}`);
  return phone;
}
