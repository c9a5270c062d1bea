import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { WEBHOOK_TEST_EVENT, webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookEventType } from '../../db/schema/webhooks.ts';
import { DomainError, invalidInput, notFoundRow } from '../domainError.ts';
import { newWebhookSecret } from './webhookSignature.ts';
import { checkWebhookUrl } from './webhookTargets.ts';

/** The most endpoints an account may have (contract: `webhook_endpoints_full`). */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Deliveries listed per endpoint (contract: listWebhookDeliveries). */
const DELIVERIES_LISTED = 50;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Where an account's endpoints may point: public https hosts only, unless `allowLoopback` (development: a local receiver). */
export interface WebhookTargetPolicy {
  allowLoopback: boolean;
}

/** Production allows public https hosts only; development and tests also http:// and this machine (issue 19). */
export function webhookTargetPolicy(config: Pick<Config, 'nodeEnv'>): WebhookTargetPolicy {
  return { allowLoopback: config.nodeEnv !== 'production' };
}

/** The contract's WebhookEndpoint: never the secret, only its last four characters. */
export function toEndpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    isActive: row.isActive,
    secretHint: `whsec_…${row.secret.slice(-4)}`,
    failingSince: row.failingSince?.toISOString() ?? null,
    switchedOffAt: row.switchedOffAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function targetUrl(raw: string, policy: WebhookTargetPolicy): string {
  const checked = checkWebhookUrl(raw, policy);
  if (!checked.ok) throw invalidInput(checked.reason, checked.code);
  return checked.url.href;
}

export async function listWebhookEndpoints(db: Database, userId: number) {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(asc(webhookEndpoints.id));
  return rows.map(toEndpointView);
}

/**
 * Adds an endpoint with a new secret, answered this once. One creation at a time per account (a
 * transaction lock), so parallel requests cannot pass MAX_WEBHOOK_ENDPOINTS. `confirm` (the HTTP
 * operation's check of the current password, issue 19) runs once the address is known good, so a
 * refused address costs no password check, and before anything is written; it throws to refuse.
 */
export async function createWebhookEndpoint(
  db: Database,
  userId: number,
  input: { url: string; events: WebhookEventType[]; isActive?: boolean },
  policy: WebhookTargetPolicy,
  confirm: () => Promise<void> = async () => {},
) {
  const url = targetUrl(input.url, policy);
  // Before the transaction: the password's hash is slow on purpose, and must not hold the account's lock.
  await confirm();
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${userId}::int, hashtext('webhook_endpoints'))`);
    const [size] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if ((size?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new DomainError('webhook_endpoints_full', `You already have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`);
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ userId, url, events: [...new Set(input.events)], isActive: input.isActive ?? true, secret })
      .returning();
    return { ...toEndpointView(row!), secret };
  });
}

/**
 * Changes an endpoint. Turned on again (from off), an endpoint forgets its failures, and its
 * pending deliveries (kept while it was off) are due at once. A new address is checked, then
 * `confirmAddress` runs (the HTTP operation's check of the current password, issue 19: events may
 * be sent anywhere only with it), before anything is written. Answers the endpoint as changed and
 * the address it had, so that a move can be told to the owner.
 */
export async function updateWebhookEndpoint(
  db: Database,
  userId: number,
  id: number,
  input: { url?: string; events?: WebhookEventType[]; isActive?: boolean },
  policy: WebhookTargetPolicy,
  confirmAddress: () => Promise<void> = async () => {},
): Promise<{ endpoint: ReturnType<typeof toEndpointView>; previousUrl: string }> {
  const url = input.url === undefined ? undefined : targetUrl(input.url, policy);
  if (url !== undefined) await confirmAddress();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: webhookEndpoints.isActive, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)))
      .for('update');
    if (!before) throw notFoundRow('webhook endpoint');
    const turnedOn = input.isActive === true && !before.isActive;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined && { url }),
        ...(input.events !== undefined && { events: [...new Set(input.events)] }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        ...(turnedOn && { failingSince: null, lastFailureAt: null, switchedOffAt: null }),
      })
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)))
      .returning();
    if (!row) throw notFoundRow('webhook endpoint');
    // Only when it comes back on: the pending deliveries it kept go at once (not their backoff's
    // time). An endpoint already on keeps its backoff, so a PATCH is no way to resend a backlog.
    if (turnedOn) {
      await tx
        .update(webhookDeliveries)
        .set({ dueAt: sql`now()` })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
    }
    return { endpoint: toEndpointView(row), previousUrl: before.url };
  });
}

export async function deleteWebhookEndpoint(db: Database, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  if (removed.length === 0) throw notFoundRow('webhook endpoint');
}

/** Throws not_found unless the endpoint is the caller's (another account's answers as a missing one). */
async function ownEndpoint(db: Pick<Database, 'select'>, userId: number, id: number, { lock = false } = {}): Promise<void> {
  const query = db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)));
  const [endpoint] = lock ? await query.for('update') : await query;
  if (!endpoint) throw notFoundRow('webhook endpoint');
}

/** Test events an endpoint may have waiting at once (contract: `test_events_pending`): a test is not a way to flood a receiver. */
export const MAX_PENDING_TEST_EVENTS = 5;

/** Queues a `webhook.test` event for this one endpoint (on or off); answers its id. */
export async function sendWebhookTestEvent(db: Database, userId: number, id: number): Promise<{ eventId: string }> {
  return db.transaction(async (tx) => {
    // The endpoint's row locked: parallel requests count one after the other.
    await ownEndpoint(tx, userId, id, { lock: true });
    const [waiting] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending'), eq(webhookEvents.type, WEBHOOK_TEST_EVENT)));
    if ((waiting?.n ?? 0) >= MAX_PENDING_TEST_EVENTS) {
      throw new DomainError('test_events_pending', `This endpoint already has ${MAX_PENDING_TEST_EVENTS} test events waiting to be delivered.`);
    }
    const [event] = await tx.insert(webhookEvents).values({ userId, type: WEBHOOK_TEST_EVENT, subjectId: id }).returning({ id: webhookEvents.id, publicId: webhookEvents.publicId });
    await tx.insert(webhookDeliveries).values({ eventId: event!.id, endpointId: id });
    return { eventId: event!.publicId };
  });
}

/** The endpoint's latest deliveries, newest first (contract: WebhookDelivery). */
export async function listWebhookDeliveries(db: Database, userId: number, id: number) {
  await ownEndpoint(db, userId, id);
  const rows = await db
    .select({ delivery: webhookDeliveries, eventId: webhookEvents.publicId, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_LISTED);
  return rows.map(({ delivery, eventId, eventType }) => ({
    id: delivery.id,
    eventId,
    eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    responseCode: delivery.responseCode,
    durationMs: delivery.durationMs,
    error: delivery.lastError,
    errorCode: delivery.errorCode,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextRetryAt: delivery.status === 'pending' ? delivery.dueAt.toISOString() : null,
  }));
}
