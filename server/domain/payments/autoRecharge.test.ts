import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRechargeJobs, autoRecharges, creditLedger, payments } from '../../db/schema/billing.ts';
import { LocalCardProcessor } from '../../adapters/payments/localCardProcessor.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestServer } from '../../test/harness.ts';
import { balanceOf, type Client, ledgerSum, newClient, PACK_20, saveCard, TEST_CARDS } from '../../test/payments.ts';
import { creditCredits, debitCredits } from '../credits/ledger.ts';
import { claimAutoRechargeJob, runAutoRechargeJob } from './autoRechargePurchase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A client with a saved card and auto-recharge of the 20-credit pack below `criticalCredits`. */
async function withAutoRecharge(criticalCredits: number, card: string = TEST_CARDS.succeeds): Promise<Client> {
  const client = await newClient(server);
  const paymentMethodId = await saveCard(server, client, card);
  const response = await server.request({
    method: 'POST',
    url: '/api/client/auto-recharge',
    token: client.token,
    body: { packId: PACK_20.id, criticalCredits, paymentMethodId },
  });
  expect(response.status).toBe(200);
  return client;
}

const settle = () => server.app.paymentsWorker.settle();

async function automaticPayments(userId: number) {
  return server.db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.isAutomatic, true))).orderBy(payments.id);
}

async function jobsOf(userId: number) {
  return server.db.select().from(autoRechargeJobs).where(eq(autoRechargeJobs.userId, userId)).orderBy(autoRechargeJobs.id);
}

describe('auto-recharge', () => {
  it('buys the pack off-session when a debit takes the balance below the threshold, as an automatic payment', async () => {
    const client = await withAutoRecharge(15);
    expect(await debitCredits(server.db, client.account.id, 5, 'call')).toEqual({ ok: true, balance: 15 });
    await settle();
    expect(await automaticPayments(client.account.id)).toHaveLength(0); // at the threshold is not below it
    await debitCredits(server.db, client.account.id, 1, 'call');
    await settle();
    const [payment] = await automaticPayments(client.account.id);
    expect(payment).toMatchObject({ status: 'successful', isProcessed: true, isSuccessful: true, amount: PACK_20.price, credits: PACK_20.credits });
    expect(await balanceOf(server.db, client.account.id)).toBe(14 + PACK_20.credits);
    expect(await ledgerSum(server.db, client.account.id)).toBe(34);
    const [ledgerRow] = await server.db.select().from(creditLedger).where(eq(creditLedger.paymentId, payment!.id));
    expect(ledgerRow).toMatchObject({ delta: PACK_20.credits, reason: 'auto_recharge' });
    const history = await server.request({ method: 'GET', url: '/api/client/payments', token: client.token });
    expect(history.body.data[0]).toMatchObject({ isAutomatic: true, status: 'successful', CreditPack: PACK_20 });
    expect(history.body.data[0].webhookEvent.data.object.charges.data[0].receipt_url).toMatch(/\/receipts\//);
  });

  it('buys at most once per crossing: re-armed only when the balance is back at or above the threshold', async () => {
    // Threshold 100 with a 20-credit pack: one purchase does not bring the balance back above it.
    const client = await withAutoRecharge(100);
    await debitCredits(server.db, client.account.id, 1, 'call'); // 19: crosses
    await settle();
    expect(await balanceOf(server.db, client.account.id)).toBe(39);
    for (let i = 0; i < 3; i += 1) await debitCredits(server.db, client.account.id, 1, 'call'); // still below
    await settle();
    expect(await automaticPayments(client.account.id)).toHaveLength(1);
    await creditCredits(server.db, client.account.id, 64, 'adjustment'); // 100: at the threshold, re-armed
    await debitCredits(server.db, client.account.id, 1, 'call'); // 99: crosses again
    await settle();
    expect(await automaticPayments(client.account.id)).toHaveLength(2);
    expect(await balanceOf(server.db, client.account.id)).toBe(99 + PACK_20.credits);
    expect(await ledgerSum(server.db, client.account.id)).toBe(await balanceOf(server.db, client.account.id));
  });

  it('buys once when concurrent debits cross together', async () => {
    const client = await withAutoRecharge(15);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => debitCredits(server.db, client.account.id, 1, 'call')));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    await settle();
    expect(await automaticPayments(client.account.id)).toHaveLength(1);
    expect(await jobsOf(client.account.id)).toHaveLength(1);
    expect(await balanceOf(server.db, client.account.id)).toBe(10 + PACK_20.credits);
  });

  it('records a declined purchase as a failed automatic payment and does not try again until the next crossing', async () => {
    const client = await withAutoRecharge(15, TEST_CARDS.declined);
    await debitCredits(server.db, client.account.id, 10, 'call');
    await settle();
    for (let i = 0; i < 5; i += 1) await debitCredits(server.db, client.account.id, 1, 'call');
    await settle();
    const automatic = await automaticPayments(client.account.id);
    expect(automatic).toHaveLength(1);
    expect(automatic[0]).toMatchObject({ status: 'failed', isProcessed: true, isSuccessful: false });
    expect((await jobsOf(client.account.id)).map((job) => [job.status, job.outcome])).toEqual([['failed', 'card_declined']]);
    expect(await balanceOf(server.db, client.account.id)).toBe(5);
  });

  it('fails a card that needs 3-D Secure, since nobody can authenticate off-session', async () => {
    const client = await withAutoRecharge(15, TEST_CARDS.requiresAuthentication);
    await debitCredits(server.db, client.account.id, 10, 'call');
    await settle();
    const [payment] = await automaticPayments(client.account.id);
    expect(payment).toMatchObject({ status: 'failed' });
    expect((await jobsOf(client.account.id))[0]!.outcome).toBe('authentication_required');
  });

  it('buys nothing once auto-recharge is cancelled, even with a purchase already queued', async () => {
    const client = await withAutoRecharge(15);
    await server.db.transaction(async (tx) => {
      await debitCredits(tx, client.account.id, 10, 'call');
      await tx.delete(autoRecharges).where(eq(autoRecharges.userId, client.account.id));
    });
    await settle();
    expect(await automaticPayments(client.account.id)).toHaveLength(0);
    expect((await jobsOf(client.account.id)).map((job) => job.status)).toEqual(['canceled']);
  });

  it('does nothing without auto-recharge', async () => {
    const client = await newClient(server);
    await debitCredits(server.db, client.account.id, 19, 'call');
    await settle();
    expect(await jobsOf(client.account.id)).toHaveLength(0);
  });

  it('charges once when a job is taken over after its worker died mid-purchase', async () => {
    const client = await withAutoRecharge(15);
    const processor = new LocalCardProcessor({ db: server.db, publicUrl: TEST_PUBLIC_URL });
    await server.app.paymentsWorker.stop(); // nobody else takes the job
    try {
      await debitCredits(server.db, client.account.id, 10, 'call');
      const job = await claimAutoRechargeJob(server.db);
      expect(job?.userId).toBe(client.account.id);
      expect(await runAutoRechargeJob(server.db, processor, job!, server.app.log)).toBe('done');
      // As if the instance had died before finishing: the job is processing and its claim old.
      await server.db
        .update(autoRechargeJobs)
        .set({ status: 'processing', claimedAt: new Date(Date.now() - 10 * 60 * 1000) })
        .where(eq(autoRechargeJobs.id, job!.id));
      const again = await claimAutoRechargeJob(server.db);
      expect(again?.id).toBe(job!.id);
      expect(await runAutoRechargeJob(server.db, processor, again!, server.app.log)).toBe('done');
      expect(await automaticPayments(client.account.id)).toHaveLength(1);
      expect(await balanceOf(server.db, client.account.id)).toBe(10 + PACK_20.credits);
    } finally {
      server.app.paymentsWorker.start();
    }
  });
});
