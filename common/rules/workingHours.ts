import type { components } from '../contract/dashboard.gen.ts';

/** One day of a weekly schedule (the contract's WorkingHours, spec §3 Working-hours entry). */
export type WorkingHours = components['schemas']['WorkingHours'];
export type WeekDay = WorkingHours['day'];
/** A span within a day, "HH:mm" to "HH:mm"; `to` is after `from`. */
export type TimeFrame = components['schemas']['TimeFrame'];

/**
 * A weekly schedule as stored or sent: the contract's WorkingHours, or a stored row whose day is
 * a plain string (server/db/schema/toolbox.ts AvailabilityDay).
 */
export interface WeeklyHoursEntry {
  day: string;
  isActive: boolean;
  times: readonly TimeFrame[];
}

/** The days of the week in the order the editors show them, Monday first. */
export const WEEK_DAYS: readonly WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** spec §9: working hours 9:00 to 17:00. */
export const DEFAULT_TIME_FRAME: TimeFrame = { from: '09:00', to: '17:00' };

const WEEKEND: readonly WeekDay[] = ['saturday', 'sunday'];

/** spec §9: 9:00 to 17:00 Monday to Friday; Saturday and Sunday inactive (with the same times ready). */
export function defaultWorkingHours(): WorkingHours[] {
  return WEEK_DAYS.map((day) => ({ day, isActive: !WEEKEND.includes(day), times: [{ ...DEFAULT_TIME_FRAME }] }));
}

/**
 * A stored schedule as the editors show it (spec §5 Active hours, "when reading values, days
 * with no times become inactive with default times"): all seven days, Monday first; a missing
 * day or a day without times is inactive with the default times. An empty schedule (an agent
 * or widget without one) reads as the default working hours of spec §9.
 */
export function normalizeWorkingHours(value: readonly WorkingHours[] | null | undefined): WorkingHours[] {
  if (!value || value.length === 0) return defaultWorkingHours();
  return WEEK_DAYS.map((day) => {
    const entry = value.find((candidate) => candidate.day === day);
    if (!entry || entry.times.length === 0) return { day, isActive: false, times: [{ ...DEFAULT_TIME_FRAME }] };
    return { day, isActive: entry.isActive, times: entry.times.map((frame) => ({ from: frame.from, to: frame.to })) };
  });
}

/** Seconds since midnight of an "HH:mm" or "HH:mm:ss" time (24:00 is the end of the day), or null. */
export function secondsOfDay(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
  return Number(match[2]) < 60 && Number(match[3] ?? 0) < 60 && seconds <= 24 * 3600 ? seconds : null;
}

/** True when a time frame has valid times and ends after it starts (spec §5 "Greater than From"). */
export function isTimeFrameValid(frame: TimeFrame): boolean {
  const from = secondsOfDay(frame.from);
  const to = secondsOfDay(frame.to);
  return from !== null && to !== null && to > from;
}

/** A moment on a wall clock: the weekday and the second of the day. */
export interface WallClockTime {
  day: WeekDay;
  second: number;
}

/**
 * Whether a wall-clock moment falls within a weekly schedule (widget activeHours, agent
 * availability). The contract: "an empty list means no schedule", so always within. A frame
 * includes its start and excludes its end; a frame that is not valid holds no moment.
 */
export function isWithinWeeklyHours(days: readonly WeeklyHoursEntry[], at: WallClockTime): boolean {
  if (days.length === 0) return true;
  const today = days.find((entry) => entry.day.toLowerCase() === at.day);
  if (!today?.isActive) return false;
  return today.times.some((frame) => isTimeFrameValid(frame) && at.second >= secondsOfDay(frame.from)! && at.second < secondsOfDay(frame.to)!);
}

const JS_DAYS: readonly WeekDay[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The wall-clock moment of a Date's local fields (the widget hands the account's time as a local Date). */
export function localWallClock(date: Date): WallClockTime {
  return { day: JS_DAYS[date.getDay()]!, second: date.getHours() * 3600 + date.getMinutes() * 60 + date.getSeconds() };
}

/** Building an Intl.DateTimeFormat costs far more than using one: one per time zone, kept. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    // Time zones are a few hundred names at most; a bound keeps odd stored values from growing it.
    if (wallClockFormats.size < 1_000) wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock moment of `at` in `timeZone` (an IANA name); an unknown zone reads as UTC. */
export function zonedWallClock(at: Date, timeZone: string): WallClockTime {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = wallClockFormat(timeZone).formatToParts(at);
  } catch {
    // An unknown zone name (never stored by the API, but old rows may hold one).
    return zonedWallClock(at, 'UTC');
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  const day = part('weekday').toLowerCase() as WeekDay;
  return { day, second: Number(part('hour')) * 3600 + Number(part('minute')) * 60 + Number(part('second')) };
}
