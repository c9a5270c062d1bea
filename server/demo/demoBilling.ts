import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { autoRecharges, creditLedger, credits, paymentMethods, payments } from '../db/schema/billing.ts';
import { localCardPaymentIntents, localCardPaymentMethods } from '../db/schema/localCardProcessor.ts';
import { CREDIT_PACKS } from '../db/referenceData.ts';
import { SIGNUP_GRANT_CREDITS } from '../domain/credits/ledger.ts';
import type { SeededRandom } from '../domain/random/seededRandom.ts';
import { insertInBatches, reserveIds } from './batchInsert.ts';
import type { ChargedCall } from './demoCalls.ts';
import { DAY_MS } from './demoTraffic.ts';

/** Auto-recharge: the 250-credit pack whenever the balance drops below 50 (a threshold of the billing setting). */
const AUTO_RECHARGE = { packId: 4, criticalCredits: 50 };
/** Before auto-recharge was set up, the client bought the same pack by hand a few hours after running low. */
const MANUAL_TOP_UP_DELAY_MS = 3 * 60 * 60 * 1000;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type PaymentRow = typeof payments.$inferInsert;
type LedgerRow = typeof creditLedger.$inferInsert;

interface Purchase {
  at: Date;
  packId: number;
  status: 'successful' | 'failed' | 'canceled';
  isAutomatic: boolean;
  card: 'saved' | 'declined';
}

export interface DemoBillingOptions {
  openedAt: Date;
  now: Date;
  /** Prefix of the receipt links; empty keeps them relative to the dashboard (/receipts/…). */
  publicUrl: string;
}

/**
 * The account's money history, consistent end to end: the sign-up grant, a first large pack,
 * manual top-ups until auto-recharge was configured 60 days ago and automatic ones since, a
 * declined card and an abandoned payment, one debit per connected call — every ledger row
 * carrying the running balance, which never goes below zero and ends as the credits balance.
 * Payments are written with the local card processor's side (cards, intents, receipts), so
 * their receipt links work. Answers the final balance.
 */
export async function insertDemoBilling(
  db: Database,
  userId: number,
  random: SeededRandom,
  ids: SeededRandom,
  charged: ChargedCall[],
  options: DemoBillingOptions,
): Promise<{ balance: number; payments: number }> {
  const { openedAt, now } = options;
  const autoRechargeSince = new Date(now.getTime() - 60 * DAY_MS);
  const purchases: Purchase[] = [
    { at: new Date(openedAt.getTime() + DAY_MS + 2 * 3_600_000), packId: 5, status: 'successful', isAutomatic: false, card: 'saved' },
    { at: new Date(now.getTime() - 75 * DAY_MS + 5 * 3_600_000), packId: 3, status: 'failed', isAutomatic: false, card: 'declined' },
    { at: new Date(now.getTime() - 40 * DAY_MS + 7 * 3_600_000), packId: 3, status: 'canceled', isAutomatic: false, card: 'saved' },
  ];

  // Walk the calls in time order, topping up as the client (then auto-recharge) did.
  const ledger: Omit<LedgerRow, 'balanceAfter'>[] = [{ userId, delta: SIGNUP_GRANT_CREDITS, reason: 'signup_grant', createdAt: openedAt }];
  const settled = purchases.filter((purchase) => purchase.status === 'successful');
  let balance = SIGNUP_GRANT_CREDITS + packCredits(5);
  let manualTopUpAt: Date | null = null;
  for (const call of charged) {
    if (manualTopUpAt && call.at > manualTopUpAt) {
      settled.push({ at: manualTopUpAt, packId: AUTO_RECHARGE.packId, status: 'successful', isAutomatic: false, card: 'saved' });
      balance += packCredits(AUTO_RECHARGE.packId);
      manualTopUpAt = null;
    }
    balance -= 1;
    ledger.push({ userId, delta: -1, reason: 'call', callId: call.id, createdAt: new Date(call.at.getTime() + 60_000) });
    if (balance >= AUTO_RECHARGE.criticalCredits) continue;
    if (call.at >= autoRechargeSince) {
      settled.push({ at: new Date(call.at.getTime() + 65_000), packId: AUTO_RECHARGE.packId, status: 'successful', isAutomatic: true, card: 'saved' });
      balance += packCredits(AUTO_RECHARGE.packId);
    } else {
      manualTopUpAt ??= new Date(call.at.getTime() + MANUAL_TOP_UP_DELAY_MS);
    }
  }
  if (balance < 0) throw new Error('demo billing: the balance went below zero');

  const cards = await insertCards(db, userId, ids, now);
  const allPurchases = [...settled, ...purchases.filter((purchase) => purchase.status !== 'successful')].sort((a, b) => a.at.getTime() - b.at.getTime());
  const paymentIds = await reserveIds(db, payments, allPurchases.length);
  const paymentRows: PaymentRow[] = [];
  const intentRows: (typeof localCardPaymentIntents.$inferInsert)[] = [];
  allPurchases.forEach((purchase, index) => {
    const pack = CREDIT_PACKS.find((candidate) => candidate.id === purchase.packId)!;
    const intentId = `pi_${ids.string(24, ALPHANUMERIC)}`;
    // Secrets stay random (as the processor makes them): only the history's shape is seeded.
    const clientSecret = `${intentId}_secret_${randomBytes(18).toString('base64url')}`;
    const receiptToken = purchase.status === 'successful' ? randomBytes(24).toString('base64url') : null;
    const receiptUrl = receiptToken ? `${options.publicUrl}/receipts/${receiptToken}` : null;
    const card = purchase.card === 'saved' ? cards.saved : cards.declined;
    const intentStatus = purchase.status === 'successful' ? 'succeeded' : purchase.status === 'canceled' ? 'canceled' : 'requires_payment_method';
    const error = purchase.status === 'failed' ? { code: 'card_declined', message: 'Your card was declined.' } : null;
    const settledAt = new Date(purchase.at.getTime() + random.int(2, 9) * 1000);
    intentRows.push({
      id: intentId,
      clientSecret,
      userId,
      amount: pack.price,
      currency: 'usd',
      status: intentStatus,
      paymentMethodId: card.processorId,
      errorCode: error?.code ?? null,
      errorMessage: error?.message ?? null,
      requestFingerprint: `demo:${purchase.packId}`,
      receiptToken,
      createdAt: purchase.at,
      updatedAt: settledAt,
    });
    paymentRows.push({
      id: paymentIds[index]!,
      userId,
      convertId: `PAY-${ids.string(12, CROCKFORD)}`,
      packId: pack.id,
      amount: pack.price,
      credits: pack.credits,
      status: purchase.status,
      isAutomatic: purchase.isAutomatic,
      isProcessed: true,
      isSuccessful: purchase.status === 'successful',
      paymentMethodId: purchase.card === 'saved' ? cards.saved.id : null,
      processorIntentId: intentId,
      clientSecret,
      receiptUrl,
      // The shape the settlement writes (domain/payments/settlement.ts): the SPA reads the receipt from it.
      webhookEvent: {
        type: purchase.status === 'successful' ? 'payment_intent.succeeded' : purchase.status === 'failed' ? 'payment_intent.payment_failed' : 'payment_intent.canceled',
        data: {
          object: {
            id: intentId,
            object: 'payment_intent',
            amount: pack.price,
            currency: 'usd',
            status: intentStatus,
            last_payment_error: error,
            charges: { data: [{ receipt_url: receiptUrl }] },
          },
        },
      },
      createdAt: purchase.at,
      updatedAt: settledAt,
    });
    if (purchase.status === 'successful') {
      ledger.push({
        userId,
        delta: pack.credits,
        reason: purchase.isAutomatic ? 'auto_recharge' : 'purchase',
        paymentId: paymentIds[index]!,
        createdAt: settledAt,
      });
    }
  });
  await insertInBatches(db, localCardPaymentIntents, intentRows);
  await insertInBatches(db, payments, paymentRows);

  // The ledger in time order, each row with the balance after it (ARCHITECTURE.md, Credits).
  ledger.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  let running = 0;
  const ledgerRows = ledger.map((row) => {
    running += row.delta;
    if (running < 0) throw new Error('demo billing: the ledger went below zero');
    return { ...row, balanceAfter: running };
  });
  await insertInBatches(db, creditLedger, ledgerRows);
  await db.update(credits).set({ credits: running }).where(eq(credits.userId, userId));
  await db.insert(autoRecharges).values({
    userId,
    packId: AUTO_RECHARGE.packId,
    criticalCredits: AUTO_RECHARGE.criticalCredits,
    paymentMethodId: cards.saved.id,
    isArmed: running >= AUTO_RECHARGE.criticalCredits,
    createdAt: autoRechargeSince,
    updatedAt: autoRechargeSince,
  });
  return { balance: running, payments: paymentRows.length };
}

function packCredits(packId: number): number {
  return CREDIT_PACKS.find((pack) => pack.id === packId)!.credits;
}

/** The saved Visa (Stripe's 4242 test card) and the declined one tried once (4000 0000 0000 0002). */
async function insertCards(db: Database, userId: number, ids: SeededRandom, now: Date) {
  const saved = { processorId: `pm_${ids.string(24, ALPHANUMERIC)}`, last4: '4242', behaviour: 'succeeds' as const, isAttached: true };
  const declined = { processorId: `pm_${ids.string(24, ALPHANUMERIC)}`, last4: '0002', behaviour: 'card_declined' as const, isAttached: false };
  const expYear = now.getUTCFullYear() + 3;
  await db.insert(localCardPaymentMethods).values(
    [saved, declined].map((card) => ({ id: card.processorId, userId, brand: 'visa', last4: card.last4, expMonth: 12, expYear, behaviour: card.behaviour, isAttached: card.isAttached })),
  );
  const [savedRow] = await db
    .insert(paymentMethods)
    .values({ userId, processorId: saved.processorId, brand: 'visa', last4: '4242', expMonth: 12, expYear })
    .returning({ id: paymentMethods.id });
  return { saved: { ...saved, id: savedRow!.id }, declined: { ...declined, id: null } };
}
