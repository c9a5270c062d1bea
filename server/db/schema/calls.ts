import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { changesTable, createdAt, id, instant, updatedAt } from './columns.ts';
import { widgetTypes } from './reference.ts';
import { agents, websites, widgets } from './toolbox.ts';

export const callStatuses = ['successful', 'missed', 'busy', 'no-answer'] as const;
export const callTypes = ['instant', 'scheduled'] as const;
export const scheduledCallStatuses = ['pending', 'in-progress', 'completed', 'failed', 'canceled'] as const;

/** A visitor's GA4 session ids by stream container (openapi/widget.yaml GaSessionIds), as kept: well-formed entries only (common/rules/ga4.ts). */
export type GaSessionIds = Record<string, string>;

/** Custom fields #1 to #3 a visitor filled in the schedule form (spec §3 Scheduled call). */
export interface CustomFields {
  customField1?: string | null;
  customField2?: string | null;
  customField3?: string | null;
}

/**
 * A callback a visitor scheduled (spec §3 Scheduled call). The scheduler claims due rows with
 * FOR UPDATE SKIP LOCKED (ARCHITECTURE.md rule 3), hence the (status, scheduled_at) index.
 */
export const scheduledCalls = pgTable(
  'scheduled_calls',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    websiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
    widgetId: integer().references(() => widgets.id, { onDelete: 'set null' }),
    agentId: integer().references(() => agents.id, { onDelete: 'set null' }),
    customerNumber: text().notNull(),
    /** The page the visitor scheduled from; its call gets it (Call request URL). */
    url: text(),
    scheduledAt: instant().notNull(),
    status: text({ enum: scheduledCallStatuses }).notNull().default('pending'),
    customFields: jsonb().$type<CustomFields>().notNull().default({}),
    attempts: integer().notNull().default(0),
    claimedAt: instant(),
    /** The missed Call now this callback recovers (issue 18), scheduled by the call engine. */
    recoversCallId: integer().references((): AnyPgColumn => calls.id, { onDelete: 'set null' }),
    /**
     * The visitor's Google Analytics client and session ids (issue 19, the widget reads the `_ga`
     * and `_ga_<container>` cookies), kept until the callback's call is placed, which then gets
     * them in callAttributions (and this copy is cleared). Written only while the account has an
     * active GA4 connection (callAttribution.ts): nothing of a visitor is kept for an account that
     * sends nothing; cleared when the connection is removed.
     */
    gaClientId: text(),
    gaSessionIds: jsonb().$type<GaSessionIds>(),
    /** The visitor's first-touch source (issue 20, traffic_sources; null: not told), given to the callback's call with landingPage. */
    trafficSourceId: integer(),
    /** The first page of the visitor's visit (issue 20), as the widget remembered it. */
    landingPage: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_calls_due_idx').on(t.status, t.scheduledAt),
    index('scheduled_calls_user_id_scheduled_at_idx').on(t.userId, t.scheduledAt),
    // The callback recovering a missed call, shown with it in Calls History.
    index('scheduled_calls_recovers_call_id_idx').on(t.recoversCallId).where(sql`${t.recoversCallId} is not null`),
    check(
      'scheduled_calls_status_check',
      sql`${t.status} in ('pending', 'in-progress', 'completed', 'failed', 'canceled')`,
    ),
  ],
);

/**
 * A call between a visitor and an agent (spec §3 Call). Widget name and type are copied so past
 * calls keep them after the widget is deleted (openapi deleteWidget).
 */
export const calls = pgTable(
  'calls',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shown as Call ID (spec §2 Calls History). */
    convertId: text().notNull(),
    /**
     * A test call the client placed to their own phone (issue 21, "Call me now"): free of credits,
     * marked in Calls History, left out of analytics and its counters.
     */
    isTest: boolean().notNull().default(false),
    websiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
    widgetId: integer().references(() => widgets.id, { onDelete: 'set null' }),
    widgetName: text().notNull(),
    widgetTypeId: integer()
      .notNull()
      .references(() => widgetTypes.id),
    agentId: integer().references(() => agents.id, { onDelete: 'set null' }),
    scheduledCallId: integer().references(() => scheduledCalls.id, { onDelete: 'set null' }),
    type: text({ enum: callTypes }).notNull(),
    status: text({ enum: callStatuses }).notNull(),
    /** Seconds. */
    duration: integer().notNull().default(0),
    /** The page the visitor asked from (Call request URL). */
    url: text(),
    customerNumber: text().notNull(),
    agentNumber: text(),
    /** The number the call came from (Called from). */
    calledFrom: text(),
    geolocation: jsonb().$type<{ country?: string; region?: string; city?: string }>(),
    customFields: jsonb().$type<CustomFields>().notNull().default({}),
    creditsCharged: integer().notNull().default(0),
    /**
     * Credits held on the account's balance (credits.reserved) for this call while it is placed:
     * taken when the call is accepted, charged when it connects, given back otherwise; 0 once
     * its outcome is recorded (domain/credits/reservations.ts).
     */
    reservedCredits: integer().notNull().default(0),
    /**
     * Set while a Call now call is being placed: a lease the placing instance renews; null once
     * its outcome is recorded. A lease that ran out (the instance died) is taken over by the
     * scheduled-calls worker, which finishes placing the call (domain/callEngine/callRecovery.ts).
     */
    placementClaimedAt: instant(),
    /**
     * When the placement recorded the call's outcome (callPlacement.ts recordOutcome): what
     * call.completed and call.missed are written on (issue 19, migration 0017). Null while a call is
     * placed, and for calls recorded before this column (their outcome is final).
     */
    outcomeRecordedAt: instant(),
    /** The visitor's language as the widget's page reported it (BCP 47), for the missed-call text. */
    visitorLanguage: text(),
    /**
     * The visitor's first-touch source (issue 20: UTM, referrer or direct; traffic_sources), null
     * when the widget told none. Counted per day in daily_source_usage by a trigger (migration 0022).
     * No foreign key: a source is deleted only with its account, calls with it; a key would make
     * that deletion look up every call of the account per source (or cost an index on every call).
     */
    trafficSourceId: integer(),
    /** The first page of the visitor's visit (issue 20), for the CSV export and webhooks. */
    landingPage: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calls_convert_id_key').on(t.convertId),
    index('calls_placement_claimed_at_idx').on(t.placementClaimedAt).where(sql`${t.placementClaimedAt} is not null`),
    // The Calls History timeline (spec §7 GET /client/calls, /csv; analytics): one index serves
    // the newest-first page (created_at, id desc; keyset batches of the CSV export) and, because
    // it also holds every filter column, counts and analytics run as index-only scans.
    index('calls_user_timeline_idx').on(t.userId, t.createdAt, t.id, t.websiteId, t.widgetTypeId, t.status, t.type),
    // Calls whose website was deleted (website_id set null) have no daily counters: the Calls
    // History count reads them here (domain/callHistory/callCount.ts). Usually empty.
    index('calls_without_website_idx').on(t.userId, t.createdAt, t.widgetTypeId, t.status, t.type).where(sql`${t.websiteId} is null`),
    // A visitor's Call now calls on an account, newest last: the duplicate check of every Call
    // now (accept_instant_calls) reads one row here. Through the timeline it read every call of
    // the account's last minute, each request of a crowd all the others (issue 17). Partial, so
    // the planner prefers it to the timeline without statistics (PGlite gathers none).
    index('calls_user_number_idx').on(t.userId, t.customerNumber, t.createdAt).where(sql`${t.type} = 'instant'`),
    check('calls_status_check', sql`${t.status} in ('successful', 'missed', 'busy', 'no-answer')`),
    check('calls_type_check', sql`${t.type} in ('instant', 'scheduled')`),
    check('calls_reserved_credits_not_negative', sql`${t.reservedCredits} >= 0`),
    // Calls still holding credits: recovery and the tests find them without a scan.
    index('calls_reserved_credits_idx').on(t.userId).where(sql`${t.reservedCredits} > 0`),
  ],
);

/** The audio of a call (spec §2 Calls History: play and download as .wav). */
export const callRecordings = pgTable(
  'call_recordings',
  {
    id: id(),
    callId: integer()
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    contentType: text().notNull().default('audio/wav'),
    duration: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  // The recordings janitor reads them oldest first (domain/callHistory/recordingRetention.ts).
  (t) => [uniqueIndex('call_recordings_call_id_key').on(t.callId), index('call_recordings_created_at_idx').on(t.createdAt)],
);

/**
 * Where a call's visitor came from, as the widget's page told it: for now the visitor's Google
 * Analytics client and session ids (issue 19: the call's outcome is sent to the client's GA4
 * property as an event of that visitor, in their session when it still lasts); the visitor's
 * source (UTM…) joins it later (issue 20). Written only for an account with an active GA4
 * connection and a well-formed client id (callAttribution.ts): after a Call now is accepted, off
 * its answer, or with a scheduled callback's call from the callback's own
 * (scheduledCallPlacement.ts). No row: nothing was told or kept, and no outcome is sent to GA4.
 */
export const callAttributions = pgTable('call_attributions', {
  callId: integer()
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  /** `<random>.<seconds>` of the `_ga` cookie (openapi/widget.yaml GaClientId). */
  gaClientId: text(),
  /** The session id of each GA4 stream the page measured with, by container; the one of the account's measurement id is sent. */
  gaSessionIds: jsonb().$type<GaSessionIds>(),
  createdAt: createdAt(),
});

/** One telephony leg of a call: to an agent or to the customer (spec §3 Call.TwilioCalls). */
export const twilioCallLegs = pgTable(
  'twilio_call_legs',
  {
    id: id(),
    callId: integer()
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    target: text({ enum: ['agent', 'customer'] }).notNull(),
    agentId: integer().references(() => agents.id, { onDelete: 'set null' }),
    /** The telephony provider's id of the leg (Twilio's CallSid). */
    providerSid: text(),
    status: text().notNull(),
    metadata: jsonb().$type<{ to?: string } & Record<string, unknown>>().notNull().default({}),
    startedAt: instant(),
    endedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index('twilio_call_legs_call_id_idx').on(t.callId), check('twilio_call_legs_target_check', sql`${t.target} in ('agent', 'customer')`)],
);

/**
 * What changed an account's Calls History (issue 17): one row per statement that inserts, updates
 * or deletes its calls, their legs or recordings, written by statement-level triggers (migration
 * 0011) in the changing transaction, whatever code or SQL made it. Each instance keeps pages of the
 * history it answered (server/domain/callHistory/callPageCache.ts) and checks them against these
 * rows. Insert-only, so writers never wait on each other; rows past CHANGES_RETENTION_MS are
 * deleted by the changes janitor. Loads that skip triggers (TRUNCATE, session_replication_role =
 * replica, as the benchmark's seeding) must write a row for each account themselves.
 */
export const callChanges = changesTable('call_changes');
