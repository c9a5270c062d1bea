import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { payments } from '../../db/schema/billing.ts';
import type { Payments } from '../../adapters/payments/payments.ts';
import { settleIntent } from './settlement.ts';

/**
 * Polls the processor about payments still on hold, for outcomes a webhook did not deliver
 * (Stripe's webhooks can be late, lost, or not configured). Each payment is asked again after a
 * pause as long as its age (15 s, 30 s, 1 min, … at most hourly), for 24 hours; rows are claimed
 * with FOR UPDATE SKIP LOCKED so several instances share the work. Answers how many were asked.
 */
export async function reconcileUnsettledPayments(
  db: Database,
  processor: Payments,
  log: FastifyBaseLogger,
  limit = 20,
): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id, intentId: payments.processorIntentId })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'on-hold'),
          gt(payments.createdAt, sql`now() - interval '24 hours'`),
          lte(
            payments.updatedAt,
            sql`now() - least(interval '1 hour', greatest(interval '15 seconds', ${payments.updatedAt} - ${payments.createdAt}))`,
          ),
        ),
      )
      .orderBy(asc(payments.updatedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      await tx.update(payments).set({ updatedAt: sql`now()` }).where(
        inArray(
          payments.id,
          due.map((row) => row.id),
        ),
      );
    }
    return due;
  });
  for (const { intentId } of claimed) {
    try {
      await settleIntent(db, await processor.retrievePaymentIntent(intentId));
    } catch (error) {
      log.warn({ err: error, intentId }, 'payments: could not poll a payment intent');
    }
  }
  return claimed.length;
}
