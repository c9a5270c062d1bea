import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { autoRecharges, type CreditLedgerReason, creditLedger, credits, paymentMethods } from '../db/schema/billing.ts';
import { createAccount, type TestAccount } from './accounts.ts';

/**
 * A ledger row at `at`, as if written then (the ledger takes inserts; only UPDATE and DELETE are
 * refused). Its balance column is left 0: the forecast reads deltas, the balance row the balance.
 */
export async function ledgerRow(db: Database, userId: number, at: Date, delta: number, reason: CreditLedgerReason): Promise<void> {
  await db.insert(creditLedger).values({ userId, delta, reason, balanceAfter: 0, createdAt: at });
}

/** An account (createAccount) with the given balance row and time zone. */
export async function accountWithBalance(db: Database, balance: { credits: number; reserved?: number; overdraft?: number }, timeZone = 'UTC'): Promise<TestAccount> {
  const account = await createAccount(db);
  await db.update(users).set({ timezone: timeZone }).where(eq(users.id, account.id));
  await db.update(credits).set({ credits: balance.credits, reserved: balance.reserved ?? 0, overdraft: balance.overdraft ?? 0 }).where(eq(credits.userId, account.id));
  return account;
}

/** Sets auto-recharge up for the account (a saved card, the smallest pack below 10 credits). */
export async function turnOnAutoRecharge(db: Database, userId: number): Promise<void> {
  const [card] = await db.insert(paymentMethods).values({ userId, processorId: `pm_test_${userId}_${Date.now()}`, last4: '4242', expMonth: 12, expYear: 2040 }).returning({ id: paymentMethods.id });
  await db.insert(autoRecharges).values({ userId, packId: 1, criticalCredits: 10, paymentMethodId: card!.id });
}
