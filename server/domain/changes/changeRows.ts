import { type AnyColumn, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callChanges } from '../../db/schema/calls.ts';
import { toolboxChanges } from '../../db/schema/widgetApi.ts';

/** The insert-only tables triggers write a row to for each change of an account's data (migrations 0009, 0011). */
export type ChangesTable = typeof toolboxChanges | typeof callChanges;

/**
 * An account's rows of a changes table, as `<count>:<sum of ids>`: any row added changes it,
 * even one whose id was taken before another's and committed after it (PostgreSQL hands out ids
 * before commits), and so does the deletion of old rows, which only makes a cache read again
 * once. Deletions and additions never cancel out: the rows deleted are older, so of smaller ids,
 * than any added since. What is read in the same statement as (or after) this value is at least
 * as new as it: a cache that keeps the value with what it read, and compares it later, never
 * keeps an older read for newer data.
 */
export function changesSignature(table: ChangesTable): SQL<string> {
  return sql<string>`count(*) || ':' || coalesce(sum(${table.id}), 0)`;
}

/** changesSignature of the account `userId` (a value, a column or a placeholder), as a subquery. */
export function accountChangesSql(table: ChangesTable, userId: SQL | AnyColumn | Placeholder): SQL<string> {
  return sql<string>`(select ${changesSignature(table)} from ${table} where ${table.userId} = ${userId})`;
}

/** Deletes the rows of every changes table older than `before` (a cache holding their count reads once more). */
export async function deleteChangesBefore(db: Database, before: Date): Promise<void> {
  for (const table of [toolboxChanges, callChanges]) await db.delete(table).where(lt(table.changedAt, before));
}
