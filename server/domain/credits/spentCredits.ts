import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creditLedger } from '../../db/schema/billing.ts';

/** The start of the calendar month (UTC) that `now` falls in. */
export function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Credits spent on calls since the start of the current month (UTC), in total and per UTC day
 * with spending (contract SpentCredits; the billing page compares it with
 * minMonthlySpendingRequirement, spec §2 Billing). Summed by the database from the ledger's
 * call debits.
 */
export async function readSpentCredits(db: Database, userId: number, now = new Date()) {
  const since = startOfMonthUtc(now);
  const day = sql<string>`to_char(${creditLedger.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, credits: sql<number>`(-sum(${creditLedger.delta}))::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.reason, 'call'),
        lt(creditLedger.delta, 0),
        gte(creditLedger.createdAt, since),
      ),
    )
    .groupBy(day)
    .orderBy(day);
  const data = rows.map((row) => ({ date: row.date, credits: Number(row.credits) }));
  return { spent: data.reduce((total, row) => total + row.credits, 0), since: since.toISOString(), data };
}
