import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../adapters/mail/mail.ts';
import { calls } from '../db/schema/calls.ts';
import { payments } from '../db/schema/billing.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookEventType } from '../db/schema/webhooks.ts';
import { debitCredits } from '../domain/credits/ledger.ts';
import { createWebhookEndpoint, sendWebhookTestEvent } from '../domain/webhooks/webhookEndpoints.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, verifySignature } from '../domain/webhooks/webhookSignature.ts';
import { createAccount } from '../test/accounts.ts';
import { insertCall, insertScheduledCall, insertWebsite, insertWidget } from '../test/callFixtures.ts';
import { accountWithWidget, fastDeps, fixedClock } from '../test/callTestKit.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { requestInstantCall, requestScheduledCall } from '../domain/callEngine/callRequests.ts';
import { ScheduledCallsWorker } from './scheduledCallsWorker.ts';
import { OUTBOX_CLEANUP_EVERY_MS, retryDelayMs } from './outbox.ts';
import { WEBHOOK_EVENTS_KEPT_MS, WEBHOOK_LEASE_MS, WEBHOOK_RETRY_WINDOW_MS, WEBHOOK_SWITCH_OFF_MS, WebhooksWorker } from './webhooksWorker.ts';

// Issue 19: events written by the database in the transaction of what happened, delivered signed
// to a real HTTP receiver on this machine, retried with backoff, given up after 24 hours, and an
// endpoint failing for 3 days switched off with an e-mail to its owner.

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let answer: (response: ServerResponse) => void = (response) => response.writeHead(204).end();

beforeAll(async () => {
  server = await startTestServer();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  // A setup that failed leaves no receiver to close (and nothing to wait for).
  if (receiver) {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
  await server?.close();
});
afterEach(async () => {
  // Each test delivers its own events only: the worker claims every account's.
  await server.db.delete(webhookEvents);
  received.length = 0;
  answer = (response) => response.writeHead(204).end();
});

const quiet = { info: () => {}, warn: () => {} };

/** One poll and the sends it started; answers how many succeeded. */
async function deliver(running: WebhooksWorker): Promise<number> {
  await running.runOnce();
  return running.settle();
}

function worker(options: { now?: () => number; mail?: MailMessage[]; allowLoopback?: boolean; timeoutMs?: number } = {}) {
  const mails = options.mail ?? [];
  return new WebhooksWorker({
    db: server.db,
    mail: { description: 'test', send: async (message) => void mails.push(message) },
    publicUrl: 'http://dashboard.test',
    allowLoopback: options.allowLoopback ?? true,
    log: quiet,
    now: options.now,
    timeoutMs: options.timeoutMs ?? 2_000,
  });
}

async function clientWithEndpoint(events: WebhookEventType[], url = receiverUrl) {
  const account = await createAccount(server.db);
  const endpoint = await createWebhookEndpoint(server.db, account.id, { url, events }, { allowLoopback: true });
  const website = await insertWebsite(server.db, account.id);
  const widget = await insertWidget(server.db, account.id, website.id, { typeId: 3, name: 'Pricing page icon' });
  return { account, endpoint, website, widget };
}

async function deliveriesOf(endpointId: number) {
  return server.db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id);
}

describe('events written by the database', () => {
  it("through the real paths: a visitor's Call now, then its outcome and recovery; a scheduled callback completed only when placed", async () => {
    const setup = await accountWithWidget(server.db, { useAgents: true, callingRuleId: 1, numberOfTries: 1, agents: [{ phone: '+15005550006' }] });
    const endpoint = await createWebhookEndpoint(server.db, setup.userId, { url: receiverUrl, events: ['call.requested', 'call.completed', 'call.missed', 'callback.scheduled'] }, { allowLoopback: true });
    const clock = fixedClock(new Date());
    const deps = fastDeps({ clock });
    // The agent's line is busy (simulator number): the Call now is missed, and recovered.
    await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    expect((await deliveriesOf(endpoint.id)).map((row) => row.type)).toEqual(['call.requested']);
    await deps.placements.settle();
    const afterCall = (await deliveriesOf(endpoint.id)).map((row) => row.type);
    expect(afterCall.slice(0, 3)).toEqual(['call.requested', 'call.completed', 'call.missed']);

    // A callback scheduled by a visitor: callback.scheduled; placed at its time: one call.completed, after its outcome.
    const before = (await deliveriesOf(endpoint.id)).length;
    const { scheduledCallId } = await requestScheduledCall(server.db, deps, { ...setup.request('+15005550003'), scheduledAt: new Date(clock.at.getTime() + 3_600_000), customFields: {} });
    const scheduledEvents = (await deliveriesOf(endpoint.id)).slice(before);
    expect(scheduledEvents.map((row) => row.type)).toEqual(['callback.scheduled']);
    expect(scheduledEvents[0]!.delivery.eventId).toBeGreaterThan(0);
    clock.at = new Date(clock.at.getTime() + 3_700_000);
    const placing = new ScheduledCallsWorker({ db: server.db, deps, leaseMs: 60_000 });
    while ((await placing.runOnce()) > 0);
    await deps.placements.settle();
    const [placed] = await server.db.select().from(calls).where(eq(calls.scheduledCallId, scheduledCallId));
    const placedEvents = await server.db.select({ type: webhookEvents.type }).from(webhookEvents).where(and(eq(webhookEvents.userId, setup.userId), eq(webhookEvents.subjectId, placed!.id)));
    expect(placedEvents.map((event) => event.type)).toEqual(['call.completed']);
  });

  it('a renewed placement lease writes nothing; only the outcome, once, writes call.completed', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested', 'call.completed', 'call.missed']);
    const call = await insertCall(server.db, { userId: account.id, widget, status: 'missed' });
    await server.db.update(calls).set({ placementClaimedAt: new Date() }).where(eq(calls.id, call.id));
    await server.db.update(calls).set({ placementClaimedAt: new Date() }).where(eq(calls.id, call.id));
    expect((await deliveriesOf(endpoint.id)).map((row) => row.type)).toEqual(['call.requested']);
    await server.db.update(calls).set({ placementClaimedAt: null, outcomeRecordedAt: new Date(), status: 'busy' }).where(eq(calls.id, call.id));
    await server.db.update(calls).set({ agentId: null }).where(eq(calls.id, call.id));
    expect((await deliveriesOf(endpoint.id)).map((row) => row.type)).toEqual(['call.requested', 'call.completed', 'call.missed']);
  });

  it('callback.scheduled, payment.succeeded and payment.failed, credits.low once per crossing; only what the endpoint subscribes to', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['callback.scheduled', 'payment.succeeded', 'payment.failed', 'credits.low']);
    await insertScheduledCall(server.db, { userId: account.id, widget, scheduledAt: new Date(Date.now() + 3_600_000) });
    await insertCall(server.db, { userId: account.id, widget });
    const [payment] = await server.db
      .insert(payments)
      .values({ userId: account.id, convertId: `PAY-${account.id}`, packId: 1, amount: 1000, credits: 100, processorIntentId: `pi_${account.id}`, clientSecret: `pi_${account.id}_secret`, idempotencyKey: `key-${account.id}` })
      .returning();
    await server.db.update(payments).set({ status: 'successful', isProcessed: true, isSuccessful: true }).where(eq(payments.id, payment!.id));
    await server.db.update(payments).set({ isProcessed: true }).where(eq(payments.id, payment!.id));
    // 20 credits at sign-up: below 10 is one crossing, however many debits follow.
    await debitCredits(server.db, account.id, 5, 'call');
    await debitCredits(server.db, account.id, 6, 'call');
    await debitCredits(server.db, account.id, 1, 'call');
    expect((await deliveriesOf(endpoint.id)).map((row) => row.type)).toEqual(['callback.scheduled', 'payment.succeeded', 'credits.low']);
  });

  it('an account without endpoints, or with one switched off, writes no events', async () => {
    const account = await createAccount(server.db);
    const off = await createAccount(server.db);
    const endpoint = await createWebhookEndpoint(server.db, off.id, { url: receiverUrl, events: ['call.requested'], isActive: false }, { allowLoopback: true });
    for (const userId of [account.id, off.id]) {
      const website = await insertWebsite(server.db, userId);
      await insertCall(server.db, { userId, widget: await insertWidget(server.db, userId, website.id) });
    }
    const written = await server.db.select({ userId: webhookEvents.userId }).from(webhookEvents).where(sql`${webhookEvents.userId} in (${account.id}, ${off.id})`);
    expect(written).toEqual([]);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});

describe('delivery', () => {
  it('POSTs the event signed with the endpoint secret, with its id, and the Call as the contract answers it', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    const call = await insertCall(server.db, { userId: account.id, widget, customerNumber: '+14155550199' });
    expect(await deliver(worker())).toBe(1);
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    const event = JSON.parse(body);
    expect(event).toEqual({ id: expect.stringMatching(/^evt_/), type: 'call.requested', createdAt: expect.any(String), data: expect.objectContaining({ id: call.id, convertId: call.convertId, customerNumber: '+14155550199', widgetName: 'Pricing page icon', status: 'successful' }) });
    expect(headers['content-type']).toBe('application/json');
    expect(headers[EVENT_ID_HEADER.toLowerCase()]).toBe(event.id);
    const signature = String(headers[SIGNATURE_HEADER.toLowerCase()]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, body, endpoint.secret, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature(signature, body.replace('+14155550199', '+14155550100'), endpoint.secret, Math.floor(Date.now() / 1000))).toBe(false);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row!.delivery).toMatchObject({ status: 'succeeded', attempts: 1, responseCode: 204, lastError: null, errorCode: null });
    // Nothing is sent twice.
    expect(await deliver(worker())).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('retries a failing receiver with growing pauses, the same bytes each time, and clears the failure on success', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    await insertCall(server.db, { userId: account.id, widget });
    // The worker's clock from just after the event (its delivery is due from the database's now).
    let now = Date.now() + 1;
    const clock = () => now;
    answer = (response) => response.writeHead(500).end('down');
    expect(await deliver(worker({ now: clock }))).toBe(0);
    let [row] = await deliveriesOf(endpoint.id);
    expect(row!.delivery).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500, lastError: null, errorCode: 'http_status' });
    expect(row!.delivery.dueAt.getTime()).toBe(now + retryDelayMs(1));
    const [failing] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(failing!.failingSince?.getTime()).toBe(now);
    // Not before its time.
    now += retryDelayMs(1) - 1000;
    await deliver(worker({ now: clock }));
    expect(received).toHaveLength(1);
    now += 1000;
    await deliver(worker({ now: clock }));
    [row] = await deliveriesOf(endpoint.id);
    expect(row!.delivery).toMatchObject({ attempts: 2 });
    expect(row!.delivery.dueAt.getTime()).toBe(now + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    answer = (response) => response.writeHead(200).end('ok');
    now += retryDelayMs(2);
    expect(await deliver(worker({ now: clock }))).toBe(1);
    expect(new Set(received.map((attempt) => attempt.body)).size).toBe(1);
    expect(new Set(received.map((attempt) => attempt.headers[EVENT_ID_HEADER.toLowerCase()])).size).toBe(1);
    const [healthy] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(healthy!.failingSince).toBeNull();
    // The success clears the failure's code with it.
    expect((await deliveriesOf(endpoint.id))[0]!.delivery).toMatchObject({ status: 'succeeded', responseCode: 200, lastError: null, errorCode: null });
  });

  it('does not follow redirects, and gives a hanging receiver its timeout only', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    await insertCall(server.db, { userId: account.id, widget });
    answer = (response) => response.writeHead(302, { location: `${receiverUrl}/elsewhere` }).end();
    await deliver(worker());
    expect(received.map((attempt) => attempt.body)).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id))[0]!.delivery).toMatchObject({ status: 'pending', responseCode: 302, lastError: 'redirect not followed', errorCode: 'redirect' });

    received.length = 0;
    answer = () => {};
    const hanging = await clientWithEndpoint(['call.requested']);
    await insertCall(server.db, { userId: hanging.account.id, widget: hanging.widget });
    const started = performance.now();
    await deliver(worker({ timeoutMs: 300, now: () => Date.now() + 3_600_000 }));
    expect(performance.now() - started).toBeLessThan(3_000);
    const hung = (await deliveriesOf(hanging.endpoint.id))[0]!.delivery;
    expect(hung).toMatchObject({ status: 'pending', responseCode: null, lastError: expect.stringMatching(/no answer within/), errorCode: 'timeout' });
  });

  it('gives a delivery up 24 hours after its event, and switches off an endpoint failing for 3 days, e-mailing its owner', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    await insertCall(server.db, { userId: account.id, widget });
    let now = Date.now() + 1;
    answer = (response) => response.writeHead(503).end();
    await deliver(worker({ now: () => now }));
    now += WEBHOOK_RETRY_WINDOW_MS;
    await deliver(worker({ now: () => now }));
    // Given up by its sender: the last answer is the reason.
    expect((await deliveriesOf(endpoint.id))[0]!.delivery).toMatchObject({ status: 'failed', responseCode: 503, errorCode: 'http_status' });

    // Failing for 3 days: the next failure switches it off and tells its owner, once.
    await insertCall(server.db, { userId: account.id, widget });
    now = Date.now() + 1;
    await server.db.update(webhookEndpoints).set({ failingSince: new Date(now - WEBHOOK_SWITCH_OFF_MS) }).where(eq(webhookEndpoints.id, endpoint.id));
    const mails: MailMessage[] = [];
    await deliver(worker({ now: () => now, mail: mails }));
    const [off] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(off).toMatchObject({ isActive: false });
    expect(off!.switchedOffAt?.getTime()).toBe(now);
    expect(mails).toEqual([expect.objectContaining({ to: account.email, subject: 'Your webhook endpoint was switched off' })]);
    expect(mails[0]!.text).toContain(receiverUrl);
    // Switched off: its pending delivery waits, and new events are not written for it.
    const before = received.length;
    await insertCall(server.db, { userId: account.id, widget });
    now += 3_600_000;
    await deliver(worker({ now: () => now, mail: mails }));
    expect(received).toHaveLength(before);
    expect(mails).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id)).map((row) => row.delivery.status)).toEqual(['failed', 'pending']);
  });

  it('a failure after a quiet day starts a new failing period: a fixed endpoint is not switched off by its next failure', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    await insertCall(server.db, { userId: account.id, widget });
    const now = Date.now() + 1;
    await server.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(now - 5 * 86_400_000), lastFailureAt: new Date(now - 2 * 86_400_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    answer = (response) => response.writeHead(502).end();
    await deliver(worker({ now: () => now }));
    expect(received).toHaveLength(1);
    const [row] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ isActive: true, switchedOffAt: null });
    expect(row!.failingSince?.getTime()).toBe(now);
  });

  it('sends a test event to an endpoint that is off; in production refuses a stored address of this machine without calling it', async () => {
    const { account, endpoint } = await clientWithEndpoint(['payment.failed']);
    await server.db.update(webhookEndpoints).set({ isActive: false }).where(eq(webhookEndpoints.id, endpoint.id));
    const { eventId } = await sendWebhookTestEvent(server.db, account.id, endpoint.id);
    expect(await deliver(worker())).toBe(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ id: eventId, type: 'webhook.test', data: { endpointId: endpoint.id } });

    received.length = 0;
    await sendWebhookTestEvent(server.db, account.id, endpoint.id);
    await deliver(worker({ allowLoopback: false }));
    expect(received).toEqual([]);
    const latest = (await deliveriesOf(endpoint.id)).at(-1)!.delivery;
    // The stored http:// address breaks production's rule: the refusal's own code, as the form would say it.
    expect(latest).toMatchObject({ status: 'pending', responseCode: null, lastError: 'The URL must start with https://.', errorCode: 'url_scheme_https' });
  });

  it('gives up what nobody sent within 24 hours as expired; one whose attempts failed keeps their reason', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    await insertCall(server.db, { userId: account.id, widget });
    await insertCall(server.db, { userId: account.id, widget });
    let now = Date.now() + 1;
    answer = (response) => response.writeHead(502).end();
    const [tried] = await deliveriesOf(endpoint.id);
    // One attempt of the first (the second waits), then the endpoint is off: neither is sent again.
    await server.db.update(webhookDeliveries).set({ dueAt: new Date(now + 3_600_000) }).where(sql`${webhookDeliveries.id} <> ${tried!.delivery.id}`);
    await deliver(worker({ now: () => now }));
    await server.db.update(webhookEndpoints).set({ isActive: false }).where(eq(webhookEndpoints.id, endpoint.id));
    now += WEBHOOK_RETRY_WINDOW_MS + 60_000;
    await deliver(worker({ now: () => now }));
    expect(received).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id)).map(({ delivery: { status, responseCode, lastError, errorCode } }) => ({ status, responseCode, lastError, errorCode }))).toEqual([
      { status: 'failed', responseCode: 502, lastError: 'not delivered within 24 hours', errorCode: 'http_status' },
      { status: 'failed', responseCode: null, lastError: 'not delivered within 24 hours', errorCode: 'expired' },
    ]);
  });

  it("fails a delivery whose event's object was deleted before it was sent, without calling the endpoint", async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    const call = await insertCall(server.db, { userId: account.id, widget });
    await server.db.delete(calls).where(eq(calls.id, call.id));
    expect(await deliver(worker())).toBe(0);
    expect(received).toEqual([]);
    expect((await deliveriesOf(endpoint.id))[0]!.delivery).toMatchObject({ status: 'failed', lastError: "the event's object no longer exists", errorCode: 'object_gone' });
  });

  it('two instances polling at once send each delivery once, at most two of an endpoint at a time', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => clientWithEndpoint(['call.requested'])));
    for (const { account, widget } of clients) for (let i = 0; i < 3; i++) await insertCall(server.db, { userId: account.id, widget });
    // The receiver answers once both polls have claimed: a send that ended before the other
    // instance polled would let it claim that endpoint's third delivery (a loaded machine's timing).
    let bothClaimed = () => {};
    const claimedGate = new Promise<void>((resolve) => (bothClaimed = resolve));
    answer = (response) => void claimedGate.then(() => response.writeHead(200).end());
    const [one, two] = [worker(), worker()];
    const claims = await Promise.all([one.runOnce(), two.runOnce()]);
    bothClaimed();
    const [first, second] = await Promise.all([one.settle(), two.settle()]);
    // Two of each endpoint's three in the first round, whichever instance took them.
    expect(claims[0] + claims[1]).toBe(12);
    expect(first + second).toBe(12);
    expect(await deliver(worker())).toBe(6);
    expect(received).toHaveLength(18);
    expect(new Set(received.map((attempt) => attempt.headers[EVENT_ID_HEADER.toLowerCase()])).size).toBe(18);
  });

  it("a delivery whose lease ran out is another instance's to send: the first one's late answer is not written", async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    await insertCall(server.db, { userId: account.id, widget });
    let now = Date.now() + 1;
    const clock = () => now;
    // The receiver holds its answer to the first attempt; it answers the next at once.
    let answerFirst: (status: number) => void = () => {};
    answer = (response) => {
      if (received.length === 1) answerFirst = (status) => response.writeHead(status).end();
      else response.writeHead(200).end();
    };
    const first = worker({ now: clock, timeoutMs: 30_000 });
    expect(await first.runOnce()).toBe(1);
    await expect.poll(() => received.length).toBe(1);
    const second = worker({ now: clock });
    // Not while the first one's lease runs.
    expect(await second.runOnce()).toBe(0);
    now += WEBHOOK_LEASE_MS;
    expect(await deliver(second)).toBe(1);
    expect(received).toHaveLength(2);
    answerFirst(500);
    expect(await first.settle()).toBe(0);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row!.delivery).toMatchObject({ status: 'succeeded', attempts: 2, responseCode: 200, lastError: null, leasedUntil: null });
    // Nor is its failure noted on the endpoint.
    const [healthy] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(healthy).toMatchObject({ failingSince: null, lastFailureAt: null });
  });

  it('deletes events past their keep time once none of their deliveries is pending, then again only an hour later by its clock', async () => {
    const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
    for (let i = 0; i < 4; i++) await insertCall(server.db, { userId: account.id, widget });
    const [succeeded, failed, inFlight, recent] = (await deliveriesOf(endpoint.id)).map((row) => row.delivery);
    let now = Date.now() + 1;
    const old = new Date(now - WEBHOOK_EVENTS_KEPT_MS - 60_000);
    const age = async (delivery: typeof webhookDeliveries.$inferSelect, values: Partial<typeof webhookDeliveries.$inferInsert>) => {
      await server.db.update(webhookEvents).set({ createdAt: old }).where(eq(webhookEvents.id, delivery.eventId));
      await server.db.update(webhookDeliveries).set({ createdAt: old, ...values }).where(eq(webhookDeliveries.id, delivery.id));
    };
    await age(succeeded!, { status: 'succeeded' });
    await age(failed!, { status: 'failed' });
    // Pending (being sent by another instance, whose lease outlasts this test) and as old.
    await age(inFlight!, { leasedUntil: new Date(now + 3 * 3_600_000) });
    await server.db.update(webhookDeliveries).set({ status: 'succeeded' }).where(eq(webhookDeliveries.id, recent!.id));
    const janitor = worker({ now: () => now });
    expect(await deliver(janitor)).toBe(0);
    expect((await deliveriesOf(endpoint.id)).map((row) => row.delivery.id)).toEqual([inFlight!.id, recent!.id]);
    expect(await server.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.userId, account.id))).toHaveLength(2);

    // Past its keep time too, now: the next cleanup is an hour on, however many polls come between.
    await age(recent!, {});
    now += OUTBOX_CLEANUP_EVERY_MS - 1_000;
    await deliver(janitor);
    await deliver(janitor);
    expect((await deliveriesOf(endpoint.id)).map((row) => row.delivery.id)).toEqual([inFlight!.id, recent!.id]);
    now += 1_000;
    await deliver(janitor);
    expect((await deliveriesOf(endpoint.id)).map((row) => row.delivery.id)).toEqual([inFlight!.id]);
  });

  it("an account whose endpoints all hang holds six sends across instances, and other accounts' events go on", async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const stuck = await clientWithEndpoint(['call.requested'], `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/a`);
      for (const suffix of ['b', 'c', 'd', 'e']) {
        await createWebhookEndpoint(server.db, stuck.account.id, { url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/${suffix}`, events: ['call.requested'] }, { allowLoopback: true });
      }
      // Each of the five endpoints gets each of the three calls: 15 deliveries, 2 of each endpoint claimable.
      for (let i = 0; i < 3; i++) await insertCall(server.db, { userId: stuck.account.id, widget: stuck.widget });
      const [one, two] = [worker({ timeoutMs: 30_000 }), worker({ timeoutMs: 30_000 })];
      const claims = await Promise.all([one.runOnce(), two.runOnce()]);
      expect(claims[0] + claims[1]).toBe(6);
      expect(await one.runOnce()).toBe(0);
      const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
      await insertCall(server.db, { userId: account.id, widget });
      expect(await two.runOnce()).toBe(1);
      await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]!.delivery.status).toBe('succeeded');
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it("a receiver that never answers holds two sends, and the instance goes on delivering other endpoints' events", async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const stuck = await clientWithEndpoint(['call.requested'], `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`);
      for (let i = 0; i < 10; i++) await insertCall(server.db, { userId: stuck.account.id, widget: stuck.widget });
      const running = worker({ timeoutMs: 30_000 });
      expect(await running.runOnce()).toBe(2);
      // Another client's event, while the two sends hang: the next poll sends it at once.
      const { account, endpoint, widget } = await clientWithEndpoint(['call.requested']);
      await insertCall(server.db, { userId: account.id, widget });
      expect(await running.runOnce()).toBe(1);
      await expect.poll(() => received.length).toBe(1);
      await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]!.delivery.status).toBe('succeeded');
      expect(await running.runOnce()).toBe(0);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});
