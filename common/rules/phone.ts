/** spec §5 Phone pattern: optional plus, three digits, three digits, then 4 to 6 digits. */
export const PHONE_PATTERN = /^\+?\d{3}\d{3}\d{4,6}$/;

/** A typed number without the parentheses, dashes and spaces people type (spec §5 Agent). */
export function stripPhone(input: string): string {
  return input.replace(/[\s()-]/g, '');
}

/**
 * A visitor's number as the widget API takes it (Call now, Schedule, the block list): visitors
 * also write dots between the groups, so those go too.
 */
export function stripVisitorNumber(input: string): string {
  return input.replace(/[\s().-]/g, '');
}
