import { describe, expect, it } from 'vitest';
import { valueTicks } from './AnalyticsChart.tsx';

describe('valueTicks (the value axis of the Analytics chart)', () => {
  it('counts in whole, round steps from 0 to the first tick at or above the largest value', () => {
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(valueTicks(900)).toEqual([0, 250, 500, 750, 1000]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('never shows fractions of a visit, and an empty range still has an axis', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(1)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(Number.NaN)).toEqual([0, 1]);
  });
});
