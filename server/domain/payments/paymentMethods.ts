import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema/billing.ts';
import type { Payments } from '../../adapters/payments/payments.ts';

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** The contract's PaymentMethod (spec §3 Payment method): id and paymentMethodId are the processor's id. */
export function toPaymentMethod(row: PaymentMethodRow) {
  return {
    id: row.processorId,
    paymentMethodId: row.processorId,
    card: { brand: row.brand ?? 'unknown', last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear },
  };
}

/** The caller's saved cards, newest first; the SPA uses the first one (spec §7). */
export async function listSavedCards(db: Database, userId: number) {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(toPaymentMethod);
}

/** One of the caller's saved cards by the processor's id; undefined for unknown or foreign ids. */
export async function findSavedCard(db: Database, userId: number, processorId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.processorId, processorId)));
  return row;
}

/**
 * Saves a card the processor made in the browser (spec §4 Submit flow, "create a payment method
 * if no saved card exists"): attached to the account at the processor, then recorded with what
 * the list shows (brand, last4, expiry). Saving the same card again answers it again. Answers
 * 'unknown' when the processor does not know the card for this account.
 */
export async function saveCard(db: Database, processor: Payments, userId: number, processorId: string): Promise<'saved' | 'unknown'> {
  if (await findSavedCard(db, userId, processorId)) return 'saved';
  const card = await processor.attachPaymentMethod(userId, processorId);
  if (!card) return 'unknown';
  const [inserted] = await db
    .insert(paymentMethods)
    .values({ userId, processorId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear })
    .onConflictDoNothing()
    .returning({ userId: paymentMethods.userId });
  // The processor id is unique: a conflict is this account saving it concurrently (a processor
  // never attaches one card to two accounts).
  if (!inserted) return (await findSavedCard(db, userId, processorId)) ? 'saved' : 'unknown';
  return 'saved';
}

/**
 * Removes a saved card (spec §4 Submit flow, "if the card changed, remove the old method"):
 * detached at the processor, then deleted; an auto-recharge that used it goes with it (its
 * foreign key cascades), as the contract says. Answers false for unknown or foreign cards.
 */
export async function removeCard(db: Database, processor: Payments, userId: number, processorId: string): Promise<boolean> {
  const saved = await findSavedCard(db, userId, processorId);
  if (!saved) return false;
  await processor.detachPaymentMethod(userId, processorId);
  await db.delete(paymentMethods).where(eq(paymentMethods.id, saved.id));
  return true;
}
