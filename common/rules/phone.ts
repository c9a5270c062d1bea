/** spec §5 Phone pattern: optional plus, three digits, three digits, then 4 to 6 digits. */
export const PHONE_PATTERN = /^\+?\d{3}\d{3}\d{4,6}$/;

/** A typed number without the parentheses, dashes and spaces people type (spec §5 Agent). */
export function stripPhone(input: string): string {
  return input.replace(/[\s()-]/g, '');
}
