import { EventEmitter } from 'node:events';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CreditLedgerReason, creditLedger, credits } from '../../db/schema/billing.ts';
import { autoRechargeSignal, trackAutoRechargeThreshold } from '../payments/autoRechargeTrigger.ts';

/** spec §1, §9: "Sign-up grants 20 free credits/calls". */
export const SIGNUP_GRANT_CREDITS = 20;

/**
 * Tells this process that an account's credits changed (a call spent some, a purchase added some),
 * with the account's id, once changeCredits' transaction is done: when `db` is itself a
 * transaction (a call's settlement, a payment), that is before the outer one commits, so a
 * listener must not take what it reads at once for the change (runOutWarning.ts waits for the
 * balance row first). The credit forecast worker listens and evaluates the run-out warning in the
 * background: nothing on the call's path waits for its ledger read.
 */
export const creditsChangedSignal = new EventEmitter();

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
 * UPDATE that refuses to pass the overdraft, checked by the row update itself, so no concurrency
 * can take it lower: a plain debit must leave the available balance (credits - reserved,
 * reservations.ts) at or above the overdraft; a debit that settles a call's reservation
 * (`settlesReserved`) spends credits held for it, so it only keeps the stored balance at or
 * above the overdraft and gives the hold back in the same UPDATE. The ledger gets the matching
 * row, both in one transaction (a savepoint when `db` is already a transaction). The same
 * transaction moves the auto-recharge marker on the available balance
 * (payments/autoRechargeTrigger.ts). Answers the new balance; throws InsufficientCreditsError and
 * changes nothing when refused.
 */
export async function changeCredits(db: Database, change: CreditChange & { settlesReserved?: number }): Promise<number> {
  const { settlesReserved = 0, ...entry } = change;
  if (!Number.isSafeInteger(entry.delta)) throw new RangeError(`Credit change must be a whole number, got ${entry.delta}`);
  if (!Number.isSafeInteger(settlesReserved) || settlesReserved < 0) throw new RangeError(`Settled credits must be a whole number, got ${settlesReserved}`);
  const floor =
    entry.delta < 0 && settlesReserved === 0
      ? gte(sql`${credits.credits} - ${credits.reserved} + ${entry.delta}`, credits.overdraft)
      : gte(sql`${credits.credits} + ${entry.delta}`, credits.overdraft);
  let queued = false;
  const balance = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(credits)
      .set({ credits: sql`${credits.credits} + ${entry.delta}`, reserved: sql`${credits.reserved} - ${settlesReserved}` })
      .where(and(eq(credits.userId, entry.userId), floor, gte(credits.reserved, settlesReserved)))
      .returning({ balance: credits.credits, reserved: credits.reserved });
    if (!updated) throw new InsufficientCreditsError(`Account ${entry.userId} cannot spend ${-entry.delta} credits`);
    await tx.insert(creditLedger).values({ ...entry, balanceAfter: updated.balance });
    // A settled debit leaves the available balance where the reservation already put it.
    queued = await trackAutoRechargeThreshold(tx, entry.userId, entry.delta + settlesReserved, updated.balance - updated.reserved);
    return updated.balance;
  });
  if (queued) autoRechargeSignal.emit('queued');
  creditsChangedSignal.emit('changed', entry.userId);
  return balance;
}

/**
 * Spends credits, e.g. for a call (reason `call`, with its callId; `settlesReserved` the credits
 * the call held, spent by this debit): succeeds with the new balance, or answers insufficient_credits and changes nothing when the balance would fall
 * below the overdraft. A debit that crosses the auto-recharge threshold queues one purchase,
 * charged after this transaction (payments/autoRechargeWorker.ts).
 */
export async function debitCredits(
  db: Database,
  userId: number,
  amount: number,
  reason: CreditLedgerReason,
  references: LedgerReferences = {},
  settlesReserved = 0,
): Promise<DebitOutcome> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`A debit must be a positive whole number, got ${amount}`);
  try {
    return { ok: true, balance: await changeCredits(db, { userId, delta: -amount, reason, ...references, settlesReserved }) };
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
