import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Mail } from '../adapters/mail/mail.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { WEBHOOK_TEST_EVENT, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema/webhooks.ts';
import { type StoredWebhookEvent, webhookEventBody, webhookEventData } from '../domain/webhooks/webhookPayloads.ts';
import { postWebhook, type WebhookAttempt } from '../domain/webhooks/webhookSender.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../domain/webhooks/webhookSignature.ts';
import { checkWebhookUrl } from '../domain/webhooks/webhookTargets.ts';
import { PeriodicTask } from './periodicTask.ts';

/** A receiver answers within this, or the attempt fails (contract: WebhookEventBody). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a claimed delivery is left to its sender before another instance may try it: well past an attempt's timeout. */
export const WEBHOOK_LEASE_MS = 60_000;
/** A delivery is retried this long after its event, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
/** An endpoint whose deliveries have failed this long, with no success between, is switched off and its owner e-mailed. */
export const WEBHOOK_SWITCH_OFF_MS = 3 * 86_400_000;
/** The pause after the n-th failed attempt: 30 s, 1 min, 2 min, … doubling up to an hour. */
export const webhookRetryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
/** Events (and their deliveries) are kept this long, for the deliveries list, then deleted. */
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
/** Every this many polls (the first included), old events are deleted: about hourly at the default 2 s. */
const POLLS_BETWEEN_CLEANUPS = 1800;
/** Old events deleted per statement, so that no one statement holds the database for long. */
const CLEANUP_BATCH = 1000;

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

interface Claimed {
  id: number;
  attempts: number;
  createdAt: Date;
}

/**
 * Delivers the clients' webhook events (issue 19): each instance polls, claims due deliveries with
 * FOR UPDATE SKIP LOCKED and a lease (leased_until, WEBHOOK_LEASE_MS ahead), and POSTs them
 * side by side, signed (webhookSignature.ts), through the address checks of webhookSender.ts.
 * A 2xx answer marks a delivery succeeded; anything else makes it due again after
 * webhookRetryDelayMs, until WEBHOOK_RETRY_WINDOW_MS after its event, when it is failed. An
 * endpoint failing for WEBHOOK_SWITCH_OFF_MS is switched off and its owner e-mailed. Deliveries of
 * an endpoint that is off wait (a test event excepted) and are given up like any other. Nothing on
 * a call's path waits for any of it: events are rows written by triggers (migration 0017).
 */
export class WebhooksWorker extends PeriodicTask<number> {
  readonly #options: WebhooksWorkerOptions;
  readonly #now: () => number;
  readonly #post: typeof postWebhook;
  /** The sends in flight; a poll claims only as many as are free. */
  readonly #sending = new Set<Promise<boolean>>();
  #succeeded = 0;
  #polls = 0;
  /** Started (not only polled by a test): a send that ends claims the next. */
  #running = false;

  /** runOnce() answers how many deliveries the poll claimed and started; settle() waits for them. */
  constructor(options: WebhooksWorkerOptions) {
    super({
      run: () => this.#claimDue(),
      intervalMs: options.pollIntervalMs ?? 2_000,
      failed: (error) => {
        options.log.warn({ err: error }, 'webhooks: the poll failed');
        return 0;
      },
    });
    // A send outlasting its lease could be claimed and sent again meanwhile by another instance.
    if ((options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) >= WEBHOOK_LEASE_MS) throw new Error('webhooks: an attempt must end well within its lease');
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#post = options.post ?? postWebhook;
  }

  /** Waits for the sends in flight; answers how many deliveries succeeded since the last settle. */
  async settle(): Promise<number> {
    while (this.#sending.size > 0) await Promise.all(this.#sending);
    const succeeded = this.#succeeded;
    this.#succeeded = 0;
    return succeeded;
  }

  override start(): void {
    this.#running = true;
    super.start();
  }

  override async stop(): Promise<void> {
    this.#running = false;
    await super.stop();
    await this.settle();
  }

  async #claimDue(): Promise<number> {
    const { db } = this.#options;
    const now = new Date(this.#now());
    if (this.#polls++ % POLLS_BETWEEN_CLEANUPS === 0) await this.#deleteOldEvents(now);
    // Deliveries past their window are given up, the waiting ones of an endpoint that is off
    // included; not one being sent (its sender writes how it went).
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: sql`coalesce(${webhookDeliveries.lastError}, 'not delivered within 24 hours')` })
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_RETRY_WINDOW_MS)),
          or(isNull(webhookDeliveries.leasedUntil), lte(webhookDeliveries.leasedUntil, now)),
        ),
      );
    const free = WEBHOOK_SENDS_AT_ONCE - this.#sending.size;
    if (free <= 0) return 0;
    // Endpoint by endpoint (an index probe each, however long a backlog): the due deliveries of
    // endpoints that are on (a test event: on or off), at most WEBHOOK_SENDS_PER_ENDPOINT of an
    // endpoint and WEBHOOK_SENDS_PER_ACCOUNT of an account in flight, counting those other
    // instances send. The claimable conditions are checked again on the rows locked: a row
    // another instance claimed while this statement ran is locked in its new version, which those
    // conditions then refuse.
    const claimable = sql`d.status = 'pending' and d.due_at <= ${now} and (d.leased_until is null or d.leased_until <= ${now})`;
    const claimed = (await db.execute(sql`
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
      ), within_account as (
        select c.id, c.due_at from candidates c
        cross join lateral (
          select count(*)::int as n from ${webhookDeliveries} f join ${webhookEndpoints} g on g.id = f.endpoint_id
          where g.user_id = c.user_id and f.status = 'pending' and f.leased_until > ${now}
        ) inflight
        where c.rank <= ${WEBHOOK_SENDS_PER_ACCOUNT} - inflight.n
      ), picked as (
        select d.id from ${webhookDeliveries} d join within_account c on c.id = d.id
        where ${claimable}
        order by c.due_at, c.id
        limit ${free}
        for update of d skip locked
      )
      update ${webhookDeliveries} d set attempts = d.attempts + 1, leased_until = ${new Date(now.getTime() + WEBHOOK_LEASE_MS)}
      from picked where d.id = picked.id and ${claimable}
      returning d.id as id, d.attempts as attempts, d.created_at as created_at`)) as unknown as { rows: { id: number | string; attempts: number; created_at: string | Date }[] };
    for (const row of claimed.rows) {
      const send = this.#deliver({ id: Number(row.id), attempts: row.attempts, createdAt: new Date(row.created_at) }).then((ok) => {
        if (ok) this.#succeeded += 1;
        return ok;
      });
      this.#sending.add(send);
      void send.finally(() => {
        this.#sending.delete(send);
        // A free slot is taken at once while the worker runs, not at the next poll: an endpoint's
        // deliveries follow each other as fast as its receiver answers.
        if (this.#running) void this.runOnce();
      });
    }
    return claimed.rows.length;
  }

  /** Events past WEBHOOK_EVENTS_KEPT_MS, with their deliveries, a batch a statement. */
  async #deleteOldEvents(now: Date): Promise<void> {
    const before = new Date(now.getTime() - WEBHOOK_EVENTS_KEPT_MS);
    for (;;) {
      const old = this.#options.db.select({ id: webhookEvents.id }).from(webhookEvents).where(lt(webhookEvents.createdAt, before)).limit(CLEANUP_BATCH);
      const deleted = await this.#options.db.delete(webhookEvents).where(inArray(webhookEvents.id, old)).returning({ id: webhookEvents.id });
      if (deleted.length < CLEANUP_BATCH) return;
    }
  }

  /** One attempt of a claimed delivery, and what follows from it; true when it succeeded. */
  async #deliver(delivery: Claimed): Promise<boolean> {
    const { db, log } = this.#options;
    // This attempt's claim: a delivery another instance claimed since (its lease ran out) is its own.
    const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts), eq(webhookDeliveries.status, 'pending'));
    try {
      const [row] = await db
        .select({ event: webhookEvents, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, delivery.id));
      if (!row) return false;
      const body = await this.#bodyOf(row.event);
      if (body === null) {
        await db.update(webhookDeliveries).set({ status: 'failed', lastError: "the event's object no longer exists" }).where(mine);
        return false;
      }
      const attempt = await this.#attempt(row.endpoint, row.event.publicId, body);
      await this.#record(delivery, mine, row.endpoint.id, attempt);
      return attempt.ok;
    } catch (error) {
      log.warn({ err: error, deliveryId: delivery.id }, 'webhooks: a delivery failed to run');
      return false;
    }
  }

  /** The event's body: written by the first attempt of any of its deliveries, then the same bytes for all. */
  async #bodyOf(event: typeof webhookEvents.$inferSelect): Promise<string | null> {
    if (event.body !== null) return event.body;
    const stored: StoredWebhookEvent = { publicId: event.publicId, userId: event.userId, type: event.type, subjectId: event.subjectId, createdAt: event.createdAt };
    const data = await webhookEventData(this.#options.db, stored);
    if (data === null) return null;
    const [written] = await this.#options.db
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
    if (!target.ok) return { ok: false, status: null, durationMs: 0, error: target.reason };
    const headers = { [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, body, Math.floor(this.#now() / 1000)), [EVENT_ID_HEADER]: eventId };
    return this.#post({ url: target.url, body, headers, timeoutMs: this.#options.timeoutMs ?? WEBHOOK_TIMEOUT_MS, allowLoopback });
  }

  async #record(delivery: Claimed, mine: ReturnType<typeof and>, endpointId: number, attempt: WebhookAttempt): Promise<void> {
    const { db } = this.#options;
    const now = new Date(this.#now());
    const outcome = { lastAttemptAt: now, leasedUntil: null, responseCode: attempt.status, durationMs: Math.round(attempt.durationMs), lastError: attempt.error };
    if (attempt.ok) {
      const [recorded] = await db.update(webhookDeliveries).set({ ...outcome, status: 'succeeded' }).where(mine).returning({ id: webhookDeliveries.id });
      if (recorded) await db.update(webhookEndpoints).set({ failingSince: null }).where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
      return;
    }
    const next = now.getTime() + webhookRetryDelayMs(delivery.attempts);
    const givenUp = next >= delivery.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
    const [recorded] = await db
      .update(webhookDeliveries)
      .set(givenUp ? { ...outcome, status: 'failed' } : { ...outcome, dueAt: new Date(next) })
      .where(mine)
      .returning({ id: webhookDeliveries.id });
    if (recorded) await this.#noteFailure(endpointId, now);
  }

  /** Marks the endpoint failing since now (if it was not already); switches it off when it has failed for WEBHOOK_SWITCH_OFF_MS. */
  async #noteFailure(endpointId: number, now: Date): Promise<void> {
    const { db, mail, publicUrl, log } = this.#options;
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
