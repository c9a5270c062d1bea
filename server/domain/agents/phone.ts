import { invalidInput } from '../domainError.ts';

/** spec §5 Phone pattern: optional plus, three digits, three digits, then 4 to 6 digits. */
export const PHONE_PATTERN = /^\+?\d{3}\d{3}\d{4,6}$/;

/**
 * A phone number as stored: the spaces, dashes and parentheses people type are removed (spec §5
 * Agent: "phone values stripped of parentheses, dashes, spaces"), then it must match the phone
 * pattern, else `invalid_request` with the spec's message.
 */
export function normalizePhone(input: string, field = 'phone'): string {
  const phone = input.replace(/[\s()-]/g, '');
  if (!PHONE_PATTERN.test(phone)) throw invalidInput(`Field ${field}: Not a valid phone number format.`);
  return phone;
}
