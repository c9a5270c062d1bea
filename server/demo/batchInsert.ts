import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH_ROWS = 500;

/** Inserts many rows in a few multi-row INSERTs (the demo seed writes thousands). */
export async function insertInBatches<T extends PgTable>(db: Database, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await db.insert(table).values(rows.slice(start, start + BATCH_ROWS));
  }
}

/**
 * Takes `count` ids from a table's identity sequence, so rows that point at each other (calls,
 * their legs, recordings and ledger rows) can be built before any is inserted, without relying
 * on the order RETURNING answers in.
 */
export async function reserveIds(db: Database, table: PgTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}
