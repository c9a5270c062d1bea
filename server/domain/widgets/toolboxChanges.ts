import { type AnyColumn, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { toolboxChanges } from '../../db/schema/widgetApi.ts';

/**
 * An account's rows of toolbox_changes (migration 0009's triggers), as `<count>:<sum of ids>`:
 * any row added changes it, even one whose id was taken before another's and committed after it
 * (PostgreSQL hands out ids before commits), and so does the deletion of old rows, which only
 * makes a cache read again once. Deletions and additions never cancel out: the rows deleted are
 * older, so of smaller ids, than any added since. What is read in the same statement as (or
 * after) this value is at least as new as it: a cache that keeps the value with what it read, and
 * compares it later, never keeps an older read for newer data.
 */
const CHANGES = sql<string>`count(*) || ':' || coalesce(sum(${toolboxChanges.id}), 0)`;

export const toolboxChangesSql = (userId: SQL | AnyColumn) => sql<string>`(select ${CHANGES} from ${toolboxChanges} where ${toolboxChanges.userId} = ${userId})`;

const changesOfAccount = preparedPerDatabase((db) =>
  db
    .select({ changes: CHANGES })
    .from(toolboxChanges)
    .where(eq(toolboxChanges.userId, sql.placeholder('userId')))
    .prepare('toolbox_changes_of_account'),
);

/** The account's toolbox changes now (toolboxChangesSql), by a statement prepared once. */
export async function toolboxChangesOf(db: Database, userId: number): Promise<string> {
  const [row] = await changesOfAccount(db).execute({ userId });
  return row!.changes;
}

/** Deletes the rows older than `before` (a cache holding their count reads once more). */
export async function deleteToolboxChangesBefore(db: Database, before: Date): Promise<void> {
  await db.delete(toolboxChanges).where(lt(toolboxChanges.changedAt, before));
}
