import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { credits } from '../../db/schema/billing.ts';
import { autoRechargeSignal, trackAutoRechargeThreshold } from '../payments/autoRechargeTrigger.ts';

/**
 * common/rules/credits.ts availableCredits in SQL: the balance the client sees and can spend,
 * the credits less those held by calls being placed. Every read of "the balance" for a decision
 * (calls, the widget's config, GET credits, the toolbox gate) selects this.
 */
export const availableCreditsSql = sql<number>`(${credits.credits} - ${credits.reserved})`.mapWith(Number);

/**
 * Holds `amount` credits for a call being accepted, by one UPDATE that refuses when the
 * available balance would pass the overdraft (`credits - reserved - amount >= overdraft`,
 * checked by the row update itself, so simultaneous requests queue on the row and the last ones
 * find nothing left). Run inside the transaction that records the call (so a refused or rolled
 * back request holds nothing). The available balance drops, so the auto-recharge threshold is
 * tracked on it here (a purchase may be queued; signalRecharge after the commit). Answers
 * whether the credits were held and whether a purchase was queued.
 */
export async function reserveCredits(tx: Database, userId: number, amount: number): Promise<{ reserved: boolean; rechargeQueued: boolean }> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`A reservation must be a positive whole number, got ${amount}`);
  const [row] = await tx
    .update(credits)
    .set({ reserved: sql`${credits.reserved} + ${amount}` })
    .where(and(eq(credits.userId, userId), gte(sql`${credits.credits} - ${credits.reserved} - ${amount}`, credits.overdraft)))
    .returning({ credits: credits.credits, reserved: credits.reserved });
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

/** Wakes this process's auto-recharge worker after the transaction that queued a purchase committed. */
export function signalRecharge(queued: boolean): void {
  if (queued) autoRechargeSignal.emit('queued');
}
