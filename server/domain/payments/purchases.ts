import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments } from '../../db/schema/billing.ts';
import { creditPacks } from '../../db/schema/reference.ts';
import { BILLING_SETTING } from '../../db/referenceData.ts';
import { IdempotencyKeyReusedError, type Payments, type ProcessorIntent } from '../../adapters/payments/payments.ts';

/** Prices are in the billing setting's currency (reference data), cents in the contract. */
export const PAYMENT_CURRENCY = BILLING_SETTING.value.currency;

/** Stripe keeps idempotency keys for 24 hours; a purchase key is honoured as long. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The contract's PaymentIntent: what the SPA confirms in the browser. */
export interface PurchaseIntent {
  client_secret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

export type PurchaseOutcome =
  | { ok: true; intent: PurchaseIntent }
  | { ok: false; problem: 'unknown_pack' | 'idempotency_key_reused' };

type PaymentRow = typeof payments.$inferSelect;

/** An active credit pack by id (spec §3 Credit pack), or undefined. */
export async function findActivePack(db: Database, packId: number) {
  const [pack] = await db
    .select()
    .from(creditPacks)
    .where(and(eq(creditPacks.id, packId), eq(creditPacks.isActive, true)));
  return pack;
}

/**
 * Starts buying a pack (spec §4 Submit flow, "create a payment intent for the pack"): an intent
 * for the pack's price at the processor and an on-hold payment. The same idempotency key within
 * 24 hours answers the same intent, so a double submit never charges twice; with another pack
 * it is refused. The key goes to the processor too, so two concurrent requests with one key get
 * one intent, and the loser of the insert answers the winner's.
 */
export async function startPurchase(
  db: Database,
  processor: Payments,
  request: { userId: number; packId: number; idempotencyKey?: string },
): Promise<PurchaseOutcome> {
  const { userId, packId } = request;
  const pack = await findActivePack(db, packId);
  if (!pack) return { ok: false, problem: 'unknown_pack' };
  const key = request.idempotencyKey ?? randomUUID();
  const earlier = await paymentByKey(db, userId, key);
  if (earlier) {
    if (Date.now() - earlier.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) return replay(earlier, packId);
    // An expired key starts a new purchase; the old payment keeps its history without the key.
    await db.update(payments).set({ idempotencyKey: null }).where(eq(payments.id, earlier.id));
  }
  let intent: ProcessorIntent;
  try {
    intent = await processor.createPaymentIntent({
      userId,
      amount: pack.price,
      currency: PAYMENT_CURRENCY,
      idempotencyKey: `purchase-${userId}-${key}`,
      description: `${pack.credits} credits`,
      metadata: { userId: String(userId), packId: String(pack.id) },
    });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) return { ok: false, problem: 'idempotency_key_reused' };
    throw error;
  }
  const [created] = await db
    .insert(payments)
    .values({
      userId,
      convertId: newConvertId(),
      packId: pack.id,
      amount: pack.price,
      credits: pack.credits,
      processorIntentId: intent.id,
      clientSecret: intent.clientSecret,
      idempotencyKey: key,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { ok: true, intent: toPurchaseIntent(created) };
  const winner = await paymentByKey(db, userId, key);
  if (!winner) throw new Error(`Payment for intent ${intent.id} was neither inserted nor found`);
  return replay(winner, packId);
}

async function paymentByKey(db: Database, userId: number, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  return row;
}

function replay(payment: PaymentRow, packId: number): PurchaseOutcome {
  if (payment.packId !== packId) return { ok: false, problem: 'idempotency_key_reused' };
  return { ok: true, intent: toPurchaseIntent(payment) };
}

function toPurchaseIntent(payment: PaymentRow): PurchaseIntent {
  return {
    client_secret: payment.clientSecret,
    paymentIntentId: payment.processorIntentId,
    amount: payment.amount,
    currency: PAYMENT_CURRENCY,
  };
}

/** Crockford's base32: no I, L, O or U, so a Payment ID read aloud is not misheard. */
const CONVERT_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The public Payment ID (spec §3 Payment: convertId, shown as Payment ID). */
export function newConvertId(): string {
  let id = '';
  for (let i = 0; i < 12; i += 1) id += CONVERT_ID_ALPHABET[randomInt(CONVERT_ID_ALPHABET.length)];
  return `PAY-${id}`;
}
