/**
 * The client's velocity limits on call and callback requests (issue 15): what the contract's
 * CallLimits allows, the defaults, and the windows they count in. Shared by the server, which
 * enforces them, and the Settings card, which edits them.
 */
export const CALL_LIMIT_MIN = 1;
export const CALL_LIMIT_MAX = 10_000;
/** perWidget counts in windows of 10 minutes, perAccount in windows of an hour. */
export const PER_WIDGET_WINDOW_SECONDS = 600;
export const PER_ACCOUNT_WINDOW_SECONDS = 3600;

/** Whether a text is a whole number of requests the contract accepts. */
export function isCallLimit(value: string): boolean {
  if (!/^\d{1,5}$/.test(value.trim())) return false;
  const n = Number(value);
  return n >= CALL_LIMIT_MIN && n <= CALL_LIMIT_MAX;
}

/**
 * A widget cannot take more than all the widgets together: the per-widget limit is at most the
 * account's (a larger one could never be reached, and reads as a mistake).
 */
export function isWidgetLimitWithinAccount(limits: { perWidget: number; perAccount: number }): boolean {
  return limits.perWidget <= limits.perAccount;
}
