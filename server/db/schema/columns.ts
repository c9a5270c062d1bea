import { integer, timestamp } from 'drizzle-orm/pg-core';

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
