/**
 * How long call recordings are kept (issue 18; Settings, Call recordings): what the contract's
 * RecordingSettings allows and the default. Shared by the server, which deletes older
 * recordings, and the Settings card, which edits the period.
 */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
export const DEFAULT_RETENTION_DAYS = 90;

/** Whether a text is a whole number of days the contract accepts. */
export function isRetentionDays(value: string): boolean {
  if (!/^\d{1,4}$/.test(value.trim())) return false;
  const n = Number(value);
  return n >= RETENTION_DAYS_MIN && n <= RETENTION_DAYS_MAX;
}
