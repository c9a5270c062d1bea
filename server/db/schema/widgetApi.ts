import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { changesTable, createdAt, id, instant } from './columns.ts';

// Guardrails of the public widget API (issue 7): rate-limit counters shared by every server
// instance, and each client's block list.

/**
 * Fixed-window request counters of every rate limit (server/domain/limits/rateLimits.ts; the
 * widget API's came first, hence the name): one row per limit key (e.g.
 * `call:address:203.0.113.7`) and window start, incremented with an upsert. Rows of past
 * windows are deleted as new windows open.
 */
export const widgetRateCounters = pgTable(
  'widget_rate_counters',
  {
    key: text().notNull(),
    windowStart: instant().notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('widget_rate_counters_window_start_idx').on(t.windowStart)],
);

export const blockedVisitorKinds = ['number', 'address'] as const;

/** A visitor number or address a client refuses calls from (issue 7: "a block list per client"). */
export const blockedVisitors = pgTable(
  'blocked_visitors',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: blockedVisitorKinds }).notNull(),
    /** A phone number as calls store it (normalized), or a client IP address. */
    value: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blocked_visitors_user_kind_value_key').on(t.userId, t.kind, t.value),
    check('blocked_visitors_kind_check', sql`${t.kind} in ('number', 'address')`),
  ],
);

/**
 * A client's velocity limits on call and callback requests from its widgets (issue 15, finding
 * 1): at most `perWidget` requests to one widget in 10 minutes and `perAccount` to all its
 * widgets in an hour (server/domain/limits/callVelocity.ts). No row: the defaults.
 */
export const callLimits = pgTable(
  'call_limits',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    perWidget: integer().notNull(),
    perAccount: integer().notNull(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [check('call_limits_positive', sql`${t.perWidget} >= 1 and ${t.perAccount} >= 1`)],
);

/**
 * What changed an account's widgets, websites or agents (issue 17): one row per inserted, updated
 * or deleted row of those tables, and per change of the account's time zone or deletion, written
 * by triggers (migration 0009) in the changing transaction, whatever code or SQL made it. What is
 * made of them is kept in memory and checked against the account's rows here: each instance's
 * widget configurations (server/widgetApi/widgetConfigCache.ts), widget lists
 * (server/domain/widgets/widgetListCache.ts) and Calls History pages, which show the websites'
 * domains (server/domain/callHistory/callPageCache.ts). Insert-only, so writers never wait on each
 * other; rows past CHANGES_RETENTION_MS are deleted by the changes janitor.
 */
export const toolboxChanges = changesTable('toolbox_changes');
