import { bigint, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** Surrogate key of every table: positive integers, as the contract's ids (openapi "Ids"). */
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

/** A UTC instant; the API answers ISO 8601 strings (openapi "Times"). */
export const instant = () => timestamp({ withTimezone: true, mode: 'date' });

export const createdAt = () => instant().notNull().defaultNow();
export const updatedAt = () =>
  instant()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * An insert-only table of changes to accounts' data (issue 17): a row per change, written by
 * triggers; an account's rows read as one signature (server/domain/changes/changeRows.ts).
 */
export const changesTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      userId: integer().notNull(),
      changedAt: createdAt(),
    },
    (t) => [index(`${name}_user_id_idx`).on(t.userId, t.id), index(`${name}_changed_at_idx`).on(t.changedAt)],
  );
