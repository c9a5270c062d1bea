/**
 * Dates and times as the user sees them: in the time zone of their account (spec §9 Display),
 * not the browser's. Filters hold calendar days as `yyyy-MM-dd`; requests send UTC instants.
 *
 * The zone's wall time comes from Intl.DateTimeFormat, not date-fns-tz: with date-fns's format
 * and its English locale, date-fns-tz was a sixth of the chunk every signed-in screen loads and
 * runs before its first paint (issue 17), for the few fixed patterns below.
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

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall time of `instant` in `timeZone` (one the runtime knows: it throws otherwise). */
function wallTimeIn(instant: Date, timeZone: string): WallTime {
  let format = wallTimeFormats.get(timeZone);
  if (!format) {
    const numeric = '2-digit' as const;
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: numeric, day: numeric, hour: numeric, minute: numeric, second: numeric });
    wallTimeFormats.set(timeZone, format);
  }
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(instant)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  return wall;
}

/** How far the zone's clock is ahead of UTC at `instant`, in ms (NaN for a zone the runtime does not know). */
function zoneOffsetMs(timeZone: string, instant: Date): number {
  let wall: WallTime;
  try {
    wall = wallTimeIn(instant, timeZone);
  } catch {
    return Number.NaN;
  }
  const wholeSecond = instant.getTime() - (((instant.getTime() % 1000) + 1000) % 1000);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - wholeSecond;
}

/** The UTC instant of a wall time in the zone; the offset is checked again at the result (summer-time switches). */
function utcOfWallTime(day: string, [hour, minute, second, ms]: [number, number, number, number], timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const asUtc = Date.UTC(year!, month! - 1, date!, hour, minute, second, ms);
  const guess = zoneOffsetMs(timeZone, new Date(asUtc));
  return new Date(asUtc - zoneOffsetMs(timeZone, new Date(asUtc - guess)));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Today's calendar day in the time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const wall = wallTimeIn(now, knownTimeZone(timeZone));
  return `${wall.year}-${pad2(wall.month)}-${pad2(wall.day)}`;
}

/** The calendar day `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/** spec §9: a range runs from the start of its first day… (UTC instant of 00:00:00 in the zone). */
export function startOfDayUtc(day: string, timeZone: string): string {
  return utcOfWallTime(day, [0, 0, 0, 0], knownTimeZone(timeZone)).toISOString();
}

/** …to 23:59:59 of its last day (to the end of that second, so nothing in it is lost). */
export function endOfDayUtc(day: string, timeZone: string): string {
  return utcOfWallTime(day, [23, 59, 59, 999], knownTimeZone(timeZone)).toISOString();
}

/** spec §9 Display: `MM/dd/yyyy - hh:mm a` in the user's time zone. */
export function formatDateTime(instant: string | Date, timeZone: string): string {
  const wall = wallTimeIn(new Date(instant), knownTimeZone(timeZone));
  const hour12 = wall.hour % 12 || 12;
  return `${pad2(wall.month)}/${pad2(wall.day)}/${wall.year} - ${pad2(hour12)}:${pad2(wall.minute)} ${wall.hour < 12 ? 'AM' : 'PM'}`;
}

/** spec §7: the CSV file's date, `MM-dd-yyyy-HH.mm.s` in the user's time zone. */
export function fileTimestamp(instant: Date, timeZone: string): string {
  const wall = wallTimeIn(instant, knownTimeZone(timeZone));
  return `${pad2(wall.month)}-${pad2(wall.day)}-${wall.year}-${pad2(wall.hour)}.${pad2(wall.minute)}.${wall.second}`;
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

/** A calendar day in full, in the reader's language (e.g. "March 30, 2031", "30. März 2031", "2031年3月30日"): the credit forecast's day. */
export function formatLongDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, date!));
}

/** spec §9: a time zone's offset shown as UTC±h:mm, e.g. UTC+1:00, UTC-9:30, UTC+0:00. */
export function formatUtcOffset(timeZone: string, at: Date = new Date()): string {
  const offsetMs = zoneOffsetMs(timeZone, at);
  if (Number.isNaN(offsetMs)) return 'UTC+0:00';
  const totalMinutes = Math.round(Math.abs(offsetMs) / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = String(totalMinutes % 60).padStart(2, '0');
  return `UTC${offsetMs < 0 ? '-' : '+'}${hours}:${minutes}`;
}
