import { describe, expect, it } from 'vitest';
import { checkWeeklyHours } from './weeklyHours.ts';

const monday = (times: { from: string; to: string }[], isActive = true) => ({ day: 'monday', isActive, times });

describe('checkWeeklyHours', () => {
  it('accepts an empty schedule, split days and times with seconds', () => {
    expect(() => checkWeeklyHours([], 'hours', { requireActiveDay: true })).not.toThrow();
    expect(() =>
      checkWeeklyHours(
        [
          monday([
            { from: '09:00', to: '12:00' },
            { from: '13:00:00', to: '17:30:30' },
          ]),
          { day: 'sunday', isActive: false, times: [] },
        ],
        'hours',
        { requireActiveDay: true },
      ),
    ).not.toThrow();
  });

  it.each([
    ['a day twice', [monday([{ from: '09:00', to: '10:00' }]), monday([{ from: '11:00', to: '12:00' }])], 'more than once'],
    ['an empty time frame', [monday([{ from: '09:00', to: '09:00' }])], 'must end after it starts'],
    ['a frame ending before it starts', [monday([{ from: '17:00', to: '09:00' }])], 'must end after it starts'],
    ['an active day without frames', [monday([])], 'A minimum of one time frame for active days is required'],
    ['no active day', [monday([], false)], 'A minimum of one active day is required.'],
  ])('refuses %s', (_name, days, message) => {
    expect(() => checkWeeklyHours(days, 'hours', { requireActiveDay: true })).toThrow(message);
  });

  it('allows a schedule with no active day when not asked to require one', () => {
    expect(() => checkWeeklyHours([monday([], false)], 'hours')).not.toThrow();
  });
});
