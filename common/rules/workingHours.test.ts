import { describe, expect, it } from 'vitest';
import {
  defaultWorkingHours,
  isTimeFrameValid,
  isWithinWeeklyHours,
  localWallClock,
  normalizeWorkingHours,
  secondsOfDay,
  WEEK_DAYS,
  zonedWallClock,
  type WeeklyHoursEntry,
  type WorkingHours,
} from './workingHours.ts';

const nineToFive = { from: '09:00', to: '17:00' };

describe('default working hours (spec §9)', () => {
  it('is 9:00 to 17:00 Monday to Friday, Saturday and Sunday inactive', () => {
    const hours = defaultWorkingHours();
    expect(hours.map((entry) => entry.day)).toEqual([...WEEK_DAYS]);
    expect(hours.filter((entry) => entry.isActive).map((entry) => entry.day)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    for (const entry of hours) expect(entry.times).toEqual([nineToFive]);
  });

  it('hands out fresh copies', () => {
    const first = defaultWorkingHours();
    first[0]!.times[0]!.from = '10:00';
    expect(defaultWorkingHours()[0]!.times[0]!.from).toBe('09:00');
  });
});

describe('normalizeWorkingHours (spec §5: reading values)', () => {
  it('reads an empty or missing schedule as the defaults', () => {
    expect(normalizeWorkingHours([])).toEqual(defaultWorkingHours());
    expect(normalizeWorkingHours(null)).toEqual(defaultWorkingHours());
  });

  it('makes a day with no times inactive with the default times, fills missing days, orders Monday first', () => {
    const stored: WorkingHours[] = [
      { day: 'sunday', isActive: true, times: [{ from: '10:00', to: '12:00' }] },
      { day: 'monday', isActive: true, times: [] },
    ];
    const hours = normalizeWorkingHours(stored);
    expect(hours.map((entry) => entry.day)).toEqual([...WEEK_DAYS]);
    expect(hours[0]).toEqual({ day: 'monday', isActive: false, times: [nineToFive] });
    expect(hours[1]).toEqual({ day: 'tuesday', isActive: false, times: [nineToFive] });
    expect(hours[6]).toEqual({ day: 'sunday', isActive: true, times: [{ from: '10:00', to: '12:00' }] });
  });

  it('keeps an inactive day with times as it is', () => {
    const hours = normalizeWorkingHours([{ day: 'friday', isActive: false, times: [{ from: '08:00', to: '09:30' }] }]);
    expect(hours[4]).toEqual({ day: 'friday', isActive: false, times: [{ from: '08:00', to: '09:30' }] });
  });
});

describe('time frames', () => {
  it('reads HH:mm and HH:mm:ss, up to the end of the day', () => {
    expect(secondsOfDay('09:30')).toBe(9 * 3600 + 30 * 60);
    expect(secondsOfDay('09:30:15')).toBe(9 * 3600 + 30 * 60 + 15);
    expect(secondsOfDay('24:00')).toBe(24 * 3600);
    expect(secondsOfDay('24:01')).toBeNull();
    expect(secondsOfDay('9am')).toBeNull();
    expect(secondsOfDay('09:60')).toBeNull();
  });

  it('is valid when it ends after it starts', () => {
    expect(isTimeFrameValid(nineToFive)).toBe(true);
    expect(isTimeFrameValid({ from: '17:00', to: '09:00' })).toBe(false);
    expect(isTimeFrameValid({ from: '09:00', to: '09:00' })).toBe(false);
    expect(isTimeFrameValid({ from: 'nine', to: '17:00' })).toBe(false);
  });
});

const within = (days: WeeklyHoursEntry[], at: Date, timeZone: string) => isWithinWeeklyHours(days, zonedWallClock(at, timeZone));


const weekdays9to17 = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, isActive: true, times: [{ from: '09:00', to: '17:00' }] }));

describe('weekly hours in the account time zone', () => {
  it('reads the wall clock of the zone', () => {
    // 2026-11-23 is a Monday; 03:30 UTC is Sunday 22:30 in New York and Monday 12:30 in Tokyo.
    const at = new Date('2026-11-23T03:30:00Z');
    expect(zonedWallClock(at, 'America/New_York')).toEqual({ day: 'sunday', second: 22 * 3600 + 30 * 60 });
    expect(zonedWallClock(at, 'Asia/Tokyo')).toEqual({ day: 'monday', second: 12 * 3600 + 30 * 60 });
    expect(zonedWallClock(at, 'Not/AZone')).toEqual({ day: 'monday', second: 3 * 3600 + 30 * 60 });
  });

  it('is within a frame from its start up to (not including) its end, on active days only', () => {
    expect(within(weekdays9to17, new Date('2026-11-23T14:00:00Z'), 'America/New_York')).toBe(true); // 09:00 Monday
    expect(within(weekdays9to17, new Date('2026-11-23T13:59:59Z'), 'America/New_York')).toBe(false);
    expect(within(weekdays9to17, new Date('2026-11-23T22:00:00Z'), 'America/New_York')).toBe(false); // 17:00
    expect(within(weekdays9to17, new Date('2026-11-23T03:30:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(within(weekdays9to17, new Date('2026-11-23T03:30:00Z'), 'America/New_York')).toBe(false); // Sunday
    const inactiveMonday = [{ day: 'monday', isActive: false, times: [{ from: '00:00', to: '23:59' }] }];
    expect(within(inactiveMonday, new Date('2026-11-23T12:00:00Z'), 'UTC')).toBe(false);
  });

  it('treats an empty schedule as always open', () => {
    expect(within([], new Date(), 'UTC')).toBe(true);
  });
});

describe('the wall clock of a local Date (the widget hands the account time as one)', () => {
  it('reads its weekday and second of the day', () => {
    expect(localWallClock(new Date(2026, 10, 23, 9, 30, 5))).toEqual({ day: 'monday', second: 9 * 3600 + 30 * 60 + 5 });
    expect(isWithinWeeklyHours(defaultWorkingHours(), localWallClock(new Date(2026, 10, 23, 16, 59)))).toBe(true);
    expect(isWithinWeeklyHours(defaultWorkingHours(), localWallClock(new Date(2026, 10, 28, 12, 0)))).toBe(false);
  });
});
