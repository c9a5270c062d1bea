import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments } from '../../db/schema/billing.ts';
import type { ProcessorIntent } from '../../adapters/payments/payments.ts';
import { changeCredits } from '../credits/ledger.ts';

export type Settlement = 'credited' | 'already_settled' | 'failed' | 'canceled' | 'pending' | 'unknown_payment';

/**
 * Applies what the processor says about an intent to its payment (spec §3 Payment), whoever
 * reports it and however often: the local processor's confirmation, Stripe's webhook, the
 * reconciler's polling, the auto-recharge worker. A success marks the payment successful and
 * adds the pack's credits EXACTLY ONCE: the conditional UPDATE (… WHERE is_successful = false)
 * lets one report through, and the ledger's unique payment_id stops any other. A refusal marks it
 * failed; a later success on the same intent (another card) still counts.
 */
export async function settleIntent(db: Database, intent: ProcessorIntent): Promise<Settlement> {
  if (intent.status === 'succeeded') return settleSucceeded(db, intent);
  if (intent.status === 'canceled') return settleUnsuccessful(db, intent, 'canceled');
  if (intent.status === 'requires_payment_method' && intent.error) return settleUnsuccessful(db, intent, 'failed');
  return 'pending';
}

async function settleSucceeded(db: Database, intent: ProcessorIntent): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({
        status: 'successful',
        isProcessed: true,
        isSuccessful: true,
        receiptUrl: intent.receiptUrl,
        webhookEvent: processorEvent('payment_intent.succeeded', intent),
      })
      .where(and(eq(payments.processorIntentId, intent.id), eq(payments.isSuccessful, false)))
      .returning();
    if (!payment) return (await paymentExists(tx, intent.id)) ? 'already_settled' : 'unknown_payment';
    await changeCredits(tx, {
      userId: payment.userId,
      delta: payment.credits,
      reason: payment.isAutomatic ? 'auto_recharge' : 'purchase',
      paymentId: payment.id,
    });
    return 'credited';
  });
}

async function settleUnsuccessful(db: Database, intent: ProcessorIntent, status: 'failed' | 'canceled'): Promise<Settlement> {
  const [payment] = await db
    .update(payments)
    .set({
      status,
      isProcessed: true,
      isSuccessful: false,
      webhookEvent: processorEvent(status === 'failed' ? 'payment_intent.payment_failed' : 'payment_intent.canceled', intent),
    })
    .where(and(eq(payments.processorIntentId, intent.id), eq(payments.isSuccessful, false), ne(payments.status, status)))
    .returning({ id: payments.id });
  if (payment) return status;
  return (await paymentExists(db, intent.id)) ? 'already_settled' : 'unknown_payment';
}

async function paymentExists(db: Database, intentId: string): Promise<boolean> {
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.processorIntentId, intentId));
  return row !== undefined;
}

/**
 * The processor's final event as the payment keeps it (spec §3 Payment: webhookEvent, whose
 * receipt link the SPA reads at data.object.charges.data[0].receipt_url). Stripe's intents have
 * carried the charge as latest_charge since API version 2022-11-15, so the event is written in
 * the older shape the spec reads, whichever processor reported it.
 */
function processorEvent(type: string, intent: ProcessorIntent) {
  return {
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency,
        status: intent.status,
        last_payment_error: intent.error,
        charges: { data: [{ receipt_url: intent.receiptUrl }] },
      },
    },
  };
}
