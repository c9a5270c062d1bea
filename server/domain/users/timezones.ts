const supported = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * True for an IANA time zone name (spec §5: "chosen from a searchable list of IANA names").
 * Browsers sometimes report a legacy alias (Asia/Calcutta); it counts when it resolves to a
 * supported canonical name.
 */
export function isKnownTimezone(name: string): boolean {
  if (supported.has(name)) return true;
  try {
    return supported.has(new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}
