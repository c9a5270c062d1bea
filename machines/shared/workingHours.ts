import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_TIME_FRAME, isTimeFrameValid, WEEK_DAYS, type TimeFrame, type WeekDay, type WorkingHours } from '../../common/rules/workingHours.ts';

// The schedule editor's rules (spec §5 Active hours, Availability): its picker's steps, its
// messages and its edits. The schedule's shape, defaults and reading are common/rules/workingHours.ts.

/** spec §5 Active hours: the time picker moves in 5-minute steps. */
export const TIME_STEP_MINUTES = 5;

const LAST_MINUTE = 23 * 60 + 60 - TIME_STEP_MINUTES;

/** Minutes since midnight of an "HH:mm" time, or null when it is not one. */
export function timeToMinutes(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** The "HH:mm" time of a number of minutes since midnight, snapped down to the 5-minute step. */
export function minutesToTime(total: number): string {
  const clamped = Math.min(Math.max(Math.floor(total / TIME_STEP_MINUTES) * TIME_STEP_MINUTES, 0), LAST_MINUTE);
  const hours = Math.floor(clamped / 60);
  const minutes = clamped % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The "HH:mm" time of a picked hour and minute (snapped to the picker's 5-minute step). */
export function timeFromParts(hours: number, minutes: number): string {
  return minutesToTime(hours * 60 + minutes);
}

/** "Greater than {field}" naming the From time (the name is translated with the sentence, see translateMessage). */
function greaterThanFrom(): MessageDescriptor {
  const field = '';
  return { ...msg`Greater than ${field}`, values: { field: msg`From` } };
}

/** spec §5 Active hours validation messages (key INPUT_ACTIVE_DAY_TIMEFRAME and shared messages). */
export const workingHoursMessages = {
  noActiveDay: msg`A minimum of one active day is required.`,
  noTimeFrame: msg`A minimum of one time frame for active days is required.`,
  /** spec §5 shared "Greater than {field}": a time frame's end must come after its start. */
  endBeforeStart: greaterThanFrom(),
  /** spec §5 Agent: the banner over the schedule while any of the above applies. */
  banner: msg`At least one day must be selected and every selected day must have valid start/end time`,
};

/** What is wrong with one day of a schedule. */
export interface DayIssues {
  /** An active day without a time frame. */
  day?: MessageDescriptor;
  /** Per time frame (by index): a frame that does not end after it starts. */
  frames?: Partial<Record<number, MessageDescriptor>>;
}

export interface WorkingHoursIssues {
  /** No active day with times. */
  week?: MessageDescriptor;
  days: Partial<Record<WeekDay, DayIssues>>;
}

/**
 * spec §5 Active hours / Availability: at least one day is active, every active day has a time
 * frame, and every time frame ends after it starts — on inactive days too, since their times are
 * kept and sent (the server refuses a frame that ends before it starts on any day).
 */
export function validateWorkingHours(value: readonly WorkingHours[]): WorkingHoursIssues {
  const issues: WorkingHoursIssues = { days: {} };
  if (!value.some((entry) => entry.isActive)) issues.week = workingHoursMessages.noActiveDay;
  for (const entry of value) {
    const day: DayIssues = {};
    if (entry.isActive && entry.times.length === 0) day.day = workingHoursMessages.noTimeFrame;
    entry.times.forEach((frame, index) => {
      if (!isTimeFrameValid(frame)) day.frames = { ...day.frames, [index]: workingHoursMessages.endBeforeStart };
    });
    if (day.day || day.frames) issues.days[entry.day] = day;
  }
  return issues;
}

/** True when the schedule has no issue. */
export function isWorkingHoursValid(issues: WorkingHoursIssues): boolean {
  return !issues.week && Object.keys(issues.days).length === 0;
}

/** The first message of a schedule's issues (week, then days in order, then frames), or null. */
export function firstWorkingHoursMessage(issues: WorkingHoursIssues): MessageDescriptor | null {
  if (issues.week) return issues.week;
  for (const day of WEEK_DAYS) {
    const entry = issues.days[day];
    if (entry?.day) return entry.day;
    const frame = entry?.frames ? Object.values(entry.frames)[0] : undefined;
    if (frame) return frame;
  }
  return null;
}

function updateDay(value: readonly WorkingHours[], day: WeekDay, change: (entry: WorkingHours) => WorkingHours): WorkingHours[] {
  return value.map((entry) => (entry.day === day ? change(entry) : entry));
}

/** Turns a day on or off; its times are kept so turning it on again brings them back. */
export function setDayActive(value: readonly WorkingHours[], day: WeekDay, isActive: boolean): WorkingHours[] {
  return updateDay(value, day, (entry) => ({
    ...entry,
    isActive,
    times: isActive && entry.times.length === 0 ? [{ ...DEFAULT_TIME_FRAME }] : entry.times,
  }));
}

/** Sets the start or end of one time frame. */
export function setFrameTime(value: readonly WorkingHours[], day: WeekDay, index: number, end: keyof TimeFrame, time: string): WorkingHours[] {
  return updateDay(value, day, (entry) => ({
    ...entry,
    times: entry.times.map((frame, at) => (at === index ? { ...frame, [end]: time } : frame)),
  }));
}

/**
 * The frame "add" appends: from the end of the day's last frame, one hour long (kept within the
 * day); the default frame when the day has none.
 */
export function nextTimeFrame(times: readonly TimeFrame[]): TimeFrame {
  const last = times.at(-1);
  const start = last ? timeToMinutes(last.to) : null;
  if (start === null) return { ...DEFAULT_TIME_FRAME };
  const from = Math.min(start, LAST_MINUTE - TIME_STEP_MINUTES);
  return { from: minutesToTime(from), to: minutesToTime(Math.min(from + 60, LAST_MINUTE)) };
}

export function addTimeFrame(value: readonly WorkingHours[], day: WeekDay): WorkingHours[] {
  return updateDay(value, day, (entry) => ({ ...entry, times: [...entry.times, nextTimeFrame(entry.times)] }));
}

export function removeTimeFrame(value: readonly WorkingHours[], day: WeekDay, index: number): WorkingHours[] {
  return updateDay(value, day, (entry) => ({ ...entry, times: entry.times.filter((_, at) => at !== index) }));
}
