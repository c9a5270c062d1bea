import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type CreditForecast, forecastCredits, forecastWindowStart } from '../../../common/rules/creditForecast.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { autoRecharges, creditLedger, credits } from '../../db/schema/billing.ts';

/** An account's balance row, its auto-recharge and its time zone: what the forecast needs besides the ledger. */
export interface ForecastAccount {
  credits: number;
  reserved: number;
  overdraft: number;
  autoRecharge: boolean;
  timeZone: string;
}

/** The balance row, the setting and the zone of one account, in one read; undefined without a credits row. */
export async function readForecastAccount(db: Database, userId: number): Promise<ForecastAccount | undefined> {
  const [row] = await db
    .select({
      credits: credits.credits,
      reserved: credits.reserved,
      overdraft: credits.overdraft,
      autoRecharge: sql<boolean>`${autoRecharges.userId} is not null`,
      timeZone: users.timezone,
    })
    .from(credits)
    .innerJoin(users, eq(users.id, credits.userId))
    .leftJoin(autoRecharges, eq(autoRecharges.userId, credits.userId))
    .where(eq(credits.userId, userId));
  return row;
}

const earlier = alias(creditLedger, 'earlier');

/**
 * The ledger side of the forecast (common/rules/creditForecast.ts), in one statement on the
 * index credit_ledger(user_id, created_at): the credits calls spent in the window less the refunds
 * (purchases, grants and adjustments are not spending), the window's first call debit, and whether
 * a call debit precedes the window (then the history fills the window; an EXISTS that stops at
 * the first such row). Answers the spending as forecastCredits takes it.
 */
export async function readSpending(db: Database, userId: number, now: Date): Promise<{ spent: number; firstSpentAt: Date | null }> {
  const windowStart = forecastWindowStart(now);
  const spentBefore = db
    .select({ one: sql`1` })
    .from(earlier)
    .where(and(eq(earlier.userId, userId), lte(earlier.createdAt, windowStart), eq(earlier.reason, 'call')));
  const [row] = await db
    .select({
      spent: sql<number>`(coalesce(-sum(${creditLedger.delta}) filter (where ${creditLedger.reason} = 'call'), 0) - coalesce(sum(${creditLedger.delta}) filter (where ${creditLedger.reason} = 'refund'), 0))::int`.mapWith(Number),
      firstInWindow: sql<string | Date | null>`min(${creditLedger.createdAt}) filter (where ${creditLedger.reason} = 'call')`,
      spentBefore: sql<boolean>`exists (${spentBefore})`,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), gt(creditLedger.createdAt, windowStart), lte(creditLedger.createdAt, now)));
  const spent = row?.spent ?? 0;
  const firstInWindow = row?.firstInWindow ? new Date(row.firstInWindow) : null;
  return { spent, firstSpentAt: row?.spentBefore ? windowStart : firstInWindow };
}

/**
 * The forecast of one account at `now` (GET /client/credits, the run-out e-mail). With
 * auto-recharge set the ledger is not read at all: the answer does not depend on it.
 */
export async function readCreditForecast(db: Database, userId: number, now: Date, account?: ForecastAccount): Promise<CreditForecast> {
  const found = account ?? (await readForecastAccount(db, userId));
  if (!found) return { state: 'notEnoughHistory' };
  const spending = found.autoRecharge ? { spent: 0, firstSpentAt: null } : await readSpending(db, userId, now);
  return forecastCredits({ now, timeZone: found.timeZone, balance: found, autoRecharge: found.autoRecharge, spending });
}
