import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { autoRecharges, credits, paymentMethods } from '../../db/schema/billing.ts';

/** The contract's `Credits` (spec §3 Credits record) of one account. */
export async function readCreditsRecord(db: Database, userId: number) {
  const [row] = await db
    .select({
      credits: credits.credits,
      overdraft: credits.overdraft,
      minMonthlySpendingRequirement: credits.minMonthlySpendingRequirement,
      packId: autoRecharges.packId,
      criticalCredits: autoRecharges.criticalCredits,
      paymentMethodId: paymentMethods.processorId,
    })
    .from(credits)
    .leftJoin(autoRecharges, eq(autoRecharges.userId, credits.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, autoRecharges.paymentMethodId))
    .where(eq(credits.userId, userId));
  if (!row) return { credits: 0, overdraft: 0, autoRecharge: null, minMonthlySpendingRequirement: 0 };
  const { packId, criticalCredits, paymentMethodId, ...balance } = row;
  const autoRecharge =
    packId !== null && criticalCredits !== null && paymentMethodId !== null ? { packId, criticalCredits, paymentMethodId } : null;
  return { ...balance, autoRecharge };
}
