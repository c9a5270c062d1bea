import { EventEmitter } from 'node:events';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { countAutoRechargesToday, DAILY_CAP_OUTCOME, dailyCapNoticeSentToday } from './autoRechargeCap.ts';
import type { Database } from '../../db/client.ts';
import { autoRechargeJobs, autoRecharges } from '../../db/schema/billing.ts';

/**
 * Tells this process's auto-recharge worker that a purchase was queued, so it need not wait for
 * its next poll. Other instances find the job when they poll (ARCHITECTURE.md rule 3).
 */
export const autoRechargeSignal = new EventEmitter();

/**
 * The threshold-crossing marker of auto-recharge (spec §3 Auto-recharge: "when the balance falls
 * below criticalCredits, buy the pack"), run inside the transaction that moved the balance, after
 * the balance row is locked by its UPDATE. A debit that leaves the balance below the threshold
 * while armed disarms it and queues one purchase; concurrent debits wait on the balance row, so
 * the second finds it disarmed and queues nothing. A balance back at or above the threshold
 * re-arms it. Answers whether a purchase (or a cap notice) was queued.
 *
 * Daily cap (issue 15): when the account already queued maxPerDay purchases in the last 24
 * hours, the crossing charges nothing: the marker stays armed (so a debit after the oldest
 * purchase ages out buys again) and one cap notice per 24 hours is queued instead, which the
 * worker turns into an e-mail. The count runs under the balance row's lock, like the marker, so
 * parallel debits and instances cannot get past the cap.
 */
export async function trackAutoRechargeThreshold(tx: Database, userId: number, delta: number, balance: number): Promise<boolean> {
  if (delta > 0) {
    await tx
      .update(autoRecharges)
      .set({ isArmed: true })
      .where(and(eq(autoRecharges.userId, userId), eq(autoRecharges.isArmed, false), lte(autoRecharges.criticalCredits, balance)));
    return false;
  }
  if (delta === 0) return false;
  const [crossing] = await tx
    .select({ maxPerDay: autoRecharges.maxPerDay })
    .from(autoRecharges)
    .where(and(eq(autoRecharges.userId, userId), eq(autoRecharges.isArmed, true), gt(autoRecharges.criticalCredits, balance)));
  if (!crossing) return false;
  if ((await countAutoRechargesToday(tx, userId)) >= crossing.maxPerDay) {
    if (await dailyCapNoticeSentToday(tx, userId)) return false;
    const [notice] = await tx
      .insert(autoRechargeJobs)
      .values({ userId, outcome: DAILY_CAP_OUTCOME })
      .onConflictDoNothing({ target: autoRechargeJobs.userId, where: sql`${autoRechargeJobs.status} in ('pending', 'processing')` })
      .returning({ id: autoRechargeJobs.id });
    return notice !== undefined;
  }
  const [disarmed] = await tx
    .update(autoRecharges)
    .set({ isArmed: false })
    .where(and(eq(autoRecharges.userId, userId), eq(autoRecharges.isArmed, true), gt(autoRecharges.criticalCredits, balance)))
    .returning({ userId: autoRecharges.userId });
  if (!disarmed) return false;
  const [job] = await tx
    .insert(autoRechargeJobs)
    .values({ userId })
    // One purchase in flight per account (partial unique index): a crossing while one is queued adds none.
    .onConflictDoNothing({ target: autoRechargeJobs.userId, where: sql`${autoRechargeJobs.status} in ('pending', 'processing')` })
    .returning({ id: autoRechargeJobs.id });
  return job !== undefined;
}
