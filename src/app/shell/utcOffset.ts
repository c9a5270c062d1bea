import { getTimezoneOffset } from 'date-fns-tz';

/** spec §9: a time zone's offset shown as UTC±h:mm, e.g. UTC+1:00, UTC-9:30, UTC+0:00. */
export function formatUtcOffset(timeZone: string, at: Date = new Date()): string {
  const offsetMs = getTimezoneOffset(timeZone, at);
  if (Number.isNaN(offsetMs)) return 'UTC+0:00';
  const totalMinutes = Math.round(Math.abs(offsetMs) / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = String(totalMinutes % 60).padStart(2, '0');
  return `UTC${offsetMs < 0 ? '-' : '+'}${hours}:${minutes}`;
}
