import { describe, expect, it } from 'vitest';
import { DAY_MS, dayIn, type ForecastInput, forecastCredits, forecastWindowStart, isRunOutSoon, MAX_FORECAST_DAYS } from './creditForecast.ts';

// The injected clock: noon UTC on 10 March 2031 (7 a.m. in New York, 9 p.m. in Tokyo).
const NOW = new Date('2031-03-10T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

function input(overrides: Partial<ForecastInput> = {}): ForecastInput {
  return {
    now: NOW,
    timeZone: 'UTC',
    balance: { credits: 60, reserved: 0, overdraft: 0 },
    autoRecharge: false,
    // 90 credits in the last 30 days, spending since long before: 3 a day.
    spending: { spent: 90, firstSpentAt: daysAgo(200) },
    ...overrides,
  };
}

describe('forecastCredits: pace', () => {
  it('lasts the spendable balance over the last 30 days\' pace, to a day in the account\'s time zone', () => {
    expect(forecastCredits(input())).toEqual({ state: 'runsOutOn', runsOutOn: '2031-03-30', daysLeft: 20, creditsPerDay: 3 });
  });

  it('measures a younger history over its own days, not the whole window', () => {
    // 30 credits in the 10 days since the first call: 3 a day, not 1.
    expect(forecastCredits(input({ spending: { spent: 30, firstSpentAt: daysAgo(10) } }))).toMatchObject({ daysLeft: 20, creditsPerDay: 3 });
  });

  it('names the day in the account\'s time zone', () => {
    const late = { spending: { spent: 90, firstSpentAt: daysAgo(200) }, balance: { credits: 61, reserved: 0, overdraft: 0 } };
    // 61 / 3 = 20.33 days: 30 March 19:55 UTC, which is 31 March in Tokyo and 30 March in New York.
    expect(forecastCredits(input({ ...late, timeZone: 'Asia/Tokyo' }))).toMatchObject({ runsOutOn: '2031-03-31', daysLeft: 20.33 });
    expect(forecastCredits(input({ ...late, timeZone: 'America/New_York' }))).toMatchObject({ runsOutOn: '2031-03-30' });
  });

  it('says today once nothing is left to spend', () => {
    expect(forecastCredits(input({ balance: { credits: 0, reserved: 0, overdraft: 0 } }))).toEqual({ state: 'runsOutOn', runsOutOn: '2031-03-10', daysLeft: 0, creditsPerDay: 3 });
  });

  it('stops at 10 years for a balance no pace will use up', () => {
    const forecast = forecastCredits(input({ balance: { credits: 1_000_000, reserved: 0, overdraft: 0 }, spending: { spent: 1, firstSpentAt: daysAgo(100) } }));
    expect(forecast).toMatchObject({ state: 'runsOutOn', daysLeft: MAX_FORECAST_DAYS, creditsPerDay: 0.03 });
  });
});

describe('forecastCredits: spendable balance', () => {
  it('spends down to the overdraft', () => {
    // 60 credits and 30 more of overdraft: 90 at 3 a day.
    expect(forecastCredits(input({ balance: { credits: 60, reserved: 0, overdraft: -30 } }))).toMatchObject({ daysLeft: 30, runsOutOn: '2031-04-09' });
    // In overdraft already: 10 credits left before the floor.
    expect(forecastCredits(input({ balance: { credits: -20, reserved: 0, overdraft: -30 } }))).toMatchObject({ daysLeft: 3.33 });
  });

  it('leaves out the credits held by calls being placed', () => {
    expect(forecastCredits(input({ balance: { credits: 60, reserved: 15, overdraft: 0 } }))).toMatchObject({ daysLeft: 15 });
    // Held beyond the balance (reserved past the floor cannot happen, but never a negative forecast).
    expect(forecastCredits(input({ balance: { credits: 5, reserved: 10, overdraft: 0 } }))).toMatchObject({ daysLeft: 0 });
  });
});

describe('forecastCredits: no date', () => {
  it('does not run out with auto-recharge, whatever the history', () => {
    expect(forecastCredits(input({ autoRecharge: true }))).toEqual({ state: 'autoRecharge' });
    expect(forecastCredits(input({ autoRecharge: true, spending: { spent: 0, firstSpentAt: null } }))).toEqual({ state: 'autoRecharge' });
  });

  it('has not enough history without spending, without spending in the window, or with a history younger than 3 days', () => {
    expect(forecastCredits(input({ spending: { spent: 0, firstSpentAt: null } }))).toEqual({ state: 'notEnoughHistory' });
    expect(forecastCredits(input({ spending: { spent: 0, firstSpentAt: daysAgo(90) } }))).toEqual({ state: 'notEnoughHistory' });
    // Refunds outweighing the calls: nothing spent, net.
    expect(forecastCredits(input({ spending: { spent: -2, firstSpentAt: daysAgo(90) } }))).toEqual({ state: 'notEnoughHistory' });
    expect(forecastCredits(input({ spending: { spent: 12, firstSpentAt: new Date(daysAgo(3).getTime() + 60_000) } }))).toEqual({ state: 'notEnoughHistory' });
    expect(forecastCredits(input({ spending: { spent: 12, firstSpentAt: daysAgo(3) } }))).toMatchObject({ state: 'runsOutOn', creditsPerDay: 4 });
  });
});

describe('isRunOutSoon', () => {
  it('warns within 3 days of a run-out, never without a date', () => {
    expect(isRunOutSoon(forecastCredits(input({ balance: { credits: 9, reserved: 0, overdraft: 0 } })))).toBe(true);
    expect(isRunOutSoon(forecastCredits(input({ balance: { credits: 10, reserved: 0, overdraft: 0 } })))).toBe(false);
    expect(isRunOutSoon({ state: 'autoRecharge' })).toBe(false);
    expect(isRunOutSoon({ state: 'notEnoughHistory' })).toBe(false);
    expect(isRunOutSoon(undefined)).toBe(false);
  });
});

describe('helpers', () => {
  it('starts the window 30 days back and reads days in a zone, UTC for an unknown one', () => {
    expect(forecastWindowStart(NOW).toISOString()).toBe('2031-02-08T12:00:00.000Z');
    expect(dayIn(new Date('2031-03-10T23:30:00Z'), 'Asia/Tokyo')).toBe('2031-03-11');
    expect(dayIn(new Date('2031-03-10T23:30:00Z'), 'Not/AZone')).toBe('2031-03-10');
  });
});
