import { formatInTimeZone, fromZonedTime, getTimezoneOffset } from 'date-fns-tz';

/**
 * Dates and times as the user sees them: in the time zone of their account (spec §9 Display),
 * not the browser's. Filters hold calendar days as `yyyy-MM-dd`; requests send UTC instants.
 */

const knownZones = new Map<string, string>();

/** An IANA zone the runtime knows, else UTC (a stored zone from an older runtime must not crash a screen). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  // Asked for every date a screen shows; a formatter per question cost a list page tens of ms.
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = timeZone;
    } catch {
      known = 'UTC';
    }
    knownZones.set(timeZone, known);
  }
  return known;
}

/** Today's calendar day in the time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return formatInTimeZone(now, knownTimeZone(timeZone), 'yyyy-MM-dd');
}

/** The calendar day `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/** spec §9: a range runs from the start of its first day… (UTC instant of 00:00:00 in the zone). */
export function startOfDayUtc(day: string, timeZone: string): string {
  return fromZonedTime(`${day}T00:00:00.000`, knownTimeZone(timeZone)).toISOString();
}

/** …to 23:59:59 of its last day (to the end of that second, so nothing in it is lost). */
export function endOfDayUtc(day: string, timeZone: string): string {
  return fromZonedTime(`${day}T23:59:59.999`, knownTimeZone(timeZone)).toISOString();
}

/** spec §9 Display: `MM/dd/yyyy - hh:mm a` in the user's time zone. */
export function formatDateTime(instant: string | Date, timeZone: string): string {
  return formatInTimeZone(instant, knownTimeZone(timeZone), 'MM/dd/yyyy - hh:mm a');
}

/** spec §7: the CSV file's date, `MM-dd-yyyy-HH.mm.s` in the user's time zone. */
export function fileTimestamp(instant: Date, timeZone: string): string {
  return formatInTimeZone(instant, knownTimeZone(timeZone), 'MM-dd-yyyy-HH.mm.s');
}

/** spec §9 Display: a duration in seconds as mm:ss (minutes keep counting past 59). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** spec §5 Filters: pickers show MM/dd/yyyy. */
export const PICKER_DATE_FORMAT = 'MM/dd/yyyy';

/** A calendar day `yyyy-MM-dd` as a picker shows it (PICKER_DATE_FORMAT), or '' for anything else. */
export function dayToPickerText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** A calendar day as a local midnight Date, for date pickers that work in the browser's zone. */
export function dayToPickerDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

/** The calendar day a date picker's Date stands for. */
export function pickerDateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A calendar day for chart axes and tooltips, in the reader's language (e.g. "Nov 21", "21 nov.", "11月21日"). */
export function formatShortDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, date!));
}

/** spec §9: a time zone's offset shown as UTC±h:mm, e.g. UTC+1:00, UTC-9:30, UTC+0:00. */
export function formatUtcOffset(timeZone: string, at: Date = new Date()): string {
  const offsetMs = getTimezoneOffset(timeZone, at);
  if (Number.isNaN(offsetMs)) return 'UTC+0:00';
  const totalMinutes = Math.round(Math.abs(offsetMs) / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = String(totalMinutes % 60).padStart(2, '0');
  return `UTC${offsetMs < 0 ? '-' : '+'}${hours}:${minutes}`;
}
