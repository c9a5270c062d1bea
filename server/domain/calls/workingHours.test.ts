import { describe, expect, it } from 'vitest';
import { isWithinWeeklyHours, wallClock } from './workingHours.ts';

const weekdays9to17 = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, isActive: true, times: [{ from: '09:00', to: '17:00' }] }));

describe('weekly hours in the account time zone', () => {
  it('reads the wall clock of the zone', () => {
    // 2026-11-23 is a Monday; 03:30 UTC is Sunday 22:30 in New York and Monday 12:30 in Tokyo.
    const at = new Date('2026-11-23T03:30:00Z');
    expect(wallClock(at, 'America/New_York')).toEqual({ day: 'sunday', second: 22 * 3600 + 30 * 60 });
    expect(wallClock(at, 'Asia/Tokyo')).toEqual({ day: 'monday', second: 12 * 3600 + 30 * 60 });
    expect(wallClock(at, 'Not/AZone')).toEqual({ day: 'monday', second: 3 * 3600 + 30 * 60 });
  });

  it('is within a frame from its start up to (not including) its end, on active days only', () => {
    expect(isWithinWeeklyHours(weekdays9to17, new Date('2026-11-23T14:00:00Z'), 'America/New_York')).toBe(true); // 09:00 Monday
    expect(isWithinWeeklyHours(weekdays9to17, new Date('2026-11-23T13:59:59Z'), 'America/New_York')).toBe(false);
    expect(isWithinWeeklyHours(weekdays9to17, new Date('2026-11-23T22:00:00Z'), 'America/New_York')).toBe(false); // 17:00
    expect(isWithinWeeklyHours(weekdays9to17, new Date('2026-11-23T03:30:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(isWithinWeeklyHours(weekdays9to17, new Date('2026-11-23T03:30:00Z'), 'America/New_York')).toBe(false); // Sunday
    const inactiveMonday = [{ day: 'monday', isActive: false, times: [{ from: '00:00', to: '23:59' }] }];
    expect(isWithinWeeklyHours(inactiveMonday, new Date('2026-11-23T12:00:00Z'), 'UTC')).toBe(false);
  });

  it('treats an empty schedule as always open', () => {
    expect(isWithinWeeklyHours([], new Date(), 'UTC')).toBe(true);
  });
});
