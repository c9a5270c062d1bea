import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { autoRecharges, credits, paymentMethods } from '../../db/schema/billing.ts';
import { availableCreditsSql } from './reservations.ts';

/** The contract's `Credits` (spec §3 Credits record) of one account. */
export async function readCreditsRecord(db: Database, userId: number) {
  const [row] = await db
    .select({
      // The balance the client can spend: credits held by calls being placed are not in it.
      credits: availableCreditsSql,
      overdraft: credits.overdraft,
      minMonthlySpendingRequirement: credits.minMonthlySpendingRequirement,
      packId: autoRecharges.packId,
      criticalCredits: autoRecharges.criticalCredits,
      maxPerDay: autoRecharges.maxPerDay,
      paymentMethodId: paymentMethods.processorId,
    })
    .from(credits)
    .leftJoin(autoRecharges, eq(autoRecharges.userId, credits.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, autoRecharges.paymentMethodId))
    .where(eq(credits.userId, userId));
  if (!row) return { credits: 0, overdraft: 0, autoRecharge: null, minMonthlySpendingRequirement: 0 };
  const { packId, criticalCredits, maxPerDay, paymentMethodId, ...balance } = row;
  const autoRecharge =
    packId !== null && criticalCredits !== null && maxPerDay !== null && paymentMethodId !== null ? { packId, criticalCredits, maxPerDay, paymentMethodId } : null;
  return { ...balance, autoRecharge };
}
