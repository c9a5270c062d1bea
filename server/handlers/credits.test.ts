import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, credits } from '../db/schema/billing.ts';
import { debitCredits } from '../domain/credits/ledger.ts';
import { readSpentCredits, startOfMonthUtc } from '../domain/credits/spentCredits.ts';
import { createAccount } from '../test/accounts.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { newClient } from '../test/payments.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /client/credits', () => {
  it('answers the credits record: balance, overdraft, no auto-recharge, monthly minimum', async () => {
    const client = await newClient(server);
    await server.db.update(credits).set({ overdraft: -50, minMonthlySpendingRequirement: 5_000 }).where(eq(credits.userId, client.account.id));
    await debitCredits(server.db, client.account.id, 30, 'call');
    const response = await server.request({ method: 'GET', url: '/api/client/credits', token: client.token });
    expect(response.status).toBe(200);
    // The forecast (issue 20; creditForecast.test.ts): a first afternoon of calls is not enough history.
    expect(response.body).toEqual({ credits: -10, overdraft: -50, autoRecharge: null, minMonthlySpendingRequirement: 5_000, forecast: { state: 'notEnoughHistory' } });
  });
});

describe('GET /client/credits/spent', () => {
  it("answers this month's call debits in total and per UTC day", async () => {
    const client = await newClient(server);
    await debitCredits(server.db, client.account.id, 3, 'call');
    await debitCredits(server.db, client.account.id, 4, 'call');
    const response = await server.request({ method: 'GET', url: '/api/client/credits/spent', token: client.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      spent: 7,
      since: startOfMonthUtc(new Date()).toISOString(),
      data: [{ date: new Date().toISOString().slice(0, 10), credits: 7 }],
    });
  });

  it("counts nothing for a client that spent nothing, nor another client's calls", async () => {
    const spender = await newClient(server);
    const idle = await newClient(server);
    await debitCredits(server.db, spender.account.id, 5, 'call');
    const response = await server.request({ method: 'GET', url: '/api/client/credits/spent', token: idle.token });
    expect(response.body).toMatchObject({ spent: 0, data: [] });
  });
});

describe('readSpentCredits', () => {
  it('sums call debits from the first instant of the month (UTC), day by day, oldest first', async () => {
    const account = await createAccount(server.db);
    const row = (createdAt: string, delta: number, reason: 'call' | 'purchase' | 'adjustment' = 'call') => ({
      userId: account.id,
      delta,
      balanceAfter: 0,
      reason,
      createdAt: new Date(createdAt),
    });
    // Rows written straight into the ledger at chosen times (the balance is not under test here).
    await server.db.insert(creditLedger).values([
      row('2026-02-28T23:59:59.999Z', -100),
      row('2026-03-01T00:00:00.000Z', -2),
      row('2026-03-10T08:00:00Z', -3),
      row('2026-03-10T23:30:00Z', -4),
      row('2026-03-12T12:00:00Z', 50, 'purchase'),
      row('2026-03-13T12:00:00Z', -9, 'adjustment'),
      row('2026-03-15T09:00:00Z', -1),
    ]);
    expect(await readSpentCredits(server.db, account.id, new Date('2026-03-15T10:00:00Z'))).toEqual({
      spent: 10,
      since: '2026-03-01T00:00:00.000Z',
      data: [
        { date: '2026-03-01', credits: 2 },
        { date: '2026-03-10', credits: 7 },
        { date: '2026-03-15', credits: 1 },
      ],
    });
  });
});
