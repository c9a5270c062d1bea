import { PHONE_PATTERN, stripPhone } from '../../../common/rules/phone.ts';
import { invalidInput } from '../domainError.ts';

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
