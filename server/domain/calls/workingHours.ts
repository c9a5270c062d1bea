import type { AvailabilityDay } from '../../db/schema/toolbox.ts';

type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';

function secondsOfDay(time: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/** The weekday and second of the day of `at` on the wall clock of `timeZone` (an IANA name). */
export function wallClock(at: Date, timeZone: string): { day: Weekday; second: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    // An unknown zone name (never stored by the API, but old rows may hold one): read it as UTC.
    return wallClock(at, 'UTC');
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  const day = part('weekday').toLowerCase() as Weekday;
  return { day, second: Number(part('hour')) * 3600 + Number(part('minute')) * 60 + Number(part('second')) };
}

/**
 * Whether `at` falls within a weekly schedule (spec §3 Working-hours entry; widget activeHours,
 * agent availability) read on the wall clock of `timeZone`, the account's time zone. An empty
 * schedule means "no schedule": always within. A frame includes its start and excludes its end.
 */
export function isWithinWeeklyHours(days: AvailabilityDay[], at: Date, timeZone: string): boolean {
  if (days.length === 0) return true;
  const { day, second } = wallClock(at, timeZone);
  const today = days.find((entry) => entry.day.toLowerCase() === day);
  if (!today?.isActive) return false;
  return today.times.some((frame) => second >= secondsOfDay(frame.from) && second < secondsOfDay(frame.to));
}
