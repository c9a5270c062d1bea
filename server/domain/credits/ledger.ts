import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CreditLedgerReason, creditLedger, credits } from '../../db/schema/billing.ts';
import { autoRechargeSignal, trackAutoRechargeThreshold } from '../payments/autoRechargeTrigger.ts';

/** spec §1, §9: "Sign-up grants 20 free credits/calls". */
export const SIGNUP_GRANT_CREDITS = 20;

/** Thrown when a debit would take the balance below the account's overdraft. */
export class InsufficientCreditsError extends Error {
  override name = 'InsufficientCreditsError';
}

export interface CreditChange {
  userId: number;
  /** Positive adds credits, negative spends them. */
  delta: number;
  reason: CreditLedgerReason;
  paymentId?: number;
  callId?: number;
  note?: string;
}

/** What a ledger row may point at: the call that spent credits, the payment that bought them. */
export interface LedgerReferences {
  paymentId?: number;
  callId?: number;
  note?: string;
}

export type DebitOutcome = { ok: true; balance: number } | { ok: false; reason: 'insufficient_credits' };

/** Creates an account's credits record with a zero balance (spec §9 "Credit balance default 0"). */
export async function openCreditsAccount(db: Database, userId: number): Promise<void> {
  await db.insert(credits).values({ userId });
}

/**
 * The only way credits change (ARCHITECTURE.md, Credits): the balance moves by one atomic
 * UPDATE that refuses to pass the overdraft (`credits + delta >= overdraft`, checked by the row
 * update itself, so no concurrency can take it lower), and the ledger gets the matching row,
 * both in one transaction (a savepoint when `db` is already a transaction). The same
 * transaction moves the auto-recharge marker (payments/autoRechargeTrigger.ts). Answers the new
 * balance; throws InsufficientCreditsError and changes nothing when refused.
 */
export async function changeCredits(db: Database, change: CreditChange): Promise<number> {
  if (!Number.isSafeInteger(change.delta)) throw new RangeError(`Credit change must be a whole number, got ${change.delta}`);
  let queued = false;
  const balance = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(credits)
      .set({ credits: sql`${credits.credits} + ${change.delta}` })
      .where(and(eq(credits.userId, change.userId), gte(sql`${credits.credits} + ${change.delta}`, credits.overdraft)))
      .returning({ balance: credits.credits });
    if (!updated) throw new InsufficientCreditsError(`Account ${change.userId} cannot spend ${-change.delta} credits`);
    await tx.insert(creditLedger).values({ ...change, balanceAfter: updated.balance });
    queued = await trackAutoRechargeThreshold(tx, change.userId, change.delta, updated.balance);
    return updated.balance;
  });
  if (queued) autoRechargeSignal.emit('queued');
  return balance;
}

/**
 * Spends credits, e.g. for a call (reason `call`, with its callId): succeeds with the new
 * balance, or answers insufficient_credits and changes nothing when the balance would fall
 * below the overdraft. A debit that crosses the auto-recharge threshold queues one purchase,
 * charged after this transaction (payments/autoRechargeWorker.ts).
 */
export async function debitCredits(
  db: Database,
  userId: number,
  amount: number,
  reason: CreditLedgerReason,
  references: LedgerReferences = {},
): Promise<DebitOutcome> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`A debit must be a positive whole number, got ${amount}`);
  try {
    return { ok: true, balance: await changeCredits(db, { userId, delta: -amount, reason, ...references }) };
  } catch (error) {
    if (error instanceof InsufficientCreditsError) return { ok: false, reason: 'insufficient_credits' };
    throw error;
  }
}

/** Adds credits (a purchase, a grant, a refund to the balance); answers the new balance. */
export async function creditCredits(
  db: Database,
  userId: number,
  amount: number,
  reason: CreditLedgerReason,
  references: LedgerReferences = {},
): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`A credit must be a positive whole number, got ${amount}`);
  return changeCredits(db, { userId, delta: amount, reason, ...references });
}
