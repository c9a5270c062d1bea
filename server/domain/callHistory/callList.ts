import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callRecordings, calls, twilioCallLegs } from '../../db/schema/calls.ts';
import { websites } from '../../db/schema/toolbox.ts';
import { type CallFilters, callConditions } from './callFilters.ts';
import { type CallView, toCallView } from './callView.ts';

export interface Paging {
  /** From 1. */
  page: number;
  perPage: number;
}

/**
 * One page of the caller's calls matching `filters`, newest first, and how many match
 * (spec §7 GET /client/calls: "rows, count"). Ties on createdAt fall back to the id so pages
 * never overlap.
 */
export async function listCalls(db: Database, userId: number, filters: CallFilters, paging: Paging): Promise<{ data: CallView[]; count: number }> {
  const where = callConditions(userId, filters);
  // One query after the other: a request holds one pooled connection at a time.
  const rows = await db
    .select({ call: calls, domain: websites.domain, recordingId: callRecordings.id })
    .from(calls)
    .leftJoin(websites, eq(websites.id, calls.websiteId))
    .leftJoin(callRecordings, eq(callRecordings.callId, calls.id))
    .where(where)
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  const [total] = await db.select({ count: count() }).from(calls).where(where);
  const legs = await legsByCall(
    db,
    rows.map((row) => row.call.id),
  );
  return {
    data: rows.map((row) =>
      toCallView(row.call, { domain: row.domain, hasRecording: row.recordingId !== null, legs: legs.get(row.call.id) ?? [] }),
    ),
    count: total?.count ?? 0,
  };
}

/** The telephony legs of these calls, in the order they were dialled. */
async function legsByCall(db: Database, callIds: number[]) {
  const byCall = new Map<number, (typeof twilioCallLegs.$inferSelect)[]>();
  if (callIds.length === 0) return byCall;
  const legs = await db
    .select()
    .from(twilioCallLegs)
    .where(inArray(twilioCallLegs.callId, callIds))
    .orderBy(asc(twilioCallLegs.callId), asc(twilioCallLegs.id));
  for (const leg of legs) {
    const list = byCall.get(leg.callId) ?? [];
    list.push(leg);
    byCall.set(leg.callId, list);
  }
  return byCall;
}
