import { describe, expect, it } from 'vitest';
import { availableCredits, isOverdraftReached } from './credits.ts';

describe('isOverdraftReached (spec §4, §6)', () => {
  it('is reached when the balance sits at a negative overdraft', () => {
    expect(isOverdraftReached({ credits: -50, overdraft: -50 })).toBe(true);
    expect(isOverdraftReached({ credits: -49, overdraft: -50 })).toBe(false);
  });

  it('is never reached without an overdraft: 0 credits is running out, not owing', () => {
    expect(isOverdraftReached({ credits: 0, overdraft: 0 })).toBe(false);
    expect(isOverdraftReached({ credits: 5, overdraft: 0 })).toBe(false);
  });
});

describe('availableCredits', () => {
  it('is the balance less the credits held by calls being placed', () => {
    expect(availableCredits({ credits: 20, reserved: 0 })).toBe(20);
    expect(availableCredits({ credits: 20, reserved: 20 })).toBe(0);
    expect(availableCredits({ credits: -5, reserved: 3 })).toBe(-8);
  });
});
