import { and, eq, inArray, isNotNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callAttributions, calls, scheduledCalls, type GaSessionIds } from '../../db/schema/calls.ts';
import { ga4Settings } from '../../db/schema/ga4.ts';
import { GA4_MAX_EVENT_AGE_MS } from '../ga4/ga4Hits.ts';
import { GA_CLIENT_ID_PATTERN, GA_CONTAINER_PATTERN, GA_SESSION_ID_PATTERN, MAX_GA_SESSION_IDS } from '../../../common/rules/ga4.ts';

/** What the widget's page told of a call's visitor (openapi/widget.yaml CallRequest), as kept: the GA client id and session ids. */
export interface CallAttribution {
  gaClientId: string;
  /** Null when the page had no well-formed `_ga_<container>` cookie. */
  gaSessionIds: GaSessionIds | null;
}

/**
 * The attribution a request's analytics fields make, or null: the contract takes them leniently
 * (a malformed analytics field never costs a lead), so the strict patterns (common/rules/ga4.ts)
 * are applied here, and what fails them is ignored, not stored. Without a well-formed client id
 * there is none: the call's outcome is not sent to GA4 then (migration 0019), so its session ids
 * would serve nothing. Of the session ids, the first MAX_GA_SESSION_IDS well-formed entries stay.
 */
export function callAttributionOf(fields: { gaClientId?: unknown; gaSessionIds?: unknown }): CallAttribution | null {
  const { gaClientId, gaSessionIds } = fields;
  if (typeof gaClientId !== 'string' || !GA_CLIENT_ID_PATTERN.test(gaClientId)) return null;
  const kept: GaSessionIds = {};
  let count = 0;
  if (typeof gaSessionIds === 'object' && gaSessionIds !== null && !Array.isArray(gaSessionIds)) {
    for (const [container, sessionId] of Object.entries(gaSessionIds)) {
      if (count === MAX_GA_SESSION_IDS) break;
      if (!GA_CONTAINER_PATTERN.test(container) || typeof sessionId !== 'string' || !GA_SESSION_ID_PATTERN.test(sessionId)) continue;
      kept[container] = sessionId;
      count += 1;
    }
  }
  return { gaClientId, gaSessionIds: count > 0 ? kept : null };
}

/** True (in SQL) while the account has an active GA4 connection: a primary-key probe of ga4_settings. */
function ga4Active(userId: number): SQL {
  return sql`exists (select 1 from ${ga4Settings} where ${ga4Settings.userId} = ${userId} and ${ga4Settings.isActive})`;
}

/**
 * A visitor's ids as a scheduled callback keeps them (scheduled_calls.ga_client_id,
 * ga_session_ids), in the statement that writes the callback: the values only while the account
 * has an active GA4 connection, else nulls, so nothing of a visitor is kept for an account that
 * sends nothing to GA4.
 */
export function keptForGa4(userId: number, attribution: CallAttribution | null): { gaClientId: SQL | null; gaSessionIds: SQL | null } {
  if (!attribution) return { gaClientId: null, gaSessionIds: null };
  const active = ga4Active(userId);
  const sessions = attribution.gaSessionIds ? JSON.stringify(attribution.gaSessionIds) : null;
  return {
    gaClientId: sql`case when ${active} then ${attribution.gaClientId} end`,
    gaSessionIds: sessions === null ? null : sql`case when ${active} then ${sessions}::jsonb end`,
  };
}

/**
 * Writes a call's attribution once, in one statement and only while the account has an active GA4
 * connection (else nothing: the `_ga` ids of an account without GA4 are never stored). A second
 * write (a placement taken over after a crash, a retried request) keeps the first. Apart from the
 * call's own row on purpose: a Call now is accepted in a group commit (accept_instant_calls) that
 * this adds nothing to, and writes it after the visitor is answered (callRequests.ts); the call is
 * complete without it. An attribution written after its call's outcome still queues the outcome's
 * GA4 event (migration 0019).
 */
export async function recordCallAttribution(db: Database, call: { id: number; userId: number }, attribution: CallAttribution): Promise<void> {
  const sessions = attribution.gaSessionIds ? JSON.stringify(attribution.gaSessionIds) : null;
  await db.execute(sql`
    insert into ${callAttributions} (call_id, ga_client_id, ga_session_ids)
    select ${call.id}, ${attribution.gaClientId}, ${sessions}::jsonb
    where ${ga4Active(call.userId)}
    on conflict (call_id) do nothing`);
}

/**
 * The visitor's GA ids serve only the call's GA4 event, and GA4 takes no event older than 72 hours
 * (GA4_MAX_EVENT_AGE_MS): attributions older than that are deleted (a batch a statement, so no one
 * statement holds the table long), and so are the copies of callbacks that are no longer waiting to
 * be placed (their call has its own). Run by the GA4 worker's hourly cleanup. Answers how many
 * attributions went.
 */
export async function forgetOldVisitorGaIds(db: Database, now: Date, batch = 1000): Promise<number> {
  const before = new Date(now.getTime() - GA4_MAX_EVENT_AGE_MS);
  let forgotten = 0;
  for (;;) {
    const old = db.select({ callId: callAttributions.callId }).from(callAttributions).where(lt(callAttributions.createdAt, before)).limit(batch);
    const deleted = await db.delete(callAttributions).where(inArray(callAttributions.callId, old)).returning({ callId: callAttributions.callId });
    forgotten += deleted.length;
    if (deleted.length < batch) break;
  }
  await db
    .update(scheduledCalls)
    .set({ gaClientId: null, gaSessionIds: null })
    .where(and(notInArray(scheduledCalls.status, ['pending', 'in-progress']), or(isNotNull(scheduledCalls.gaClientId), isNotNull(scheduledCalls.gaSessionIds))));
  return forgotten;
}

/** A disconnected account's visitors' GA ids, all of them (in the transaction that removes the connection). */
export async function forgetAccountVisitorGaIds(db: Database, userId: number): Promise<void> {
  await db.delete(callAttributions).where(inArray(callAttributions.callId, db.select({ id: calls.id }).from(calls).where(eq(calls.userId, userId))));
  await db
    .update(scheduledCalls)
    .set({ gaClientId: null, gaSessionIds: null })
    .where(and(eq(scheduledCalls.userId, userId), or(isNotNull(scheduledCalls.gaClientId), isNotNull(scheduledCalls.gaSessionIds))));
}
