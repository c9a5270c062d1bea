import { and, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Ga4, Ga4SendResult } from '../adapters/analytics/ga4.ts';
import type { Database } from '../db/client.ts';
import { callAttributions, calls } from '../db/schema/calls.ts';
import { ga4Events, ga4Settings } from '../db/schema/ga4.ts';
import { GA4_MAX_EVENT_AGE_MS, ga4HitOf } from '../domain/ga4/ga4Hits.ts';
import { GA4_RETRY_WINDOW_MS } from '../domain/ga4/ga4Settings.ts';
import { type ClaimedRow, claimedRows, claimOf, nextAttemptAt, OutboxWorker } from './outbox.ts';
import { forgetOldVisitorGaIds } from '../domain/callEngine/callAttribution.ts';

/** How long a claimed event is left to its sender before another instance may send it: well past a send's timeout (the adapter's timeoutMs, 10 s). */
export const GA4_LEASE_MS = 60_000;
/**
 * Hits an instance sends at once: every one goes to the same Google endpoint, which answers in
 * milliseconds, so a few keep up with any call volume, and a slow Google holds only these.
 */
export const GA4_SENDS_AT_ONCE = 8;
/** Sent and dropped events are kept this long (to see what happened to a call's hit), then deleted. */
export const GA4_EVENTS_KEPT_MS = 7 * 86_400_000;

export interface Ga4WorkerOptions {
  db: Database;
  ga4: Ga4;
  log: { warn(object: object, message: string): void };
  now?: () => number;
  pollIntervalMs?: number;
}

/**
 * Sends the clients' call outcomes to their GA4 properties (issue 19): each instance polls,
 * claims due events of active connections with FOR UPDATE SKIP LOCKED and a lease (leased_until,
 * GA4_LEASE_MS ahead), and sends up to GA4_SENDS_AT_ONCE side by side through the GA4 adapter,
 * building each hit from the call as it is then (ga4Hits.ts). A success marks the event sent and
 * the connection's lastSentAt (clearing its last failure); a failure notes it on the connection
 * and makes the event due again after retryDelayMs (outbox.ts), until GA4_RETRY_WINDOW_MS after
 * it was queued, when it is dropped. Events of a connection turned off wait, and are dropped like
 * any other; a removed connection's were dropped with it (ga4Settings.ts). Nothing on a call's
 * path waits for any of it: events are rows written by a trigger (migration 0019).
 */
export class Ga4Worker extends OutboxWorker {
  readonly #options: Ga4WorkerOptions;

  /** runOnce() answers how many events the poll claimed and started; settle() waits for them and answers how many GA4 took. */
  constructor(options: Ga4WorkerOptions) {
    super({
      name: 'ga4',
      db: options.db,
      log: options.log,
      now: options.now,
      pollIntervalMs: options.pollIntervalMs ?? 2_000,
      table: ga4Events,
      windowMs: GA4_RETRY_WINDOW_MS,
      givenUpStatus: 'dropped',
      givenUpError: 'not sent within 24 hours',
      keptMs: GA4_EVENTS_KEPT_MS,
      sendsAtOnce: GA4_SENDS_AT_ONCE,
      leaseMs: GA4_LEASE_MS,
      timeoutMs: options.ga4.timeoutMs,
    });
    this.#options = options;
  }

  protected override async claim(now: Date, free: number): Promise<ClaimedRow[]> {
    // The claimable conditions are checked again on the rows locked: a row another instance
    // claimed while this statement ran is locked in its new version, which they then refuse.
    // Within the retry window too: past it, the give-up (once a minute, outbox.ts) drops it, and it is not sent meanwhile.
    const claimable = sql`e.status = 'pending' and e.due_at <= ${now} and (e.leased_until is null or e.leased_until <= ${now}) and e.created_at > ${new Date(now.getTime() - GA4_RETRY_WINDOW_MS)}`;
    return claimedRows(
      await this.db.execute(sql`
      with picked as (
        select e.id from ${ga4Events} e
        where ${claimable} and exists (select 1 from ${ga4Settings} s where s.user_id = e.user_id and s.is_active)
        order by e.due_at, e.id
        limit ${free}
        for update of e skip locked
      )
      update ${ga4Events} e set attempts = e.attempts + 1, leased_until = ${new Date(now.getTime() + GA4_LEASE_MS)}
      from picked where e.id = picked.id and ${claimable}
      returning e.id as id, e.attempts as attempts, e.created_at as created_at`),
    );
  }

  /** Sent and dropped events past GA4_EVENTS_KEPT_MS. */
  protected override async deleteDone(before: Date, limit: number): Promise<number> {
    const old = this.db
      .select({ id: ga4Events.id })
      .from(ga4Events)
      .where(and(lt(ga4Events.createdAt, before), ne(ga4Events.status, 'pending')))
      .limit(limit);
    const deleted = await this.db.delete(ga4Events).where(inArray(ga4Events.id, old)).returning({ id: ga4Events.id });
    return deleted.length;
  }

  /** The visitors' GA ids past what GA4 still takes (callAttribution.ts). */
  protected override async cleanUpMore(now: Date): Promise<void> {
    await forgetOldVisitorGaIds(this.db, now);
  }

  /** One send of a claimed event, and what follows from it; true when GA4 took it. */
  protected override async send(event: ClaimedRow): Promise<boolean> {
    const { db } = this;
    const { ga4, log } = this.#options;
    const mine = claimOf(ga4Events, event);
    try {
      // Read under its claim, as GA4 de-duplicates nothing: an event another instance took over
      // (its lease ran out) is that one's to send, and one dropped meanwhile (its connection
      // removed, maybe another one saved since) is nobody's.
      const [row] = await db
        .select({
          userId: ga4Events.userId,
          connection: { measurementId: ga4Settings.measurementId, apiSecret: ga4Settings.apiSecret, isActive: ga4Settings.isActive },
          call: {
            id: calls.id,
            createdAt: calls.createdAt,
            outcomeRecordedAt: calls.outcomeRecordedAt,
            status: calls.status,
            type: calls.type,
            duration: calls.duration,
            widgetId: calls.widgetId,
            widgetName: calls.widgetName,
          },
          gaClientId: callAttributions.gaClientId,
          gaSessionIds: callAttributions.gaSessionIds,
        })
        .from(ga4Events)
        .innerJoin(calls, eq(calls.id, ga4Events.callId))
        .innerJoin(ga4Settings, eq(ga4Settings.userId, ga4Events.userId))
        .leftJoin(callAttributions, eq(callAttributions.callId, ga4Events.callId))
        .where(mine);
      // Not this send's any more (above), or the call deleted (the event with it).
      if (!row) return false;
      // Turned off since the claim: it waits again, as its other events do (saveGa4Settings set it due at the end of its window).
      if (!row.connection.isActive) {
        await db.update(ga4Events).set({ leasedUntil: null }).where(mine);
        return false;
      }
      const { outcomeRecordedAt } = row.call;
      const now = this.now();
      if (outcomeRecordedAt === null || outcomeRecordedAt.getTime() < now - GA4_MAX_EVENT_AGE_MS) {
        // GA4 would discard it without a word (and an outcome set back to null has nothing to say).
        await db.update(ga4Events).set({ status: 'dropped', leasedUntil: null, lastError: 'the outcome is older than GA4 accepts (72 hours)' }).where(mine);
        return false;
      }
      if (row.gaClientId === null) {
        // Queued only with the visitor's client id (migration 0019): a stand-in would count a user who never visited.
        await db.update(ga4Events).set({ status: 'dropped', leasedUntil: null, lastError: 'the call has no GA client id' }).where(mine);
        return false;
      }
      const result = await ga4.send(ga4HitOf(row.connection, { ...row.call, outcomeRecordedAt, gaClientId: row.gaClientId, gaSessionIds: row.gaSessionIds }));
      await this.#record(event, mine, row.userId, result);
      return result.ok;
    } catch (error) {
      log.warn({ err: error, ga4EventId: event.id }, 'ga4: an event failed to send');
      return false;
    }
  }

  async #record(event: ClaimedRow, mine: SQL, userId: number, result: Ga4SendResult): Promise<void> {
    const { db } = this;
    const now = new Date(this.now());
    // updated_at says when the client last changed the connection (Ga4Settings.updatedAt); the
    // column's $onUpdate would stamp every send's bookkeeping as such a change, so it is set to itself.
    const updatedAtUnchanged = sql`${ga4Settings.updatedAt}`;
    const outcome = { lastAttemptAt: now, leasedUntil: null, responseCode: result.status, lastError: result.ok ? null : result.error };
    if (result.ok) {
      const [recorded] = await db.update(ga4Events).set({ ...outcome, status: 'sent' }).where(mine).returning({ id: ga4Events.id });
      if (!recorded) return;
      // A failure noted after this success (a slower send of the same moment) is kept: it happened later.
      await db
        .update(ga4Settings)
        .set({
          lastSentAt: sql`greatest(${ga4Settings.lastSentAt}, ${now})`,
          lastFailureAt: sql`case when ${ga4Settings.lastFailureAt} <= ${now} then null else ${ga4Settings.lastFailureAt} end`,
          lastFailureReason: sql`case when ${ga4Settings.lastFailureAt} <= ${now} then null else ${ga4Settings.lastFailureReason} end`,
          lastFailureCode: sql`case when ${ga4Settings.lastFailureAt} <= ${now} then null else ${ga4Settings.lastFailureCode} end`,
          updatedAt: updatedAtUnchanged,
        })
        .where(eq(ga4Settings.userId, userId));
      return;
    }
    const next = nextAttemptAt(event, now, GA4_RETRY_WINDOW_MS);
    const [recorded] = await db
      .update(ga4Events)
      .set(next === null ? { ...outcome, status: 'dropped' } : { ...outcome, dueAt: next })
      .where(mine)
      .returning({ id: ga4Events.id });
    if (!recorded) return;
    await db
      .update(ga4Settings)
      .set({ lastFailureAt: now, lastFailureReason: result.reason, lastFailureCode: result.status, updatedAt: updatedAtUnchanged })
      .where(eq(ga4Settings.userId, userId));
  }
}
