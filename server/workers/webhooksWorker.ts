import { and, eq, inArray, lt, lte, notExists, type SQL, sql } from 'drizzle-orm';
import type { Mail } from '../adapters/mail/mail.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { WEBHOOK_TEST_EVENT, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema/webhooks.ts';
import { type StoredWebhookEvent, webhookEventBody, webhookEventData } from '../domain/webhooks/webhookPayloads.ts';
import { postWebhook, type WebhookAttempt, type WebhookDeliveryErrorCode } from '../domain/webhooks/webhookSender.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../domain/webhooks/webhookSignature.ts';
import { checkWebhookUrl } from '../domain/webhooks/webhookTargets.ts';
import { type ClaimedRow, claimedRows, claimOf, nextAttemptAt, OutboxWorker } from './outbox.ts';

/** A receiver answers within this, or the attempt fails (contract: WebhookEventBody). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a claimed delivery is left to its sender before another instance may try it: well past an attempt's timeout. */
export const WEBHOOK_LEASE_MS = 60_000;
/** A delivery is retried this long after its event, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
/** An endpoint whose deliveries have failed this long, with no success between, is switched off and its owner e-mailed. */
export const WEBHOOK_SWITCH_OFF_MS = 3 * 86_400_000;
/** Events (and their deliveries) are kept this long, for the deliveries list, then deleted (once none of their deliveries is pending). */
export const WEBHOOK_EVENTS_KEPT_MS = 30 * 86_400_000;
/** Deliveries an instance sends at once; a poll claims what is free of them and does not wait for the sends. */
export const WEBHOOK_SENDS_AT_ONCE = 20;
/** Deliveries of one endpoint in flight at once, across instances: a hanging receiver holds two sends, not the instance's twenty. */
export const WEBHOOK_SENDS_PER_ENDPOINT = 2;
/**
 * Deliveries of one account in flight at once, across instances: an account whose ten endpoints
 * all hang holds six sends, and the instance's other fourteen go on with the other accounts'.
 */
export const WEBHOOK_SENDS_PER_ACCOUNT = 6;

export interface WebhooksWorkerOptions {
  db: Database;
  mail: Mail;
  publicUrl: string;
  /** Development and tests: http:// and this machine are allowed too (a local receiver). */
  allowLoopback: boolean;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  now?: () => number;
  pollIntervalMs?: number;
  timeoutMs?: number;
  /** For tests: how an attempt is made (default postWebhook). */
  post?: typeof postWebhook;
}

/**
 * Delivers the clients' webhook events (issue 19): each instance polls, claims due deliveries with
 * FOR UPDATE SKIP LOCKED and a lease (leased_until, WEBHOOK_LEASE_MS ahead), and POSTs them
 * side by side, signed (webhookSignature.ts), through the address checks of webhookSender.ts.
 * A 2xx answer marks a delivery succeeded; anything else makes it due again after retryDelayMs
 * (outbox.ts), until WEBHOOK_RETRY_WINDOW_MS after its event, when it is failed. An endpoint
 * failing for WEBHOOK_SWITCH_OFF_MS is switched off and its owner e-mailed. Deliveries of an
 * endpoint that is off wait (a test event excepted) and are given up like any other. Nothing on
 * a call's path waits for any of it: events are rows written by triggers (migration 0017).
 */
export class WebhooksWorker extends OutboxWorker {
  readonly #options: WebhooksWorkerOptions;
  readonly #post: typeof postWebhook;

  /** runOnce() answers how many deliveries the poll claimed and started; settle() waits for them and answers how many succeeded. */
  constructor(options: WebhooksWorkerOptions) {
    super({
      name: 'webhooks',
      db: options.db,
      log: options.log,
      now: options.now,
      pollIntervalMs: options.pollIntervalMs ?? 2_000,
      table: webhookDeliveries,
      windowMs: WEBHOOK_RETRY_WINDOW_MS,
      givenUpStatus: 'failed',
      givenUpError: 'not delivered within 24 hours',
      givenUpErrorCode: 'expired' satisfies WebhookDeliveryErrorCode,
      keptMs: WEBHOOK_EVENTS_KEPT_MS,
      sendsAtOnce: WEBHOOK_SENDS_AT_ONCE,
      leaseMs: WEBHOOK_LEASE_MS,
      timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    });
    this.#options = options;
    this.#post = options.post ?? postWebhook;
  }

  protected override async claim(now: Date, free: number): Promise<ClaimedRow[]> {
    // Endpoint by endpoint (an index probe each, however long a backlog): the due deliveries of
    // endpoints that are on (a test event: on or off), at most WEBHOOK_SENDS_PER_ENDPOINT of an
    // endpoint and WEBHOOK_SENDS_PER_ACCOUNT of an account in flight, counting those other
    // instances send. The claimable conditions are checked again on the rows locked: a row
    // another instance claimed while this statement ran is locked in its new version, which those
    // conditions then refuse.
    // Within the retry window too: past it, the give-up (once a minute, outbox.ts) marks it failed, and it is not sent meanwhile.
    const claimable = sql`d.status = 'pending' and d.due_at <= ${now} and (d.leased_until is null or d.leased_until <= ${now}) and d.created_at > ${new Date(now.getTime() - WEBHOOK_RETRY_WINDOW_MS)}`;
    return claimedRows(
      await this.db.execute(sql`
      with candidates as (
        select c.id, c.due_at, e.user_id, row_number() over (partition by e.user_id order by c.due_at, c.id) as rank from ${webhookEndpoints} e
        cross join lateral (
          select count(*)::int as n from ${webhookDeliveries} f where f.endpoint_id = e.id and f.status = 'pending' and f.leased_until > ${now}
        ) inflight
        cross join lateral (
          select d.id, d.due_at from ${webhookDeliveries} d
          where d.endpoint_id = e.id and ${claimable}
            and (e.is_active or d.event_id in (select t.id from ${webhookEvents} t where t.type = ${WEBHOOK_TEST_EVENT} and t.subject_id = e.id))
          order by d.due_at, d.id
          limit greatest(0, ${WEBHOOK_SENDS_PER_ENDPOINT} - inflight.n)
        ) c
        where e.is_active or exists (select 1 from ${webhookEvents} t where t.type = ${WEBHOOK_TEST_EVENT} and t.subject_id = e.id)
      ), accounts as (
        -- Each account's sends in flight, counted once however many of its deliveries are candidates.
        select a.user_id, (
          select count(*)::int from ${webhookDeliveries} f join ${webhookEndpoints} g on g.id = f.endpoint_id
          where g.user_id = a.user_id and f.status = 'pending' and f.leased_until > ${now}
        ) as n
        from (select distinct user_id from candidates) a
      ), within_account as (
        select c.id, c.due_at from candidates c join accounts a on a.user_id = c.user_id
        where c.rank <= ${WEBHOOK_SENDS_PER_ACCOUNT} - a.n
      ), picked as (
        select d.id from ${webhookDeliveries} d join within_account c on c.id = d.id
        where ${claimable}
        order by c.due_at, c.id
        limit ${free}
        for update of d skip locked
      )
      update ${webhookDeliveries} d set attempts = d.attempts + 1, leased_until = ${new Date(now.getTime() + WEBHOOK_LEASE_MS)}
      from picked where d.id = picked.id and ${claimable}
      returning d.id as id, d.attempts as attempts, d.created_at as created_at`),
    );
  }

  /** Events past WEBHOOK_EVENTS_KEPT_MS, with their deliveries; not one with a delivery still pending (given up first, or being sent). */
  protected override async deleteDone(before: Date, limit: number): Promise<number> {
    const pending = this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.eventId, webhookEvents.id), eq(webhookDeliveries.status, 'pending')));
    const old = this.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(lt(webhookEvents.createdAt, before), notExists(pending)))
      .limit(limit);
    const deleted = await this.db.delete(webhookEvents).where(inArray(webhookEvents.id, old)).returning({ id: webhookEvents.id });
    return deleted.length;
  }

  /** One attempt of a claimed delivery, and what follows from it; true when it succeeded. */
  protected override async send(delivery: ClaimedRow): Promise<boolean> {
    const { db } = this;
    const mine = claimOf(webhookDeliveries, delivery);
    try {
      // Under its claim: a delivery another instance took over (its lease ran out) is that one's to send.
      const [row] = await db
        .select({ event: webhookEvents, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(mine);
      if (!row) return false;
      const body = await this.#bodyOf(row.event);
      if (body === null) {
        await db.update(webhookDeliveries).set({ status: 'failed', lastError: "the event's object no longer exists", errorCode: 'object_gone' }).where(mine);
        return false;
      }
      const attempt = await this.#attempt(row.endpoint, row.event.publicId, body);
      await this.#record(delivery, mine, row.endpoint.id, attempt);
      return attempt.ok;
    } catch (error) {
      this.#options.log.warn({ err: error, deliveryId: delivery.id }, 'webhooks: a delivery failed to run');
      return false;
    }
  }

  /** The event's body: written by the first attempt of any of its deliveries, then the same bytes for all. */
  async #bodyOf(event: typeof webhookEvents.$inferSelect): Promise<string | null> {
    if (event.body !== null) return event.body;
    const stored: StoredWebhookEvent = { publicId: event.publicId, userId: event.userId, type: event.type, subjectId: event.subjectId, createdAt: event.createdAt };
    const data = await webhookEventData(this.db, stored);
    if (data === null) return null;
    const [written] = await this.db
      .update(webhookEvents)
      .set({ body: sql`coalesce(${webhookEvents.body}, ${webhookEventBody(stored, data)})` })
      .where(eq(webhookEvents.id, event.id))
      .returning({ body: webhookEvents.body });
    return written?.body ?? null;
  }

  async #attempt(endpoint: typeof webhookEndpoints.$inferSelect, eventId: string, body: string): Promise<WebhookAttempt> {
    const { allowLoopback } = this.#options;
    // Checked again at each attempt: a stored address the rules no longer allow is not called.
    const target = checkWebhookUrl(endpoint.url, { allowLoopback });
    if (!target.ok) return { ok: false, status: null, durationMs: 0, error: target.reason, errorCode: target.code };
    const headers = { [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, body, Math.floor(this.now() / 1000)), [EVENT_ID_HEADER]: eventId };
    return this.#post({ url: target.url, body, headers, timeoutMs: this.#options.timeoutMs ?? WEBHOOK_TIMEOUT_MS, allowLoopback });
  }

  async #record(delivery: ClaimedRow, mine: SQL, endpointId: number, attempt: WebhookAttempt): Promise<void> {
    const { db } = this;
    const now = new Date(this.now());
    const outcome = {
      lastAttemptAt: now,
      leasedUntil: null,
      responseCode: attempt.status,
      durationMs: Math.round(attempt.durationMs),
      lastError: attempt.error,
      // A success clears the code of an earlier failure with the error.
      errorCode: attempt.errorCode,
    };
    if (attempt.ok) {
      const [recorded] = await db.update(webhookDeliveries).set({ ...outcome, status: 'succeeded' }).where(mine).returning({ id: webhookDeliveries.id });
      if (recorded) await db.update(webhookEndpoints).set({ failingSince: null }).where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
      return;
    }
    const next = nextAttemptAt(delivery, now, WEBHOOK_RETRY_WINDOW_MS);
    const [recorded] = await db
      .update(webhookDeliveries)
      .set(next === null ? { ...outcome, status: 'failed' } : { ...outcome, dueAt: next })
      .where(mine)
      .returning({ id: webhookDeliveries.id });
    if (recorded) await this.#noteFailure(endpointId, now);
  }

  /** Marks the endpoint failing since now (if it was not already); switches it off when it has failed for WEBHOOK_SWITCH_OFF_MS. */
  async #noteFailure(endpointId: number, now: Date): Promise<void> {
    const { db } = this;
    const { mail, publicUrl, log } = this.#options;
    // A failure after a day without any (no retry is left by then) starts a new failing period:
    // an endpoint fixed, then quiet for days, is not switched off by its next single failure.
    const quietSince = new Date(now.getTime() - WEBHOOK_RETRY_WINDOW_MS);
    await db
      .update(webhookEndpoints)
      .set({
        failingSince: sql`case when ${webhookEndpoints.failingSince} is null or ${webhookEndpoints.lastFailureAt} is null or ${webhookEndpoints.lastFailureAt} < ${quietSince} then ${now} else ${webhookEndpoints.failingSince} end`,
        lastFailureAt: now,
      })
      .where(eq(webhookEndpoints.id, endpointId));
    const [off] = await db
      .update(webhookEndpoints)
      .set({ isActive: false, switchedOffAt: now })
      .where(
        and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.isActive, true), lte(webhookEndpoints.failingSince, new Date(now.getTime() - WEBHOOK_SWITCH_OFF_MS))),
      )
      .returning({ url: webhookEndpoints.url, userId: webhookEndpoints.userId });
    if (!off) return;
    log.info({ endpointId }, 'webhooks: endpoint switched off after 3 days of failures');
    const [owner] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, off.userId));
    if (!owner) return;
    try {
      await mail.send({
        to: owner.email,
        subject: 'Your webhook endpoint was switched off',
        text:
          `Hello ${owner.name},\n\nDeliveries to your webhook endpoint ${off.url} have failed for 3 days, so it was switched off: ` +
          `new events are not sent to it. Its recent deliveries and their errors are in your dashboard, under Integrations. ` +
          `Once it works again, turn it back on there; its pending deliveries of the last 24 hours are then sent.\n\n${publicUrl}/integrations\n`,
      });
    } catch (error) {
      log.warn({ err: error, endpointId }, 'webhooks: the switch-off e-mail failed');
    }
  }
}
