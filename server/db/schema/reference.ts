import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

// Reference data shared by all accounts (spec §3 Metadata), seeded at startup by
// server/db/referenceData.ts.

export const widgetTypes = pgTable('widget_types', { id: id(), name: text().notNull().unique() });

export const widgetLayouts = pgTable('widget_layouts', { id: id(), name: text().notNull().unique() });

export const callingRules = pgTable('calling_rules', { id: id(), name: text().notNull().unique() });

/** A pack of credits for a price in cents (spec §3 Credit pack; label "{credits} for ${price}"). */
export const creditPacks = pgTable(
  'credit_packs',
  {
    id: id(),
    credits: integer().notNull(),
    price: integer().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [
    check('credit_packs_credits_positive', sql`${t.credits} > 0`),
    check('credit_packs_price_not_negative', sql`${t.price} >= 0`),
  ],
);

/** Settings entries with a type (spec §3 Metadata: "one of type billing"). */
export const settings = pgTable('settings', {
  id: id(),
  type: text().notNull().unique(),
  value: jsonb().$type<Record<string, unknown>>().notNull(),
});

/** Numbers the service calls from (spec §3 Twilio number; UI shows state code, state, area code). */
export const twilioNumbers = pgTable(
  'twilio_numbers',
  {
    id: id(),
    number: text().notNull(),
    stateCode: text().notNull(),
    state: text().notNull(),
    areaCode: text().notNull(),
  },
  (t) => [uniqueIndex('twilio_numbers_number_key').on(t.number)],
);
