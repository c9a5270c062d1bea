import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CreditLedgerReason, creditLedger, credits } from '../../db/schema/billing.ts';

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

/** Creates an account's credits record with a zero balance (spec §9 "Credit balance default 0"). */
export async function openCreditsAccount(db: Database, userId: number): Promise<void> {
  await db.insert(credits).values({ userId });
}

/**
 * The only way credits change (ARCHITECTURE.md, Credits): the balance moves by one atomic
 * UPDATE that refuses to pass the overdraft, and the ledger gets the matching row, both in one
 * transaction (a savepoint when `db` is already a transaction). Answers the new balance.
 */
export async function changeCredits(db: Database, change: CreditChange): Promise<number> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(credits)
      .set({ credits: sql`${credits.credits} + ${change.delta}` })
      .where(and(eq(credits.userId, change.userId), gte(sql`${credits.credits} + ${change.delta}`, credits.overdraft)))
      .returning({ balance: credits.credits });
    if (!updated) throw new InsufficientCreditsError(`Account ${change.userId} cannot spend ${-change.delta} credits`);
    await tx.insert(creditLedger).values({ ...change, balanceAfter: updated.balance });
    return updated.balance;
  });
}
