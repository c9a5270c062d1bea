import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type PaymentStatus, payments } from '../../db/schema/billing.ts';

export interface PaymentHistoryQuery {
  page: number;
  perPage: number;
  dateFrom?: Date;
  dateTo?: Date;
  status?: PaymentStatus;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * Payment History (spec §2, §7 "GET payments path"): the caller's payments, newest first,
 * filtered by creation time (both bounds inclusive) and status, one page and the number of
 * matching rows.
 */
export async function listPaymentHistory(db: Database, userId: number, query: PaymentHistoryQuery) {
  const filters: SQL[] = [eq(payments.userId, userId)];
  if (query.dateFrom) filters.push(gte(payments.createdAt, query.dateFrom));
  if (query.dateTo) filters.push(lte(payments.createdAt, query.dateTo));
  if (query.status) filters.push(eq(payments.status, query.status));
  const where = and(...filters);
  const [total] = await db.select({ count: count() }).from(payments).where(where);
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { data: rows.map(toPayment), count: Number(total?.count ?? 0) };
}

/** One of the caller's payments as the contract's Payment (the webhooks' `data`), or null. */
export async function findPaymentView(db: Database, userId: number, id: number) {
  const [row] = await db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.id, id)));
  return row ? toPayment(row) : null;
}

/** The contract's Payment (spec §3 Payment). The pack as it was sold: credits and price from the payment. */
function toPayment(row: PaymentRow) {
  return {
    id: row.id,
    convertId: row.convertId,
    createdAt: row.createdAt.toISOString(),
    isAutomatic: row.isAutomatic,
    status: row.status,
    isProcessed: row.isProcessed,
    isSuccessful: row.isSuccessful,
    amount: row.amount,
    CreditPack: { id: row.packId, credits: row.credits, price: row.amount },
    webhookEvent: row.webhookEvent ?? null,
  };
}
