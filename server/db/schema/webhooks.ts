import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { createdAt, id, instant, updatedAt } from './columns.ts';

/** What a client's endpoint can subscribe to (issue 19; openapi WebhookEventType). */
export const webhookEventTypes = ['call.requested', 'call.completed', 'call.missed', 'callback.scheduled', 'credits.low', 'payment.succeeded', 'payment.failed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The event "Send test event" sends, to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * A client's webhook endpoint (issue 19): where its events are POSTed, signed with `secret`
 * (shown once, at creation). `failingSince` is set by the first failed delivery after a success;
 * an endpoint failing for WEBHOOK_SWITCH_OFF_MS is switched off (`isActive` false, `switchedOffAt`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    isActive: boolean().notNull().default(true),
    secret: text().notNull(),
    failingSince: instant(),
    /** The last failed attempt: a failure after a quiet day starts a new failing period, not the old one's. */
    lastFailureAt: instant(),
    switchedOffAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_user_id_idx').on(t.userId, t.id)],
);

/**
 * An event of an account (issue 19), written by triggers in the transaction of what happened
 * (migration 0017), one row however many endpoints hear it. `subjectId` names the call, scheduled
 * call or payment; `body` is the JSON sent, written once at the first delivery, so every attempt
 * and every endpoint gets the same bytes.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The event's id in its body and in X-Callback-Event-Id, for the receiver's de-duplication. */
    publicId: text()
      .notNull()
      .default(sql`('evt_' || replace(gen_random_uuid()::text, '-', ''))`),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    subjectId: integer(),
    body: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_events_public_id_key').on(t.publicId),
    index('webhook_events_created_at_idx').on(t.createdAt),
    // An endpoint's test events (subject_id is the endpoint), which go out even while it is off.
    index('webhook_events_test_idx').on(t.subjectId).where(sql`${t.type} = 'webhook.test'`),
  ],
);

/**
 * An event's delivery to one endpoint: pending until a 2xx answer (succeeded) or until its
 * retries run out (failed). The webhooks worker claims due rows with FOR UPDATE SKIP LOCKED and a
 * lease, so instances share the work (workers/webhooksWorker.ts).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text({ enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** Not tried before this time: the next retry. */
    dueAt: instant().notNull().defaultNow(),
    /** Set while an instance sends it: not claimed again before this time (a sender that died leaves it to the next). */
    leasedUntil: instant(),
    lastAttemptAt: instant(),
    responseCode: integer(),
    durationMs: integer(),
    lastError: text(),
    /**
     * Why it failed, as a code the dashboard translates (contract: WebhookDeliveryErrorCode; set in
     * webhookSender.ts and the webhooks worker). No check constraint: a new code needs no migration.
     */
    errorCode: text().$type<components['schemas']['WebhookDeliveryErrorCode']>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // The worker's claim, endpoint by endpoint: its pending deliveries, soonest due first.
    index('webhook_deliveries_pending_idx').on(t.endpointId, t.dueAt).where(sql`${t.status} = 'pending'`),
    // The events' retention deletes cascade through it.
    index('webhook_deliveries_event_id_idx').on(t.eventId),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
