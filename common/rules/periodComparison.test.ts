import { describe, expect, it } from 'vitest';
import { changeDirection, countChange, previousPeriod, rateChange } from './periodComparison.ts';

describe('previousPeriod', () => {
  it('is the same number of days, ending the day before the range starts', () => {
    expect(previousPeriod('2031-03-08', '2031-03-14')).toEqual({ fromDay: '2031-03-01', toDay: '2031-03-07', days: 7 });
  });

  it('is the day before for a one-day range', () => {
    expect(previousPeriod('2031-03-01', '2031-03-01')).toEqual({ fromDay: '2031-02-28', toDay: '2031-02-28', days: 1 });
  });

  it('counts days across month ends, leap days and years', () => {
    // March 2032 has 31 days; the 31 days before it run from 30 January to 29 February (leap year).
    expect(previousPeriod('2032-03-01', '2032-03-31')).toEqual({ fromDay: '2032-01-30', toDay: '2032-02-29', days: 31 });
    expect(previousPeriod('2031-01-01', '2031-12-31')).toEqual({ fromDay: '2030-01-01', toDay: '2030-12-31', days: 365 });
  });

  it('does not move with daylight saving time (UTC days)', () => {
    // Europe and the US change their clocks in these weeks; UTC days all have 24 hours.
    expect(previousPeriod('2031-03-30', '2031-04-05')).toEqual({ fromDay: '2031-03-23', toDay: '2031-03-29', days: 7 });
  });
});

describe('countChange', () => {
  it('is the relative change in whole percent', () => {
    expect(countChange(112, 100)).toEqual({ kind: 'percent', percent: 12 });
    expect(countChange(95, 100)).toEqual({ kind: 'percent', percent: -5 });
    expect(countChange(3, 1)).toEqual({ kind: 'percent', percent: 200 });
    expect(countChange(0, 40)).toEqual({ kind: 'percent', percent: -100 });
  });

  it('rounds half away from zero and never to −0', () => {
    expect(countChange(2, 3)).toEqual({ kind: 'percent', percent: -33 });
    expect(countChange(201, 200)).toEqual({ kind: 'percent', percent: 1 }); // 0.5%
    expect(countChange(199, 200)).toEqual({ kind: 'percent', percent: -1 });
    const tiny = countChange(9999, 10000);
    expect(tiny).toEqual({ kind: 'percent', percent: 0 });
    expect(Object.is((tiny as { percent: number }).percent, -0)).toBe(false);
  });

  it('is new after a period without any, and none when both are empty (never +∞%)', () => {
    expect(countChange(5, 0)).toEqual({ kind: 'new' });
    expect(countChange(0, 0)).toEqual({ kind: 'none' });
  });
});

describe('rateChange', () => {
  it('is the difference in percentage points, two decimals', () => {
    expect(rateChange({ rate: 3, base: 100 }, { rate: 2, base: 50 })).toEqual({ kind: 'points', points: 1 });
    expect(rateChange({ rate: 12.5, base: 8 }, { rate: 33.33, base: 3 })).toEqual({ kind: 'points', points: -20.83 });
    expect(rateChange({ rate: 0, base: 10 }, { rate: 0, base: 10 })).toEqual({ kind: 'points', points: 0 });
  });

  it('compares a rate of 0 with views, but not one without any views', () => {
    expect(rateChange({ rate: 5, base: 20 }, { rate: 0, base: 7 })).toEqual({ kind: 'points', points: 5 });
    expect(rateChange({ rate: 5, base: 20 }, { rate: 0, base: 0 })).toEqual({ kind: 'new' });
    expect(rateChange({ rate: 0, base: 0 }, { rate: 0, base: 0 })).toEqual({ kind: 'none' });
  });
});

describe('changeDirection', () => {
  it('follows the sign; new is up; none and zero are flat', () => {
    expect(changeDirection({ kind: 'percent', percent: 12 })).toBe('up');
    expect(changeDirection({ kind: 'points', points: -0.5 })).toBe('down');
    expect(changeDirection({ kind: 'percent', percent: 0 })).toBe('flat');
    expect(changeDirection({ kind: 'new' })).toBe('up');
    expect(changeDirection({ kind: 'none' })).toBe('flat');
  });
});
