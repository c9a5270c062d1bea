import { describe, expect, it } from 'vitest';
import { DAYS_AHEAD, isScheduleOffered, isWithinWorkingHours, scheduleDays } from './schedule.ts';
import { defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import type { WorkingHours } from './types.ts';

/** spec §9 defaults, calling one number. */
const testConfiguration = () => defaultWidgetConfiguration('+12125550100');

const weekdays = testConfiguration().settings.activeHours;
/** Wednesday 18 November 2026, local time. */
const at = (hours: number, minutes = 0, date = 18) => new Date(2026, 10, date, hours, minutes);

describe('scheduleDays', () => {
  it('offers the next working days with half-hour start times inside the working hours', () => {
    const days = scheduleDays(weekdays, at(7));
    expect(days.map((day) => day.date)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24']);
    expect(days.map((day) => day.offset)).toEqual([0, 1, 2, 5, 6]);
    expect(days[0]!.times).toHaveLength(16);
    expect(days[0]!.times[0]).toBe('09:00');
    expect(days[0]!.times.at(-1)).toBe('16:30');
  });

  it('starts today no sooner than 15 minutes from now, and drops today when nothing is left', () => {
    expect(scheduleDays(weekdays, at(10, 16))[0]!.times[0]).toBe('11:00');
    expect(scheduleDays(weekdays, at(16, 20))[0]!.date).toBe('2026-11-19');
  });

  it('merges split and overlapping frames, rounds odd starts up, ignores bad frames and inactive days', () => {
    const hours: WorkingHours[] = [
      {
        day: 'wednesday',
        isActive: true,
        times: [
          { from: '13:10', to: '14:30' },
          { from: '09:00', to: '10:00' },
          { from: '09:30', to: '10:30' },
          { from: '18:00', to: '17:00' },
          { from: 'noon', to: '13:00' },
        ],
      },
      { day: 'thursday', isActive: false, times: [{ from: '09:00', to: '17:00' }] },
    ];
    const days = scheduleDays(hours, at(0));
    // Only this Wednesday: next Wednesday is DAYS_AHEAD days away, past the form's week.
    expect(DAYS_AHEAD).toBe(7);
    expect(days.map((day) => day.date)).toEqual(['2026-11-18']);
    expect(days[0]!.times).toEqual(['09:00', '09:30', '10:00', '13:30', '14:00']);
  });

  it('is empty when no day is active', () => {
    expect(scheduleDays(weekdays.map((day) => ({ ...day, isActive: false })), at(7))).toEqual([]);
  });
});

describe('isWithinWorkingHours and isScheduleOffered (spec §3 showScheduleForm)', () => {
  it('tells working hours by weekday and time, the end excluded', () => {
    expect(isWithinWorkingHours(weekdays, at(9))).toBe(true);
    expect(isWithinWorkingHours(weekdays, at(16, 59))).toBe(true);
    expect(isWithinWorkingHours(weekdays, at(17))).toBe(false);
    expect(isWithinWorkingHours(weekdays, at(12, 0, 21))).toBe(false);
  });

  it('reads no working hours as no schedule: always within, as the server does (the contract: "an empty list means no schedule")', () => {
    expect(isWithinWorkingHours([], at(3, 0, 21))).toBe(true);
    const settings = { ...testConfiguration().settings, activeHours: [], showScheduleForm: { duringWorkingHours: false, outsideWorkingHours: true } };
    expect(isScheduleOffered(settings, at(3, 0, 21), false)).toBe(false);
  });

  it('offers the schedule form always, never, only during or only outside working hours', () => {
    const settings = testConfiguration().settings;
    const offered = (during: boolean, outside: boolean, now: Date, preview = false) =>
      isScheduleOffered({ ...settings, showScheduleForm: { duringWorkingHours: during, outsideWorkingHours: outside } }, now, preview);
    expect([offered(true, true, at(10)), offered(true, true, at(20))]).toEqual([true, true]);
    expect([offered(false, false, at(10)), offered(false, false, at(20)), offered(false, false, at(20), true)]).toEqual([false, false, false]);
    expect([offered(true, false, at(10)), offered(true, false, at(20))]).toEqual([true, false]);
    expect([offered(false, true, at(10)), offered(false, true, at(20)), offered(false, true, at(10), true)]).toEqual([false, true, true]);
  });
});
