import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { callingRules, creditPacks, settings, twilioNumbers, widgetLayouts, widgetTypes } from './schema/reference.ts';

// The reference lists of GET /client/meta (spec §3 Metadata). Ids are fixed so they stay the
// same on every database and across restarts; the seed is idempotent (upsert by id) and safe
// when several instances start at once.

/** spec §1: "Widget types: Exit popup, Timed popup, Floating icon". */
export const WIDGET_TYPES = [
  { id: 1, name: 'Exit popup' },
  { id: 2, name: 'Timed popup' },
  { id: 3, name: 'Floating icon' },
];

/** spec §3: "Layouts: Horizontal, Vertical, Full screen (Square also appears in the preview)". */
export const WIDGET_LAYOUTS = [
  { id: 1, name: 'Horizontal' },
  { id: 2, name: 'Vertical' },
  { id: 3, name: 'Full screen' },
  { id: 4, name: 'Square' },
];

export const CALLING_RULES = [
  { id: 1, name: 'Call all agents at once' },
  { id: 2, name: 'Call agents one by one' },
  { id: 3, name: 'Random agent' },
];

/** Pack sizes are "not shown" in the spec (§9); these give a volume discount. Prices in cents. */
export const CREDIT_PACKS = [
  { id: 1, credits: 20, price: 2_000, isActive: true },
  { id: 2, credits: 50, price: 4_750, isActive: true },
  { id: 3, credits: 100, price: 9_000, isActive: true },
  { id: 4, credits: 250, price: 21_250, isActive: true },
  { id: 5, credits: 500, price: 40_000, isActive: true },
];

/**
 * The billing setting (spec §3 "settings … one of type billing"). The payment form's default
 * threshold is the third item of the threshold list and its default pack the third pack (spec §5).
 */
export const BILLING_SETTING = {
  id: 1,
  type: 'billing',
  value: { currency: 'usd', autoRechargeThresholds: [5, 10, 20, 50, 100] },
};

/** Fictional 555-01xx numbers, one per state. */
export const TWILIO_NUMBERS = [
  { id: 1, number: '+12125550100', stateCode: 'NY', state: 'New York', areaCode: '212' },
  { id: 2, number: '+14155550123', stateCode: 'CA', state: 'California', areaCode: '415' },
  { id: 3, number: '+13125550142', stateCode: 'IL', state: 'Illinois', areaCode: '312' },
  { id: 4, number: '+13055550166', stateCode: 'FL', state: 'Florida', areaCode: '305' },
  { id: 5, number: '+15125550187', stateCode: 'TX', state: 'Texas', areaCode: '512' },
];

/** Inserts or refreshes every reference row. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertById(tx, widgetTypes, WIDGET_TYPES);
    await upsertById(tx, widgetLayouts, WIDGET_LAYOUTS);
    await upsertById(tx, callingRules, CALLING_RULES);
    await upsertById(tx, creditPacks, CREDIT_PACKS);
    await upsertById(tx, settings, [BILLING_SETTING]);
    await upsertById(tx, twilioNumbers, TWILIO_NUMBERS);
  });
}

type TableWithId = PgTable & { id: AnyPgColumn };

async function upsertById(db: Database, table: TableWithId, rows: Record<string, unknown>[]) {
  // Every column but the id takes the new value: editing a pack here updates it on restart.
  const columns = Object.keys(getTableColumns(table)).filter((key) => key !== 'id');
  const set = Object.fromEntries(columns.map((key) => [key, sql.raw(`excluded.${snakeCase(key)}`)]));
  await db.insert(table).values(rows).onConflictDoUpdate({ target: table.id, set });
  // Rows were inserted with explicit ids: move the identity past them for any later insert.
  const name = getTableName(table);
  await db.execute(sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${table}))`);
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
