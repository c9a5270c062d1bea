import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRechargeJobs, creditLedger, payments } from '../../db/schema/billing.ts';
import { LocalCardProcessor } from '../../adapters/payments/localCardProcessor.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestServer } from '../../test/harness.ts';
import {
  balanceOf,
  confirmIntent,
  createPayment,
  ledgerSum,
  newClient,
  PACK_20,
  saveCard,
  setOverdraft,
  tokenizeCard,
} from '../../test/payments.ts';
import { creditCredits, debitCredits, type DebitOutcome } from '../credits/ledger.ts';
import { settleIntent } from './settlement.ts';

// PGlite is one connection: its transactions run one after another, so no race can happen there
// and this suite would prove nothing (STACK.md, Server). It runs on PostgreSQL (npm run test:pg).
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('credits under concurrency (PostgreSQL only; PGlite runs transactions one at a time)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  /** A fixed pseudo-random sequence, so a failure can be replayed. */
  function amounts(count: number, seed: number): number[] {
    let state = seed;
    return Array.from({ length: count }, () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return 1 + (state % 9);
    });
  }

  it('200 concurrent debits and purchases leave exactly the expected balance and ledger, never below the overdraft', async () => {
    const client = await newClient(server);
    const userId = client.account.id;
    await setOverdraft(server.db, userId, -50);
    await creditCredits(server.db, userId, 180, 'adjustment'); // 200
    const card = await tokenizeCard(server, client);

    // 150 debits of 1–9 credits (more than the balance and overdraft can pay for, even with the
    // purchases) and 50 purchases: 25 idempotency keys, each submitted twice at once (a double submit).
    const debitAmounts = amounts(150, 7);
    const keys = Array.from({ length: 25 }, (_, i) => `double-submit-${i}`);
    const purchase = async (key: string) => {
      const intent = await createPayment(server, client, PACK_20.id, key);
      expect(intent.status, intent.text).toBe(201);
      const confirmed = await confirmIntent(server, client, intent.body.client_secret, card);
      expect(confirmed.body.status).toBe('succeeded');
      return intent.body.paymentIntentId as string;
    };
    const operations: Promise<DebitOutcome | string>[] = [];
    for (let i = 0; i < 150; i += 1) {
      operations.push(debitCredits(server.db, userId, debitAmounts[i]!, 'call'));
      if (i % 3 === 0 && operations.length < 200) operations.push(purchase(keys[(i / 3) % 25]!));
    }
    expect(operations).toHaveLength(200);
    const results = await Promise.all(operations);

    const debits = results.filter((r): r is DebitOutcome => typeof r === 'object');
    const debited = debits.reduce((sum, outcome, i) => sum + (outcome.ok ? debitAmounts[i]! : 0), 0);
    const refused = debits.filter((outcome) => !outcome.ok).length;
    const intents = new Set(results.filter((r): r is string => typeof r === 'string'));
    expect(intents.size).toBe(25); // one intent per key: the double submits charged once
    expect(refused).toBeGreaterThan(0); // the overdraft was reached and held

    const expected = 200 + 25 * PACK_20.credits - debited;
    expect(await balanceOf(server.db, userId)).toBe(expected);
    expect(await ledgerSum(server.db, userId)).toBe(expected);
    const ledger = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(Math.min(...ledger.map((row) => row.balanceAfter))).toBeGreaterThanOrEqual(-50);
    // 1 sign-up grant + 1 adjustment + the accepted debits + one row per payment.
    expect(ledger).toHaveLength(2 + (150 - refused) + 25);
    const purchases = ledger.filter((row) => row.paymentId !== null);
    expect(new Set(purchases.map((row) => row.paymentId)).size).toBe(25);
    const [paid] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'successful')));
    expect(Number(paid!.count)).toBe(25);
  });

  it('settles a payment reported by many at once (double confirm, webhook, polling) exactly once', async () => {
    const client = await newClient(server);
    const card = await tokenizeCard(server, client);
    const intent = await createPayment(server, client, PACK_20.id);
    const processor = new LocalCardProcessor({ db: server.db, publicUrl: TEST_PUBLIC_URL });
    // The processor's side succeeds first, then 20 confirmations and 20 reports race to settle it.
    const succeeded = await processor.confirmPaymentIntent(client.account.id, intent.body.client_secret, card);
    if (typeof succeeded === 'string') throw new Error(succeeded);
    const [confirmations, reports] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => confirmIntent(server, client, intent.body.client_secret, card))),
      Promise.all(Array.from({ length: 20 }, () => settleIntent(server.db, succeeded))),
    ]);
    expect(confirmations.every((response) => response.body.status === 'succeeded')).toBe(true);
    expect(reports.filter((outcome) => outcome === 'credited').length).toBeLessThanOrEqual(1);
    expect(await balanceOf(server.db, client.account.id)).toBe(40);
    const rows = await server.db.select().from(creditLedger).where(and(eq(creditLedger.userId, client.account.id), isNotNull(creditLedger.paymentId)));
    expect(rows).toHaveLength(1);
  });

  it('queues one auto-recharge when 100 concurrent debits cross the threshold together', async () => {
    const client = await newClient(server);
    const userId = client.account.id;
    await creditCredits(server.db, userId, 130, 'adjustment'); // 150
    const paymentMethodId = await saveCard(server, client);
    await server.request({
      method: 'POST',
      url: '/api/client/auto-recharge',
      token: client.token,
      body: { packId: PACK_20.id, criticalCredits: 100, paymentMethodId },
    });
    // The worker waits, so the purchase cannot re-arm the threshold midway: one crossing, one job.
    await server.app.paymentsWorker.stop();
    try {
      const outcomes = await Promise.all(Array.from({ length: 100 }, () => debitCredits(server.db, userId, 1, 'call')));
      expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
      expect(await server.db.select().from(autoRechargeJobs).where(eq(autoRechargeJobs.userId, userId))).toHaveLength(1);
    } finally {
      server.app.paymentsWorker.start();
    }
    await server.app.paymentsWorker.settle();
    const automatic = await server.db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.isAutomatic, true)));
    expect(automatic.map((payment) => payment.status)).toEqual(['successful']);
    expect(await balanceOf(server.db, userId)).toBe(50 + PACK_20.credits);
    expect(await ledgerSum(server.db, userId)).toBe(50 + PACK_20.credits);
  });

  it('lets several workers share the auto-recharge queue without buying twice', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => newClient(server)));
    for (const client of clients) {
      const paymentMethodId = await saveCard(server, client);
      await server.request({
        method: 'POST',
        url: '/api/client/auto-recharge',
        token: client.token,
        body: { packId: PACK_20.id, criticalCredits: 15, paymentMethodId },
      });
    }
    const others = await Promise.all([server.variant({}), server.variant({})]);
    await Promise.all(clients.map((client) => debitCredits(server.db, client.account.id, 10, 'call')));
    await Promise.all([server.app.paymentsWorker.settle(), ...others.map((other) => other.app.paymentsWorker.settle())]);
    for (const client of clients) {
      expect(await balanceOf(server.db, client.account.id)).toBe(10 + PACK_20.credits);
    }
  });
});
