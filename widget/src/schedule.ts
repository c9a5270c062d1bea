import { isTimeFrameValid, isWithinWeeklyHours, localWallClock, secondsOfDay } from '../../common/rules/workingHours.ts';
import type { WidgetConfiguration, WorkingHours } from './types.ts';

/** One day the visitor can choose in the schedule form, with its times. */
export interface ScheduleDay {
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** Days from today: 0 today, 1 tomorrow, … */
  offset: number;
  /** Start times, HH:mm, every SLOT_MINUTES within the day's working hours. */
  times: string[];
}

/** The schedule form offers a start time every half hour. */
export const SLOT_MINUTES = 30;
/** Today's times start at least this long from now, so the call can still be placed. */
export const LEAD_MINUTES = 15;
/** How many days ahead the schedule form looks. */
export const DAYS_AHEAD = 7;

/** Minutes since midnight of a valid frame's time. */
function minutesOf(time: string): number {
  return secondsOfDay(time)! / 60;
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function dateOf(day: Date): string {
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The active time frames of a weekday, as [from, to) minute ranges. */
function framesOf(activeHours: readonly WorkingHours[], day: Date): [number, number][] {
  const entry = activeHours.find((candidate) => candidate.day === localWallClock(day).day);
  if (!entry?.isActive) return [];
  return entry.times.filter(isTimeFrameValid).map((frame) => [minutesOf(frame.from), minutesOf(frame.to)]);
}

/**
 * The days and times of the schedule form: the next DAYS_AHEAD days (today first) with a start
 * time every SLOT_MINUTES inside the working hours, today's from LEAD_MINUTES after `now`; days
 * without a time are left out. Times are read in the visitor's clock.
 */
export function scheduleDays(activeHours: readonly WorkingHours[], now: Date): ScheduleDay[] {
  const days: ScheduleDay[] = [];
  const nowMinutes = now.getHours() * 60 + now.getMinutes();
  for (let offset = 0; offset < DAYS_AHEAD; offset++) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
    const earliest = offset === 0 ? nowMinutes + LEAD_MINUTES : 0;
    const times = new Set<number>();
    for (const [from, to] of framesOf(activeHours, day)) {
      const first = Math.ceil(from / SLOT_MINUTES) * SLOT_MINUTES;
      for (let minutes = first; minutes < to; minutes += SLOT_MINUTES) if (minutes >= earliest) times.add(minutes);
    }
    if (times.size > 0) days.push({ date: dateOf(day), offset, times: [...times].sort((a, b) => a - b).map(timeOf) });
  }
  return days;
}

/** Whether `now` (the account's wall clock as a local Date) falls inside the working hours; none set means always. */
export function isWithinWorkingHours(activeHours: readonly WorkingHours[], now: Date): boolean {
  return isWithinWeeklyHours(activeHours, localWallClock(now));
}

/**
 * Whether the Call now popup links to the schedule form (spec §3 showScheduleForm): always,
 * never, only outside or only during working hours. The preview shows the link whenever it can
 * appear at all.
 */
export function isScheduleOffered(settings: WidgetConfiguration['settings'], now: Date, preview: boolean): boolean {
  const { duringWorkingHours, outsideWorkingHours } = settings.showScheduleForm;
  if (preview) return duringWorkingHours || outsideWorkingHours;
  return isWithinWorkingHours(settings.activeHours, now) ? duringWorkingHours : outsideWorkingHours;
}
