import { type AnyColumn, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callChanges } from '../../db/schema/calls.ts';
import { toolboxChanges } from '../../db/schema/widgetApi.ts';

/** The insert-only tables triggers write a row to for each change of an account's data (migrations 0009, 0011). */
export type ChangesTable = typeof toolboxChanges | typeof callChanges;

/**
 * How long rows of the changes tables are kept (the changes janitor deletes older ones). What is
 * kept against a signature must be made again sooner (KEPT_AT_MOST_MS): otherwise every row added
 * since it was kept could be gone, and the signature back to the kept one.
 */
export const CHANGES_RETENTION_MS = 15 * 60_000;

/** The longest anything is kept against a signature before it is made again, whatever the signature says. */
export const KEPT_AT_MOST_MS = 5 * 60_000;

/** Refuses to keep anything longer than KEPT_AT_MOST_MS (the signature's rule above). */
export function assertKeptWithinRetention(ttlMs: number): void {
  if (!(ttlMs > 0 && ttlMs <= KEPT_AT_MOST_MS)) throw new RangeError(`Kept answers must be made again within ${KEPT_AT_MOST_MS} ms (asked for ${ttlMs})`);
}

/**
 * An account's rows of a changes table, as `<count>:<sum of ids>`: any row added changes it,
 * even one whose id was taken before another's and committed after it (PostgreSQL hands out ids
 * before commits), and so does the deletion of old rows, which only makes a cache read again
 * once. Deletions do not undo additions: the rows deleted are older, so of smaller ids, than any
 * added since, and what was kept before those additions is made again before they are old
 * enough to go (CHANGES_RETENTION_MS). What is read in the same statement as (or after) this
 * value is at least as new as it: a cache that keeps the value with what it read, and compares
 * it later, never keeps an older read for newer data.
 */
export function changesSignature(table: ChangesTable): SQL<string> {
  return sql<string>`count(*) || ':' || coalesce(sum(${table.id}), 0)`;
}

/** changesSignature of the account `userId` (a value, a column or a placeholder), as a subquery. */
export function accountChangesSql(table: ChangesTable, userId: SQL | AnyColumn | Placeholder): SQL<string> {
  return sql<string>`(select ${changesSignature(table)} from ${table} where ${table.userId} = ${userId})`;
}

/**
 * Deletes the rows of every changes table older than `before` (a cache holding their count reads
 * once more); one instance at a time does it, the others skip (a transaction-scoped advisory lock).
 */
export async function deleteChangesBefore(db: Database, before: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('changes_janitor')) as "locked"`)) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return;
    for (const table of [toolboxChanges, callChanges]) await tx.delete(table).where(lt(table.changedAt, before));
  });
}
