import { describe, expect, it } from 'vitest';
import { english } from '../test/messages.ts';
import {
  addTimeFrame,
  firstWorkingHoursMessage,
  isWorkingHoursValid,
  minutesToTime,
  nextTimeFrame,
  removeTimeFrame,
  setDayActive,
  setFrameTime,
  timeFromParts,
  timeToMinutes,
  validateWorkingHours,
} from './workingHours.ts';
import { defaultWorkingHours } from '../../common/rules/workingHours.ts';

const nineToFive = { from: '09:00', to: '17:00' };

describe('validateWorkingHours (spec §5 Active hours)', () => {
  it('accepts the defaults', () => {
    const issues = validateWorkingHours(defaultWorkingHours());
    expect(isWorkingHoursValid(issues)).toBe(true);
    expect(firstWorkingHoursMessage(issues)).toBeNull();
  });

  it('requires one active day', () => {
    const hours = defaultWorkingHours().map((entry) => ({ ...entry, isActive: false }));
    const issues = validateWorkingHours(hours);
    expect(isWorkingHoursValid(issues)).toBe(false);
    expect(english(issues.week)).toBe('A minimum of one active day is required.');
    expect(english(firstWorkingHoursMessage(issues))).toBe('A minimum of one active day is required.');
  });

  it('requires a time frame on every active day, not on inactive ones', () => {
    let hours = removeTimeFrame(defaultWorkingHours(), 'wednesday', 0);
    hours = removeTimeFrame(hours, 'sunday', 0);
    const issues = validateWorkingHours(hours);
    expect(Object.keys(issues.days)).toEqual(['wednesday']);
    expect(english(issues.days.wednesday?.day)).toBe('A minimum of one time frame for active days is required.');
    expect(english(firstWorkingHoursMessage(issues))).toBe('A minimum of one time frame for active days is required.');
  });

  it('requires each frame of an active day to end after it starts', () => {
    let hours = addTimeFrame(defaultWorkingHours(), 'tuesday');
    hours = setFrameTime(hours, 'tuesday', 1, 'to', '17:00');
    hours = setFrameTime(hours, 'tuesday', 1, 'from', '17:00');
    const issues = validateWorkingHours(hours);
    expect(Object.keys(issues.days)).toEqual(['tuesday']);
    expect(issues.days.tuesday?.frames?.[0]).toBeUndefined();
    expect(english(issues.days.tuesday?.frames?.[1])).toBe('Greater than From');
    expect(english(firstWorkingHoursMessage(issues))).toBe('Greater than From');
  });

  it('checks the kept times of inactive days too (they are sent with the schedule)', () => {
    const hours = setFrameTime(defaultWorkingHours(), 'saturday', 0, 'to', '08:00');
    const issues = validateWorkingHours(hours);
    expect(Object.keys(issues.days)).toEqual(['saturday']);
    expect(english(issues.days.saturday?.frames?.[0])).toBe('Greater than From');
  });

  it('refuses times that are not HH:mm', () => {
    const hours = setFrameTime(defaultWorkingHours(), 'monday', 0, 'from', '9am');
    expect(isWorkingHoursValid(validateWorkingHours(hours))).toBe(false);
  });
});

describe('editing a schedule', () => {
  it('turns a day on with a default frame when it has none, and keeps times when turned off', () => {
    let hours = removeTimeFrame(defaultWorkingHours(), 'saturday', 0);
    hours = setDayActive(hours, 'saturday', true);
    expect(hours[5]).toEqual({ day: 'saturday', isActive: true, times: [nineToFive] });
    hours = setFrameTime(hours, 'saturday', 0, 'from', '10:00');
    hours = setDayActive(hours, 'saturday', false);
    expect(hours[5]).toEqual({ day: 'saturday', isActive: false, times: [{ from: '10:00', to: '17:00' }] });
  });

  it('adds a frame after the last one, an hour long, kept within the day', () => {
    expect(nextTimeFrame([])).toEqual(nineToFive);
    expect(nextTimeFrame([nineToFive])).toEqual({ from: '17:00', to: '18:00' });
    expect(nextTimeFrame([{ from: '20:00', to: '23:30' }])).toEqual({ from: '23:30', to: '23:55' });
    expect(nextTimeFrame([{ from: '20:00', to: '23:55' }])).toEqual({ from: '23:50', to: '23:55' });
    const hours = addTimeFrame(defaultWorkingHours(), 'monday');
    expect(hours[0]!.times).toEqual([nineToFive, { from: '17:00', to: '18:00' }]);
    expect(hours[1]!.times).toEqual([nineToFive]);
  });

  it('removes the frame at an index only', () => {
    const hours = removeTimeFrame(addTimeFrame(defaultWorkingHours(), 'monday'), 'monday', 0);
    expect(hours[0]!.times).toEqual([{ from: '17:00', to: '18:00' }]);
  });
});

describe('times', () => {
  it('converts HH:mm to minutes and back, snapping to 5 minutes', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('17:45')).toBe(17 * 60 + 45);
    expect(timeToMinutes('24:00')).toBeNull();
    expect(timeToMinutes('9:00')).toBeNull();
    expect(minutesToTime(9 * 60 + 7)).toBe('09:05');
    expect(minutesToTime(-10)).toBe('00:00');
    expect(minutesToTime(24 * 60)).toBe('23:55');
    expect(timeFromParts(13, 33)).toBe('13:30');
  });
});
