import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { autoRecharges, credits } from '../../db/schema/billing.ts';
import { autoRechargeSignal, trackAutoRechargeThreshold } from '../payments/autoRechargeTrigger.ts';

/**
 * common/rules/credits.ts availableCredits in SQL: the balance the client sees and can spend,
 * the credits less those held by calls being placed. Every read of "the balance" for a decision
 * (calls, the widget's config, GET credits, the toolbox gate) selects this.
 */
export const availableCreditsSql = sql<number>`(${credits.credits} - ${credits.reserved})`.mapWith(Number);

/**
 * Holds `amount` credits for a call being accepted, refused when the available balance would
 * pass the overdraft (`credits - reserved - amount >= overdraft`: payable_holds, migration 0015,
 * which reads the balance locked, so simultaneous requests queue on the row and the last ones
 * find nothing left). Run inside the transaction that records the call (so a refused or rolled
 * back request holds nothing). The available balance drops, so the auto-recharge threshold is
 * tracked on it here (a purchase may be queued; signalRecharge after the commit). Answers
 * whether the credits were held and whether a purchase was queued.
 */
export async function reserveCredits(tx: Database, userId: number, amount: number): Promise<{ reserved: boolean; rechargeQueued: boolean }> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`A reservation must be a positive whole number, got ${amount}`);
  // reserve_credits (migration 0015): a hold of hold_credits, which the Call now statement uses for a crowd's holds at once.
  const result = await tx.execute(sql`select credits, reserved from reserve_credits(${userId}::integer, ${amount}::integer)`);
  const [row] = (result as unknown as { rows: { credits: number; reserved: number }[] }).rows;
  if (!row) return { reserved: false, rechargeQueued: false };
  const rechargeQueued = await trackAutoRechargeThreshold(tx, userId, -amount, row.credits - row.reserved);
  return { reserved: true, rechargeQueued };
}

/**
 * Gives back credits a call held and will not spend (it ended unconnected, failed, or its charge
 * was refused). The caller clears the call's calls.reserved_credits in the same transaction, so a
 * hold is given back once. Never throws on an inconsistent account and never drives
 * credits.reserved below zero: it gives back at most what the account holds (the balance row is
 * locked first) and answers what it gave back, so the caller can log a shortfall and still record
 * the call's outcome. Re-arms the auto-recharge threshold when the balance is back above it.
 */
export async function releaseCredits(tx: Database, userId: number, amount: number): Promise<number> {
  if (amount <= 0) return 0;
  const [account] = await tx.select({ reserved: credits.reserved }).from(credits).where(eq(credits.userId, userId)).for('update');
  const released = Math.min(amount, Math.max(account?.reserved ?? 0, 0));
  if (released <= 0) return 0;
  const [row] = await tx
    .update(credits)
    .set({ reserved: sql`${credits.reserved} - ${released}` })
    .where(eq(credits.userId, userId))
    .returning({ credits: credits.credits, reserved: credits.reserved });
  if (row) await trackAutoRechargeThreshold(tx, userId, released, row.credits - row.reserved);
  return released;
}

/** What the account holds now (credits.reserved; 0 without a balance row), read under the row's lock. */
export async function heldOnAccount(tx: Database, userId: number): Promise<number> {
  const [account] = await tx.select({ reserved: credits.reserved }).from(credits).where(eq(credits.userId, userId)).for('update');
  return Math.max(account?.reserved ?? 0, 0);
}

/**
 * After the Call now statement (accept_instant_calls, migration 0015) held credits and found the
 * balance under an armed auto-recharge threshold: tracks the threshold as reserveCredits does,
 * under the balance row's lock, with the balance as it is now, and wakes the worker when a
 * purchase was queued. The rule is the state (armed, balance under the threshold), so a purchase
 * this misses (the process stopped in between, or the transaction failed) is queued by the
 * payments worker's sweep (trackMissedRecharges).
 */
export async function trackRechargeAfterHold(db: Database, userId: number): Promise<void> {
  const queued = await db.transaction(async (tx) => {
    const [row] = await tx.select({ available: availableCreditsSql }).from(credits).where(eq(credits.userId, userId)).for('update');
    return row ? trackAutoRechargeThreshold(tx, userId, -1, row.available) : false;
  });
  signalRecharge(queued);
}

/**
 * The payments worker's sweep: accounts whose auto-recharge is armed while the available balance
 * is under its threshold (autoRechargeTrigger.ts's crossing; a hold's follow-up that was lost),
 * each tracked as trackRechargeAfterHold does. Answers how many were tracked.
 */
export async function trackMissedRecharges(db: Database, limit = 100): Promise<number> {
  const due = await db
    .select({ userId: autoRecharges.userId })
    .from(autoRecharges)
    .innerJoin(credits, eq(credits.userId, autoRecharges.userId))
    .where(and(eq(autoRecharges.isArmed, true), gt(autoRecharges.criticalCredits, availableCreditsSql)))
    .limit(limit);
  for (const { userId } of due) await trackRechargeAfterHold(db, userId);
  return due.length;
}

/** Wakes this process's auto-recharge worker after the transaction that queued a purchase committed. */
export function signalRecharge(queued: boolean): void {
  if (queued) autoRechargeSignal.emit('queued');
}
