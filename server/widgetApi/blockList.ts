import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { blockedVisitors } from '../db/schema/widgetApi.ts';

export type BlockedVisitorKind = 'number' | 'address';

/**
 * A client's block list (issue 7): visitor numbers (normalized as calls store them) and client
 * addresses whose call and schedule requests are refused. No dashboard screen edits it yet; it
 * is filled from the database (or by the support tooling that will use blockVisitor).
 */
export async function blockVisitor(db: Database, userId: number, kind: BlockedVisitorKind, value: string): Promise<void> {
  await db.insert(blockedVisitors).values({ userId, kind, value }).onConflictDoNothing();
}

export async function unblockVisitor(db: Database, userId: number, kind: BlockedVisitorKind, value: string): Promise<void> {
  await db.delete(blockedVisitors).where(and(eq(blockedVisitors.userId, userId), eq(blockedVisitors.kind, kind), eq(blockedVisitors.value, value)));
}

/** Whether the client blocked this number or this address. */
export async function isVisitorBlocked(db: Database, userId: number, visitor: { number: string; address: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: blockedVisitors.id })
    .from(blockedVisitors)
    .where(
      and(
        eq(blockedVisitors.userId, userId),
        or(
          and(eq(blockedVisitors.kind, 'number'), eq(blockedVisitors.value, visitor.number)),
          and(eq(blockedVisitors.kind, 'address'), eq(blockedVisitors.value, visitor.address)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
