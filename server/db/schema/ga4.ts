import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { calls } from './calls.ts';
import { createdAt, instant, updatedAt } from './columns.ts';

/** Why a send to GA4 failed (openapi Ga4Failure.reason). */
export const ga4FailureReasons = ['unreachable', 'timeout', 'http_error'] as const;
export type Ga4FailureReason = (typeof ga4FailureReasons)[number];

export const ga4EventStatuses = ['pending', 'sent', 'dropped'] as const;
export type Ga4EventStatus = (typeof ga4EventStatuses)[number];

/**
 * An account's Google Analytics 4 connection (issue 19): the web stream's measurement id and a
 * Measurement Protocol API secret (never answered, only its last characters), and how the last
 * sends went. One per account. While `isActive`, each outcome of a call whose visitor had a GA
 * client id is queued (ga4Events), and the visitors' GA ids are kept (callAttributions).
 */
export const ga4Settings = pgTable(
  'ga4_settings',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    measurementId: text().notNull(),
    apiSecret: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** When GA4 last answered a send of this account with success (as it answers a wrong secret too). */
    lastSentAt: instant(),
    /** The last failed send (it is retried), cleared by the next success. */
    lastFailureAt: instant(),
    lastFailureReason: text({ enum: ga4FailureReasons }),
    lastFailureCode: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('ga4_settings_last_failure_reason_check', sql`${t.lastFailureReason} in ('unreachable', 'timeout', 'http_error')`)],
);

/**
 * The GA4 outbox (issue 19): one row per call outcome of an account with an active connection
 * whose call has the visitor's GA client id, written by a trigger in the transaction that records
 * the outcome, or that writes the call's attribution when it comes later (migration 0019). The GA4
 * worker claims due rows with FOR UPDATE SKIP LOCKED and a lease (workers/ga4Worker.ts), sends the
 * `callback_call_completed` hit built from the call as it is then, and marks it sent, or dropped
 * once its retries run out (24 hours) or the connection is removed.
 */
export const ga4Events = pgTable(
  'ga4_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    callId: integer()
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    status: text({ enum: ga4EventStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** Not tried before this time: the next retry. */
    dueAt: instant().notNull().defaultNow(),
    /** Set while an instance sends it: not claimed again before this time (a sender that died leaves it to the next). */
    leasedUntil: instant(),
    lastAttemptAt: instant(),
    responseCode: integer(),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's claim: pending rows, soonest due first.
    index('ga4_events_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    // An account's pending events: counted by GET /client/integrations/ga4, dropped by DELETE.
    index('ga4_events_user_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    // A call's outcome is sent once, whatever writes it twice (the trigger inserts on conflict do nothing); calls' deletes cascade through it.
    uniqueIndex('ga4_events_call_id_key').on(t.callId),
    index('ga4_events_created_at_idx').on(t.createdAt),
    check('ga4_events_status_check', sql`${t.status} in ('pending', 'sent', 'dropped')`),
  ],
);
