import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRechargeJobs, autoRecharges, payments } from '../../db/schema/billing.ts';
import { outboxMessages } from '../../db/schema/system.ts';
import { startTestServer, type TestApp, type TestServer } from '../../test/harness.ts';
import { balanceOf, type Client, ledgerSum, newClient, PACK_20, saveCard } from '../../test/payments.ts';
import { creditCredits, debitCredits } from '../credits/ledger.ts';
import { DAILY_CAP_OUTCOME } from './autoRechargeCap.ts';

// Issue 15, finding 1: five automatic card charges within 15 s. Automatic purchases are capped
// per 24 hours; a crossing past the cap charges nothing and e-mails the client, once a day.
// Runs on PGlite and, with DATABASE_URL (scripts/with-postgres.ts), on PostgreSQL where the
// debits and three workers' purchases really run in parallel.

let server: TestServer;
let others: TestApp[] = [];
beforeAll(async () => {
  server = await startTestServer();
  // Two more instances with their own payments workers on the same database.
  others = await Promise.all([server.variant({}), server.variant({})]);
});
afterAll(async () => {
  await Promise.all(others.map((other) => other.app.close()));
  await server?.close();
});

const settleAll = () => Promise.all([server.app.paymentsWorker.settle(), ...others.map((other) => other.app.paymentsWorker.settle())]);

async function withAutoRecharge(criticalCredits: number, maxPerDay?: number): Promise<Client> {
  const client = await newClient(server);
  const paymentMethodId = await saveCard(server, client);
  const response = await server.request({
    method: 'POST',
    url: '/api/client/auto-recharge',
    token: client.token,
    body: { packId: PACK_20.id, criticalCredits, paymentMethodId, ...(maxPerDay === undefined ? {} : { maxPerDay }) },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.body.maxPerDay).toBe(maxPerDay ?? 3);
  return client;
}

const automaticPayments = (userId: number) => server.db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.isAutomatic, true)));
const capMails = (client: Client) =>
  server.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, client.account.email), eq(outboxMessages.subject, 'Auto-recharge paused for today on Callback Dashboard')));

describe('daily cap of auto-recharge', () => {
  it('ten rounds of parallel debits crossing the threshold each time: 3 charges, 1 e-mail, balance and ledger agree', async () => {
    const client = await withAutoRecharge(190);
    const userId = client.account.id;
    await creditCredits(server.db, userId, 175, 'adjustment'); // 195
    // Each round spends 20 in ten parallel debits: 195 → 175 crosses 190; a purchase brings it back to 195.
    for (let round = 0; round < 10; round += 1) {
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => debitCredits(server.db, userId, 2, 'call')));
      expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
      await settleAll();
    }
    const automatic = await automaticPayments(userId);
    expect(automatic.map((payment) => payment.status)).toEqual(['successful', 'successful', 'successful']);
    expect(await capMails(client)).toHaveLength(1);
    const [mail] = await capMails(client);
    expect(mail!.text).toContain('3 times within 24 hours');
    expect(mail!.text).toContain('Your card was not charged.');
    expect(await balanceOf(server.db, userId)).toBe(195 + 3 * PACK_20.credits - 10 * 20);
    expect(await ledgerSum(server.db, userId)).toBe(await balanceOf(server.db, userId));
    const notices = await server.db.select().from(autoRechargeJobs).where(and(eq(autoRechargeJobs.userId, userId), eq(autoRechargeJobs.outcome, DAILY_CAP_OUTCOME)));
    expect(notices.map((job) => job.status)).toEqual(['canceled']);
  });

  it('follows the cap the client chose, and buys again once the oldest purchase is 24 hours old', async () => {
    const client = await withAutoRecharge(15, 1);
    const userId = client.account.id;
    await debitCredits(server.db, userId, 10, 'call'); // 10: crosses, buys → 30
    await settleAll();
    await debitCredits(server.db, userId, 10, 'call'); // 20
    await debitCredits(server.db, userId, 10, 'call'); // 10: crosses, capped
    await settleAll();
    expect(await automaticPayments(userId)).toHaveLength(1);
    expect(await capMails(client)).toHaveLength(1);
    expect(await balanceOf(server.db, userId)).toBe(10);
    // A day later (the jobs' times moved back rather than the clock forward): still armed, the next debit buys.
    await server.db.update(autoRechargeJobs).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(autoRechargeJobs.userId, userId));
    await debitCredits(server.db, userId, 1, 'call'); // 9
    await settleAll();
    expect(await automaticPayments(userId)).toHaveLength(2);
    expect(await balanceOf(server.db, userId)).toBe(9 + PACK_20.credits);
  });

  it('a save that leaves the cap out keeps the stored cap; the default is for a first setting only (issue 15 review)', async () => {
    const client = await newClient(server);
    const paymentMethodId = await saveCard(server, client);
    const first = await server.request({
      method: 'POST',
      url: '/api/client/auto-recharge',
      token: client.token,
      body: { packId: PACK_20.id, criticalCredits: 5, paymentMethodId, maxPerDay: 1 },
    });
    expect(first.body).toMatchObject({ maxPerDay: 1 });
    const save = await server.request({
      method: 'POST',
      url: '/api/client/auto-recharge',
      token: client.token,
      body: { packId: PACK_20.id, criticalCredits: 8, paymentMethodId },
    });
    expect(save.status, save.text).toBe(200);
    expect(save.body).toMatchObject({ criticalCredits: 8, maxPerDay: 1 });
    const credits = await server.request({ method: 'GET', url: '/api/client/credits', token: client.token });
    expect(credits.body.autoRecharge).toMatchObject({ criticalCredits: 8, maxPerDay: 1 });
    const [stored] = await server.db.select().from(autoRecharges).where(eq(autoRecharges.userId, client.account.id));
    expect(stored).toMatchObject({ criticalCredits: 8, maxPerDay: 1 });
  });

  it('refuses a cap outside 1–20 with 400', async () => {
    const client = await newClient(server);
    const paymentMethodId = await saveCard(server, client);
    for (const maxPerDay of [0, 21, 2.5]) {
      const response = await server.request({
        method: 'POST',
        url: '/api/client/auto-recharge',
        token: client.token,
        body: { packId: PACK_20.id, criticalCredits: 5, paymentMethodId, maxPerDay },
      });
      expect(response.status).toBe(400);
    }
    expect(await server.db.select().from(autoRecharges).where(eq(autoRecharges.userId, client.account.id))).toHaveLength(0);
  });
});
