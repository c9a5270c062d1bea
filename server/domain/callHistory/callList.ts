import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callRecordings, calls, scheduledCalls, twilioCallLegs } from '../../db/schema/calls.ts';
import { trafficSources } from '../../db/schema/analytics.ts';
import { clientNotifications } from '../../db/schema/notifications.ts';
import { websites } from '../../db/schema/toolbox.ts';
import { countCalls } from './callCount.ts';
import { type CallFilters, callConditions } from './callFilters.ts';
import { type CallView, type LegSummary, type RecoverySummary, toCallView } from './callView.ts';

export interface Paging {
  /** From 1. */
  page: number;
  perPage: number;
}

/** The telephony legs of the call, in the order they were dialled (what the contract shows of them). */
const legsOfCall = sql<LegSummary[]>`(
  select coalesce(json_agg(json_build_object('id', ${twilioCallLegs.id}, 'target', ${twilioCallLegs.target}, 'agentId', ${twilioCallLegs.agentId},
    'metadata', json_build_object('to', ${twilioCallLegs.metadata} ->> 'to')) order by ${twilioCallLegs.id}), '[]')
  from ${twilioCallLegs} where ${twilioCallLegs.callId} = ${calls.id})`;

/**
 * What followed a missed Call now (issue 18): the visitor's text (unless it was refused or failed
 * for good) and the callback recovering it (unless canceled or given up), through their partial
 * indexes; null for a connected or scheduled call, and when nothing did.
 */
const recoveryOfCall = sql<RecoverySummary | null>`(case when ${calls.type} = 'instant' and ${calls.status} <> 'successful' then (
  select case when texted or callback_at is not null then json_build_object('textedVisitor', texted, 'callbackAt', callback_at) end
  from (select
    exists (select 1 from ${clientNotifications} where ${clientNotifications.callId} = ${calls.id} and ${clientNotifications.event} = 'missed_call_text' and ${clientNotifications.failedAt} is null) as texted,
    (select min(${scheduledCalls.scheduledAt}) from ${scheduledCalls} where ${scheduledCalls.recoversCallId} = ${calls.id} and ${scheduledCalls.status} in ('pending', 'in-progress', 'completed')) as callback_at) recovery
) end)`;

/** The call's traffic source (issue 20), through its primary key; all null without one. */
const sourceOfCall = { source: trafficSources.source, medium: trafficSources.medium, campaign: trafficSources.campaign };

type PageRow = Awaited<ReturnType<typeof callsPageQuery>>[number];

/** What the page's query reads with each call: its website, recording, legs and recovery. */
function callWithRelated(db: Database) {
  return db
    .select({ call: calls, domain: websites.domain, recordingId: callRecordings.id, legs: legsOfCall, recovery: recoveryOfCall, source: sourceOfCall })
    .from(calls)
    .leftJoin(websites, eq(websites.id, calls.websiteId))
    .leftJoin(callRecordings, eq(callRecordings.callId, calls.id))
    .leftJoin(trafficSources, eq(trafficSources.id, calls.trafficSourceId));
}

function toView(row: Pick<PageRow, 'call' | 'domain' | 'recordingId' | 'legs' | 'recovery' | 'source'>): CallView {
  return toCallView(row.call, { domain: row.domain, hasRecording: row.recordingId !== null, legs: row.legs, recovery: row.recovery, source: row.source });
}

/** One of the caller's calls as the contract's Call (the webhooks' `data`), or null. */
export async function findCallView(db: Database, userId: number, callId: number): Promise<CallView | null> {
  const [row] = await callWithRelated(db).where(and(eq(calls.userId, userId), eq(calls.id, callId)));
  return row ? toView(row) : null;
}

/**
 * The query of `take` matching calls after skipping `skip` from the newest or the oldest end,
 * answered newest first (exported for the bench's EXPLAIN).
 */
export function callsPageQuery(db: Database, userId: number, filters: CallFilters, window: { newestFirst: boolean; skip: number; take: number }) {
  const order = window.newestFirst ? desc : asc;
  // The ids alone first: an index-only scan that skips rows without reading them.
  const page = db
    .select({ id: calls.id })
    .from(calls)
    .where(callConditions(userId, filters))
    .orderBy(order(calls.createdAt), order(calls.id))
    .limit(window.take)
    .offset(window.skip)
    .as('page');
  // The legs and the recovery come with the page (subqueries per row, through their indexes).
  return db
    .select({ call: calls, domain: websites.domain, recordingId: callRecordings.id, legs: legsOfCall, recovery: recoveryOfCall, source: sourceOfCall })
    .from(page)
    .innerJoin(calls, eq(calls.id, page.id))
    .leftJoin(websites, eq(websites.id, calls.websiteId))
    .leftJoin(callRecordings, eq(callRecordings.callId, calls.id))
    .leftJoin(trafficSources, eq(trafficSources.id, calls.trafficSourceId))
    .orderBy(desc(calls.createdAt), desc(calls.id));
}

/**
 * One page of the caller's calls matching `filters`, newest first, and how many match
 * (spec §7 GET /client/calls: "rows, count"). Ties on createdAt fall back to the id so pages
 * never overlap. The count is exact and cheap (callCount.ts), so pages past the first count first:
 * a page past the end reads no rows, and a page in the older half is read from the oldest end
 * (the last page of a million calls skips a few rows, not a million). A page's ids are found in
 * calls_user_timeline_idx alone (it holds every filter column), and only its rows are read.
 */
export async function listCalls(db: Database, userId: number, filters: CallFilters, paging: Paging): Promise<{ data: CallView[]; count: number }> {
  const offset = (paging.page - 1) * paging.perPage;
  // One query after the other: a request holds one pooled connection at a time.
  let count: number;
  let rows: PageRow[];
  if (offset === 0) {
    rows = await callsPageQuery(db, userId, filters, { newestFirst: true, skip: 0, take: paging.perPage });
    // A first page that is not full holds every match.
    count = rows.length < paging.perPage ? rows.length : await countCalls(db, userId, filters);
  } else {
    count = await countCalls(db, userId, filters);
    const take = Math.min(paging.perPage, count - offset);
    const fromOldest = count - offset - take;
    rows =
      take <= 0
        ? []
        : await callsPageQuery(db, userId, filters, fromOldest < offset ? { newestFirst: false, skip: fromOldest, take } : { newestFirst: true, skip: offset, take });
  }
  return { data: rows.map(toView), count };
}
