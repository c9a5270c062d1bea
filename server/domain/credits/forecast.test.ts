import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../common/rules/creditForecast.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accountWithBalance, ledgerRow, turnOnAutoRecharge } from '../../test/ledgerFixtures.ts';
import { readCreditForecast, readSpending } from './forecast.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// The injected clock: noon UTC on 10 March 2031.
const NOW = new Date('2031-03-10T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

const account = async (balance: { credits: number; reserved?: number; overdraft?: number }, timeZone = 'UTC') => (await accountWithBalance(server.db, balance, timeZone)).id;

describe('readSpending', () => {
  it('sums the calls of the last 30 days less their refunds; purchases, grants and adjustments are not spending', async () => {
    const userId = await account({ credits: 40 });
    for (let day = 1; day <= 25; day += 1) await ledgerRow(server.db, userId, daysAgo(day), -2, 'call');
    await ledgerRow(server.db, userId, daysAgo(4), 3, 'refund');
    await ledgerRow(server.db, userId, daysAgo(5), 250, 'purchase');
    await ledgerRow(server.db, userId, daysAgo(6), 250, 'auto_recharge');
    await ledgerRow(server.db, userId, daysAgo(7), -10, 'adjustment');
    // Outside the window: long ago, and after `now` (the clock is injected).
    await ledgerRow(server.db, userId, daysAgo(30.01), -100, 'call');
    await ledgerRow(server.db, userId, new Date(NOW.getTime() + 60_000), -100, 'call');
    // A call before the window: the history fills the window.
    expect(await readSpending(server.db, userId, NOW)).toEqual({ spent: 47, firstSpentAt: daysAgo(30) });
  });

  it('starts the history at the first call in the window when none came before', async () => {
    const userId = await account({ credits: 40 });
    await ledgerRow(server.db, userId, daysAgo(40), 100, 'purchase');
    await ledgerRow(server.db, userId, daysAgo(8), -1, 'call');
    await ledgerRow(server.db, userId, daysAgo(2), -5, 'call');
    expect(await readSpending(server.db, userId, NOW)).toEqual({ spent: 6, firstSpentAt: daysAgo(8) });
  });

  it('has no history without calls', async () => {
    const userId = await account({ credits: 20 });
    expect(await readSpending(server.db, userId, NOW)).toEqual({ spent: 0, firstSpentAt: null });
  });
});

describe('readCreditForecast', () => {
  it('forecasts the spendable balance (less the reserved credits, down to the overdraft) in the account\'s time zone', async () => {
    // 2 a day for 30 days; 44 - 4 reserved + 10 of overdraft = 50 credits: 25 days, 4 April 12:00 UTC, 4 April in Sydney too.
    const userId = await account({ credits: 44, reserved: 4, overdraft: -10 }, 'Australia/Sydney');
    for (let day = 0.5; day < 30; day += 1) await ledgerRow(server.db, userId, daysAgo(day), -2, 'call');
    await ledgerRow(server.db, userId, daysAgo(31), -1, 'call');
    expect(await readCreditForecast(server.db, userId, NOW)).toEqual({ state: 'runsOutOn', runsOutOn: '2031-04-04', daysLeft: 25, creditsPerDay: 2 });
  });

  it('says auto-recharge when set, and not enough history for a first afternoon of calls', async () => {
    const recharged = await account({ credits: 5 });
    await turnOnAutoRecharge(server.db, recharged);
    await ledgerRow(server.db, recharged, daysAgo(10), -30, 'call');
    expect(await readCreditForecast(server.db, recharged, NOW)).toEqual({ state: 'autoRecharge' });

    const fresh = await account({ credits: 15 });
    await ledgerRow(server.db, fresh, new Date(NOW.getTime() - 3_600_000), -5, 'call');
    expect(await readCreditForecast(server.db, fresh, NOW)).toEqual({ state: 'notEnoughHistory' });
  });
});
