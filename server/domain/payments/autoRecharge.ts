import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { autoRecharges } from '../../db/schema/billing.ts';
import { creditsChangedSignal } from '../credits/ledger.ts';
import { DEFAULT_AUTO_RECHARGES_PER_DAY } from './autoRechargeCap.ts';
import { findSavedCard } from './paymentMethods.ts';
import { findActivePack } from './purchases.ts';

/** The contract's AutoRecharge (spec §3 Auto-recharge). */
export interface AutoRechargeSetting {
  packId: number;
  criticalCredits: number;
  /** Automatic purchases allowed in any 24 hours (issue 15); when left out, the stored cap is kept (DEFAULT_AUTO_RECHARGES_PER_DAY on a first setting). */
  maxPerDay?: number;
  paymentMethodId: string;
}

export type SetAutoRechargeOutcome =
  | { ok: true; setting: AutoRechargeSetting & { maxPerDay: number } }
  | { ok: false; problem: 'unknown_pack' | 'unknown_payment_method' };

/**
 * Sets up or replaces auto-recharge (spec §4 Billing, "if auto, save auto-recharge settings"):
 * the pack must be on sale and the card one of the caller's saved cards. A new setting starts
 * armed, so the next debit that leaves the balance below the threshold buys the pack — also
 * after a declined purchase, once the client has changed the settings (e.g. another card).
 */
export async function setAutoRecharge(db: Database, userId: number, setting: AutoRechargeSetting): Promise<SetAutoRechargeOutcome> {
  if (!(await findActivePack(db, setting.packId))) return { ok: false, problem: 'unknown_pack' };
  const card = await findSavedCard(db, userId, setting.paymentMethodId);
  if (!card) return { ok: false, problem: 'unknown_payment_method' };
  // The daily cap is kept when a save leaves it out (issue 15 review: a client who set 1 must not
  // get the default back from a form that omits it); the default applies to a first setting only.
  const values = { packId: setting.packId, criticalCredits: setting.criticalCredits, paymentMethodId: card.id, isArmed: true };
  const [stored] = await db
    .insert(autoRecharges)
    .values({ userId, ...values, maxPerDay: setting.maxPerDay ?? DEFAULT_AUTO_RECHARGES_PER_DAY })
    .onConflictDoUpdate({
      target: autoRecharges.userId,
      set: { ...values, ...(setting.maxPerDay === undefined ? {} : { maxPerDay: setting.maxPerDay }), updatedAt: new Date() },
    })
    .returning({ maxPerDay: autoRecharges.maxPerDay });
  const maxPerDay = stored!.maxPerDay;
  return { ok: true, setting: { ...setting, maxPerDay } };
}

/** Cancel recurring charges (spec §4 Billing); idempotent. A purchase already queued is dropped by the worker. */
export async function deleteAutoRecharge(db: Database, userId: number): Promise<void> {
  await db.delete(autoRecharges).where(eq(autoRecharges.userId, userId));
  // Without auto-recharge the credits may now run out soon: the forecast worker looks again (issue 20).
  creditsChangedSignal.emit('changed', userId);
}
