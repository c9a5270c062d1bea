import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type AutoRechargeJobStatus, autoRechargeJobs, autoRecharges, paymentMethods, payments } from '../../db/schema/billing.ts';
import { creditPacks } from '../../db/schema/reference.ts';
import type { Payments } from '../../adapters/payments/payments.ts';
import { DAILY_CAP_OUTCOME } from './autoRechargeCap.ts';
import { newConvertId, PAYMENT_CURRENCY } from './purchases.ts';
import { settleIntent } from './settlement.ts';

/** A job whose instance died mid-charge is taken over after this long. */
const STALE_CLAIM = sql`interval '5 minutes'`;
/** Processor outages are retried this often, then the job fails (a declined card is never retried). */
const MAX_ATTEMPTS = 3;

type Job = typeof autoRechargeJobs.$inferSelect;

/**
 * Claims the oldest queued auto-recharge purchase that no other worker holds (FOR UPDATE SKIP
 * LOCKED, ARCHITECTURE.md rule 3) and marks it processing, in a short transaction of its own:
 * the processor is called afterwards, with no database lock held.
 */
export async function claimAutoRechargeJob(db: Database): Promise<Job | undefined> {
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: autoRechargeJobs.id })
      .from(autoRechargeJobs)
      .where(
        or(
          and(
            eq(autoRechargeJobs.status, 'pending'),
            // A job put back after a processor outage waits a little longer each time.
            or(isNull(autoRechargeJobs.claimedAt), lt(autoRechargeJobs.claimedAt, sql`now() - ${autoRechargeJobs.attempts} * interval '30 seconds'`)),
          ),
          and(eq(autoRechargeJobs.status, 'processing'), lt(autoRechargeJobs.claimedAt, sql`now() - ${STALE_CLAIM}`)),
        ),
      )
      .orderBy(asc(autoRechargeJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return undefined;
    const [job] = await tx
      .update(autoRechargeJobs)
      .set({ status: 'processing', claimedAt: sql`now()`, attempts: sql`${autoRechargeJobs.attempts} + 1` })
      .where(eq(autoRechargeJobs.id, candidate.id))
      .returning();
    return job;
  });
}

/**
 * Buys the configured pack off-session with the saved card (spec §3 Auto-recharge) and records it
 * as an automatic payment. Each step is idempotent by the job's id, so a job taken over after a
 * crash finds its payment and intent instead of charging again. A refused card ends the job with
 * a failed payment; nothing retries it until the balance crosses the threshold again.
 */
export async function runAutoRechargeJob(db: Database, processor: Payments, job: Job, log: FastifyBaseLogger): Promise<AutoRechargeJobStatus> {
  // A cap notice (autoRechargeCap.ts) is never a purchase, whoever runs it.
  if (job.outcome === DAILY_CAP_OUTCOME) return finish(db, job, 'canceled', DAILY_CAP_OUTCOME);
  if (job.attempts > MAX_ATTEMPTS) return finish(db, job, 'failed', 'gave up after repeated processor errors');
  const [setting] = await db
    .select({ pack: creditPacks, card: paymentMethods })
    .from(autoRecharges)
    .innerJoin(creditPacks, eq(creditPacks.id, autoRecharges.packId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, autoRecharges.paymentMethodId))
    .where(eq(autoRecharges.userId, job.userId));
  if (!setting) return finish(db, job, 'canceled', 'auto-recharge was removed');
  const { pack, card } = setting;
  const key = `auto-recharge-${job.userId}-${job.id}-${job.createdAt.getTime()}`;
  try {
    const intent = await processor.createPaymentIntent({
      userId: job.userId,
      amount: pack.price,
      currency: PAYMENT_CURRENCY,
      idempotencyKey: key,
      description: `${pack.credits} credits (auto-recharge)`,
      metadata: { userId: String(job.userId), packId: String(pack.id), autoRechargeJobId: String(job.id) },
    });
    await db
      .insert(payments)
      .values({
        userId: job.userId,
        convertId: newConvertId(),
        packId: pack.id,
        amount: pack.price,
        credits: pack.credits,
        isAutomatic: true,
        paymentMethodId: card.id,
        processorIntentId: intent.id,
        clientSecret: intent.clientSecret,
        idempotencyKey: key,
      })
      .onConflictDoNothing();
    const [payment] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, job.userId), eq(payments.idempotencyKey, key)));
    await db.update(autoRechargeJobs).set({ paymentId: payment?.id ?? null }).where(eq(autoRechargeJobs.id, job.id));
    const charged = await processor.chargeOffSession({
      userId: job.userId,
      intentId: intent.id,
      paymentMethodId: card.processorId,
      idempotencyKey: `${key}-confirm`,
    });
    const settlement = await settleIntent(db, charged);
    if (settlement === 'failed' || settlement === 'canceled') return finish(db, job, 'failed', charged.error?.code ?? settlement);
    // 'pending': Stripe is still processing; its webhook or the reconciler settles the payment.
    return finish(db, job, 'done', settlement);
  } catch (error) {
    log.warn({ err: error, jobId: job.id }, 'auto-recharge: processor error, will retry');
    const status = job.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    return finish(db, job, status, error instanceof Error ? error.message : String(error));
  }
}

async function finish(db: Database, job: Job, status: AutoRechargeJobStatus, outcome: string): Promise<AutoRechargeJobStatus> {
  await db.update(autoRechargeJobs).set({ status, outcome }).where(eq(autoRechargeJobs.id, job.id));
  return status;
}
