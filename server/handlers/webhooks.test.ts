import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../db/schema/webhooks.ts';
import { createWebhookEndpoint, MAX_WEBHOOK_ENDPOINTS } from '../domain/webhooks/webhookEndpoints.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { type Client, expectStatus, signedInClient } from '../test/toolbox.ts';

// Issue 19: the /client/webhooks operations — the secret shown once, the address rules, the cap,
// tenant isolation and malformed input. Delivery itself: workers/webhooksWorker.test.ts.

let server: TestServer;
let client: Client;
let other: Client;
beforeAll(async () => {
  server = await startTestServer();
  [client, other] = await Promise.all([signedInClient(server), signedInClient(server)]);
});
afterAll(() => server?.close());

const URL = '/api/client/webhooks';
const create = (who: Client, body: unknown) => who.call({ method: 'POST', url: URL, body });
const receiver = 'http://127.0.0.1:9/hooks';

describe('POST /client/webhooks', () => {
  it('answers the new endpoint with its secret once; the list and later answers show only its hint', async () => {
    const created = expectStatus(await create(client, { url: 'https://crm.example.com/hooks/calls', events: ['call.requested', 'call.completed'] }), 201);
    expect(created).toEqual({
      id: expect.any(Number),
      url: 'https://crm.example.com/hooks/calls',
      events: ['call.requested', 'call.completed'],
      isActive: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
      secretHint: expect.stringMatching(/^whsec_…/),
      failingSince: null,
      switchedOffAt: null,
      createdAt: expect.any(String),
    });
    expect(created.secretHint).toBe(`whsec_…${created.secret.slice(-4)}`);
    const listed = expectStatus(await client.call({ method: 'GET', url: URL }), 200).data;
    const { secret, ...shown } = created;
    expect(listed).toContainEqual(shown);
    expect(JSON.stringify(listed)).not.toContain(secret);
    // Another account sees none of it.
    expect(expectStatus(await other.call({ method: 'GET', url: URL }), 200).data).toEqual([]);
  });

  it('takes a local http receiver outside production (development: a receiver on this machine)', async () => {
    expect(expectStatus(await create(client, { url: receiver, events: ['call.missed'] }), 201).url).toBe(receiver);
  });

  it('refuses what is not an address deliveries may go to, or no events, with a clear 400 and nothing stored', async () => {
    const before = expectStatus(await client.call({ method: 'GET', url: URL }), 200).data.length;
    const refusals: [unknown, RegExp | null][] = [
      [{ url: 'ftp://example.com/hook', events: ['call.requested'] }, /https/],
      [{ url: 'not a url', events: ['call.requested'] }, /absolute/i],
      [{ url: 'https://example.com/hook', events: ['call.requested', 'call.requested'] }, /duplicate/],
      [{ url: 'https://user:secret@example.com/hook', events: ['call.requested'] }, /user name|password|credentials/i],
      [{ url: `https://example.com/${'a'.repeat(2100)}`, events: ['call.requested'] }, null],
      [{ url: 'https://example.com/hook', events: [] }, null],
      [{ url: 'https://example.com/hook', events: ['call.exploded'] }, null],
      [{ url: 'https://example.com/hook', events: ['webhook.test'] }, null],
      [{ url: 'https://example.com/hook' }, null],
      [{ url: 'https://example.com/hook', events: ['call.requested'], secret: 'mine' }, null],
      [{ url: 42, events: ['call.requested'] }, null],
      ['https://example.com/hook', null],
    ];
    for (const [body, reason] of refusals) {
      const response = await create(client, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('invalid_request');
      if (reason) expect(response.body.error_description).toMatch(reason);
    }
    expect(expectStatus(await client.call({ method: 'GET', url: URL }), 200).data).toHaveLength(before);
  });

  it('in production refuses http, this machine, private networks and the cloud metadata address', async () => {
    const production = { allowLoopback: false };
    for (const url of ['http://example.com/hook', 'https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.0.0.8/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://[::ffff:192.168.1.1]/']) {
      await expect(createWebhookEndpoint(server.db, client.userId, { url, events: ['call.requested'] }, production), url).rejects.toMatchObject({ code: 'invalid_request' });
    }
    await expect(createWebhookEndpoint(server.db, other.userId, { url: 'https://crm.example.com/hook', events: ['payment.failed'] }, production)).resolves.toMatchObject({ url: 'https://crm.example.com/hook' });
  });

  it(`holds at most ${MAX_WEBHOOK_ENDPOINTS} endpoints, however many requests come at once`, async () => {
    const busy = await signedInClient(server);
    const answers = await Promise.all(Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 3 }, (_, i) => create(busy, { url: `https://crm.example.com/${i}`, events: ['call.completed'] })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body).toEqual({ error: 'webhook_endpoints_full', error_description: `You already have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.` });
  });
});

describe('PATCH, DELETE, test and deliveries of /client/webhooks/{id}', () => {
  it('changes the address, events and state; turned on again, an endpoint forgets its failures', async () => {
    const created = expectStatus(await create(client, { url: 'https://crm.example.com/a', events: ['call.requested'] }), 201);
    const path = `${URL}/${created.id}`;
    await server.db.update(webhookEndpoints).set({ isActive: false, failingSince: new Date(Date.now() - 4 * 86_400_000), switchedOffAt: new Date() }).where(eq(webhookEndpoints.id, created.id));
    const changed = expectStatus(await client.call({ method: 'PATCH', url: path, body: { url: 'https://crm.example.com/b', events: ['payment.succeeded', 'payment.failed'], isActive: true } }), 200);
    expect(changed).toMatchObject({ url: 'https://crm.example.com/b', events: ['payment.succeeded', 'payment.failed'], isActive: true, failingSince: null, switchedOffAt: null });
    expect(expectStatus(await client.call({ method: 'PATCH', url: path, body: { isActive: false } }), 200)).toMatchObject({ isActive: false, url: 'https://crm.example.com/b' });
    for (const body of [{}, { url: 'ftp://x' }, { events: [] }, { isActive: 'yes' }, { secret: 'x' }]) {
      expect((await client.call({ method: 'PATCH', url: path, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('queues a test event for one endpoint and lists it among its deliveries', async () => {
    const created = expectStatus(await create(client, { url: receiver, events: ['call.requested'], isActive: false }), 201);
    const queued = expectStatus(await client.call({ method: 'POST', url: `${URL}/${created.id}/test` }), 202);
    expect(queued).toEqual({ eventId: expect.stringMatching(/^evt_[0-9a-f]{32}$/) });
    const deliveries = expectStatus(await client.call({ method: 'GET', url: `${URL}/${created.id}/deliveries` }), 200).data;
    expect(deliveries).toEqual([
      {
        id: expect.any(Number),
        eventId: queued.eventId,
        eventType: 'webhook.test',
        status: 'pending',
        attempts: 0,
        responseCode: null,
        durationMs: null,
        error: null,
        createdAt: expect.any(String),
        lastAttemptAt: null,
        nextRetryAt: expect.any(String),
      },
    ]);
  });

  it('holds at most 5 test events waiting per endpoint; turning an endpoint that is on "on" again resends nothing early', async () => {
    const created = expectStatus(await create(client, { url: receiver, events: ['call.requested'] }), 201);
    const path = `${URL}/${created.id}`;
    const answers = await Promise.all(Array.from({ length: 7 }, () => client.call({ method: 'POST', url: `${path}/test` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 202, 202, 202, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ error: 'test_events_pending', error_description: 'This endpoint already has 5 test events waiting to be delivered.' });
    const later = new Date(Date.now() + 3_600_000);
    await server.db.update(webhookDeliveries).set({ dueAt: later }).where(eq(webhookDeliveries.endpointId, created.id));
    expectStatus(await client.call({ method: 'PATCH', url: path, body: { isActive: true } }), 200);
    const waiting = await server.db.select({ dueAt: webhookDeliveries.dueAt }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id));
    expect(waiting.every((row) => row.dueAt.getTime() === later.getTime())).toBe(true);
    // Off, then on: what it kept is due at once.
    expectStatus(await client.call({ method: 'PATCH', url: path, body: { isActive: false } }), 200);
    expectStatus(await client.call({ method: 'PATCH', url: path, body: { isActive: true } }), 200);
    const due = await server.db.select({ dueAt: webhookDeliveries.dueAt }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id));
    expect(due.every((row) => row.dueAt.getTime() <= Date.now())).toBe(true);
  });

  it("answers 404 for another account's endpoint, as for a missing one, and changes nothing", async () => {
    const mine = expectStatus(await create(client, { url: 'https://crm.example.com/mine', events: ['call.requested'] }), 201);
    const path = `${URL}/${mine.id}`;
    const attempts = [
      other.call({ method: 'PATCH', url: path, body: { isActive: false } }),
      other.call({ method: 'DELETE', url: path }),
      other.call({ method: 'POST', url: `${path}/test` }),
      other.call({ method: 'GET', url: `${path}/deliveries` }),
      client.call({ method: 'PATCH', url: `${URL}/2147483647`, body: { isActive: false } }),
      client.call({ method: 'DELETE', url: `${URL}/2147483647` }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.body).toEqual({ error: 'not_found', error_description: 'The requested webhook endpoint is not found.' });
    expect(expectStatus(await client.call({ method: 'GET', url: URL }), 200).data).toContainEqual(expect.objectContaining({ id: mine.id, isActive: true }));
    const malformed: ['DELETE' | 'POST' | 'GET', string][] = [['DELETE', `${URL}/0`], ['DELETE', `${URL}/abc`], ['DELETE', `${URL}/99999999999`], ['POST', `${URL}/-1/test`], ['GET', `${URL}/1.5/deliveries`]];
    for (const [method, url] of malformed) expect((await client.call({ method, url })).status, url).toBe(400);
    expectStatus(await client.call({ method: 'DELETE', url: path }), 204);
    expectStatus(await client.call({ method: 'DELETE', url: path }), 404);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.request({ method: 'GET', url: URL })).status).toBe(401);
    expect((await server.request({ method: 'POST', url: URL, body: { url: 'https://crm.example.com/x', events: ['call.requested'] } })).status).toBe(401);
  });
});
