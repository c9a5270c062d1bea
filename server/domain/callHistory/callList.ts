import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callRecordings, calls, twilioCallLegs } from '../../db/schema/calls.ts';
import { websites } from '../../db/schema/toolbox.ts';
import { countCalls } from './callCount.ts';
import { type CallFilters, callConditions } from './callFilters.ts';
import { type CallView, type LegSummary, toCallView } from './callView.ts';

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
 * One page of the caller's calls matching `filters`, newest first, and how many match
 * (spec §7 GET /client/calls: "rows, count"). Ties on createdAt fall back to the id so pages
 * never overlap. The count is exact (callCount.ts); a page that is not full already tells it.
 */
export async function listCalls(db: Database, userId: number, filters: CallFilters, paging: Paging): Promise<{ data: CallView[]; count: number }> {
  const where = callConditions(userId, filters);
  const offset = (paging.page - 1) * paging.perPage;
  // One query after the other: a request holds one pooled connection at a time. The legs come
  // with the page (a subquery per row, through twilio_call_legs_call_id_idx): one round trip less.
  const rows = await db
    .select({ call: calls, domain: websites.domain, recordingId: callRecordings.id, legs: legsOfCall })
    .from(calls)
    .leftJoin(websites, eq(websites.id, calls.websiteId))
    .leftJoin(callRecordings, eq(callRecordings.callId, calls.id))
    .where(where)
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(paging.perPage)
    .offset(offset);
  // A page with rows but fewer than asked for is the last one: the rows before it and on it are
  // all there are. An empty page past the first may be past the end, so it counts.
  const lastPage = rows.length < paging.perPage && (rows.length > 0 || offset === 0);
  const count = lastPage ? offset + rows.length : await countCalls(db, userId, filters);
  return {
    data: rows.map((row) =>
      toCallView(row.call, { domain: row.domain, hasRecording: row.recordingId !== null, legs: row.legs }),
    ),
    count,
  };
}
