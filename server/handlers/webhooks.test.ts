import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxMessages } from '../db/schema/system.ts';
import { webhookDeliveries, webhookEndpoints, type WebhookEventType } from '../db/schema/webhooks.ts';
import { CURRENT_PASSWORD_LIMIT } from '../domain/auth/currentPassword.ts';
import { createWebhookEndpoint, MAX_WEBHOOK_ENDPOINTS } from '../domain/webhooks/webhookEndpoints.ts';
import type { WebhookUrlRefusal } from '../domain/webhooks/webhookTargets.ts';
import { loadContract } from '../http/contract.ts';
import { clockIntoNextHour, startTestServer, TEST_PUBLIC_URL, type TestApp, type TestServer } from '../test/harness.ts';
import { type Client, expectStatus, signedInClient } from '../test/toolbox.ts';

// Issue 19: the /client/webhooks operations — the secret shown once, the address rules, the cap,
// the current password for where events go ("sudo mode"), tenant isolation and malformed input.
// Delivery itself: workers/webhooksWorker.test.ts.

let server: TestServer;
let client: Client;
let other: Client;
beforeAll(async () => {
  server = await startTestServer();
  [client, other] = await Promise.all([signedInClient(server), signedInClient(server)]);
});
afterAll(() => server?.close());

const URL = '/api/client/webhooks';
/** POST /client/webhooks with the caller's password, unless the body says otherwise. */
const create = (who: Client, body: unknown) =>
  who.call({ method: 'POST', url: URL, body: typeof body === 'object' && body !== null ? { currentPassword: who.password, ...body } : body });
/** An endpoint for a test about something else than adding one: made without the HTTP operation's password check and its limit. */
const existing = (who: Client, url: string, events: WebhookEventType[], isActive = true) => createWebhookEndpoint(server.db, who.userId, { url, events, isActive }, { allowLoopback: true });
const mailsTo = (address: string) => server.db.select().from(outboxMessages).where(eq(outboxMessages.to, address));
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
      [{ url: 'https://example.com/hook', events: ['call.requested'], currentPassword: undefined }, /currentPassword/],
      [{ url: 'https://example.com/hook', events: ['call.requested'], currentPassword: '' }, null],
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

  it('names the rule that refused an address in `reason` (the dashboard says it in the user\'s language); a schema failure has none', async () => {
    // Production's rules (https only, no localhost); its config names its mail server and accepts the local adapters.
    const production = await server.variant({ config: { nodeEnv: 'production', allowLocalAdapters: true, smtpUrl: 'smtp://127.0.0.1:2525' } });
    const [developer, owner] = await Promise.all([signedInClient(server), signedInClient(server, production)]);
    const refusals: [Client, string, WebhookUrlRefusal][] = [
      // The contract's maxLength counts code points, the rule UTF-16 code units, as JavaScript does.
      [developer, `https://example.com/${'😀'.repeat(1100)}`, 'url_too_long'],
      [developer, 'not a url', 'url_not_absolute'],
      [developer, 'ftp://example.com/hook', 'url_scheme_http_or_https'],
      [developer, 'https://user:secret@example.com/hook', 'url_credentials'],
      [developer, 'https://example.com/hook#calls', 'url_fragment'],
      [developer, 'http://10.0.0.8/hook', 'url_private_address'],
      [owner, 'http://example.com/hook', 'url_scheme_https'],
      [owner, 'https://localhost/hook', 'url_localhost'],
      [owner, 'https://169.254.169.254/latest/meta-data', 'url_private_or_loopback_address'],
    ];
    for (const [who, url, reason] of refusals) {
      const response = await create(who, { url, events: ['call.requested'] });
      expect(response.status, url).toBe(400);
      expect(response.body, url).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(/^The URL must /), reason });
    }
    // Every reason the contract lists is answered by some address.
    const listed = (loadContract().components!.schemas!.WebhookUrlRefusal as { enum: string[] }).enum;
    expect(refusals.map(([, , reason]) => reason).sort()).toEqual([...listed].sort());
    // Changing the address answers the same; the schema's own refusals name no rule.
    const endpoint = await existing(developer, receiver, ['call.requested']);
    const moved = await developer.call({ method: 'PATCH', url: `${URL}/${endpoint.id}`, body: { url: 'https://example.com/hook#calls', currentPassword: developer.password } });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ error: 'invalid_request', error_description: 'The URL must not contain a fragment (#…).', reason: 'url_fragment' });
    const malformed = await create(developer, { url: 'https://example.com/hook', events: [] });
    expect(malformed.status).toBe(400);
    expect(malformed.body).not.toHaveProperty('reason');
    expect(await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, owner.userId))).toEqual([]);
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
    // In parallel through the domain: the HTTP operation's password checks would stop at 5 (see "sudo mode" below).
    const made = await Promise.allSettled(Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 3 }, (_, i) => existing(busy, `https://crm.example.com/${i}`, ['call.completed'])));
    expect(made.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(made.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.code)).toEqual(Array(3).fill('webhook_endpoints_full'));
    const refused = await create(busy, { url: 'https://crm.example.com/one-more', events: ['call.completed'] });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'webhook_endpoints_full', error_description: `You already have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.` });
  });
});

describe('PATCH, DELETE, test and deliveries of /client/webhooks/{id}', () => {
  it('changes the address, events and state; turned on again, an endpoint forgets its failures', async () => {
    const created = await existing(client, 'https://crm.example.com/a', ['call.requested']);
    const path = `${URL}/${created.id}`;
    await server.db.update(webhookEndpoints).set({ isActive: false, failingSince: new Date(Date.now() - 4 * 86_400_000), switchedOffAt: new Date() }).where(eq(webhookEndpoints.id, created.id));
    const body = { url: 'https://crm.example.com/b', events: ['payment.succeeded', 'payment.failed'], isActive: true, currentPassword: client.password };
    const changed = expectStatus(await client.call({ method: 'PATCH', url: path, body }), 200);
    expect(changed).toMatchObject({ url: 'https://crm.example.com/b', events: ['payment.succeeded', 'payment.failed'], isActive: true, failingSince: null, switchedOffAt: null });
    expect(expectStatus(await client.call({ method: 'PATCH', url: path, body: { isActive: false } }), 200)).toMatchObject({ isActive: false, url: 'https://crm.example.com/b' });
    const malformed = [{}, { url: 'ftp://x', currentPassword: client.password }, { events: [] }, { isActive: 'yes' }, { secret: 'x' }, { url: 'https://crm.example.com/c' }, { currentPassword: client.password }, { events: ['call.missed'], currentPassword: client.password }];
    for (const body of malformed) {
      expect((await client.call({ method: 'PATCH', url: path, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(expectStatus(await client.call({ method: 'GET', url: URL }), 200).data).toContainEqual(expect.objectContaining({ id: created.id, url: 'https://crm.example.com/b' }));
  });

  it('queues a test event for one endpoint and lists it among its deliveries', async () => {
    const created = await existing(client, receiver, ['call.requested'], false);
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
        errorCode: null,
        createdAt: expect.any(String),
        lastAttemptAt: null,
        nextRetryAt: expect.any(String),
      },
    ]);
    // A failed one lists its code for the dashboard to translate, beside the English error (none when the status says it).
    const failures = [
      { responseCode: 503, lastError: null, errorCode: 'http_status' },
      { responseCode: null, lastError: 'not delivered within 24 hours', errorCode: 'expired' },
      { responseCode: null, lastError: 'The URL must start with https://.', errorCode: 'url_scheme_https' },
    ] as const;
    const listedFailures = [];
    for (const failure of failures) {
      await server.db.update(webhookDeliveries).set({ ...failure, status: 'failed', attempts: 1, lastAttemptAt: new Date() }).where(eq(webhookDeliveries.endpointId, created.id));
      listedFailures.push(expectStatus(await client.call({ method: 'GET', url: `${URL}/${created.id}/deliveries` }), 200).data[0]);
    }
    expect(listedFailures.map(({ status, responseCode, error, errorCode }) => ({ status, responseCode, error, errorCode }))).toEqual(
      failures.map(({ responseCode, lastError, errorCode }) => ({ status: 'failed', responseCode, error: lastError, errorCode })),
    );
  });

  it('holds at most 5 test events waiting per endpoint; turning an endpoint that is on "on" again resends nothing early', async () => {
    const created = await existing(client, receiver, ['call.requested']);
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
    const mine = await existing(client, 'https://crm.example.com/mine', ['call.requested']);
    const path = `${URL}/${mine.id}`;
    const attempts = [
      other.call({ method: 'PATCH', url: path, body: { isActive: false } }),
      // Another account's password confirms nothing about this endpoint: still a missing one.
      other.call({ method: 'PATCH', url: path, body: { url: 'https://evil.example.com/hook', currentPassword: other.password } }),
      other.call({ method: 'DELETE', url: path }),
      other.call({ method: 'POST', url: `${path}/test` }),
      other.call({ method: 'GET', url: `${path}/deliveries` }),
      client.call({ method: 'PATCH', url: `${URL}/2147483647`, body: { isActive: false } }),
      client.call({ method: 'DELETE', url: `${URL}/2147483647` }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.body).toEqual({ error: 'not_found', error_description: 'The requested webhook endpoint is not found.' });
    expect(expectStatus(await client.call({ method: 'GET', url: URL }), 200).data).toContainEqual(expect.objectContaining({ id: mine.id, isActive: true, url: 'https://crm.example.com/mine' }));
    const malformed: ['DELETE' | 'POST' | 'GET', string][] = [['DELETE', `${URL}/0`], ['DELETE', `${URL}/abc`], ['DELETE', `${URL}/99999999999`], ['POST', `${URL}/-1/test`], ['GET', `${URL}/1.5/deliveries`]];
    for (const [method, url] of malformed) expect((await client.call({ method, url })).status, url).toBe(400);
    expectStatus(await client.call({ method: 'DELETE', url: path }), 204);
    expectStatus(await client.call({ method: 'DELETE', url: path }), 404);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.request({ method: 'GET', url: URL })).status).toBe(401);
    expect((await server.request({ method: 'POST', url: URL, body: { url: 'https://crm.example.com/x', events: ['call.requested'], currentPassword: 'correct-horse' } })).status).toBe(401);
  });
});

describe('where events go needs the current password (issue 19, "sudo mode")', () => {
  const endpointsOf = (who: Client) => server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, who.userId));

  it('adding: without it 400, a wrong one 401 invalid_grant; nothing added or mailed, and the session still works', async () => {
    const owner = await signedInClient(server);
    const without = await create(owner, { url: 'https://crm.example.com/x', events: ['call.requested'], currentPassword: undefined });
    expect(without.status).toBe(400);
    const wrong = await create(owner, { url: 'https://crm.example.com/x', events: ['call.requested'], currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'The current password is wrong. No endpoint was added.' });
    expect(await endpointsOf(owner)).toEqual([]);
    expect(await mailsTo(owner.email)).toEqual([]);
    expectStatus(await owner.call({ method: 'GET', url: URL }), 200);
  });

  it('a refused address answers its 400 before the password is checked, so typos in it cost no check', async () => {
    const owner = await signedInClient(server);
    for (let i = 0; i < CURRENT_PASSWORD_LIMIT.max + 2; i += 1) {
      const refused = await create(owner, { url: 'https://user:secret@example.com/hook', events: ['call.requested'], currentPassword: `guess-${i}` });
      expect(refused.status).toBe(400);
    }
    expectStatus(await create(owner, { url: 'https://crm.example.com/fine', events: ['call.requested'] }), 201);
  });

  it('adding with the right one: the owner is mailed where the events go, when, and where to remove it, never the secret', async () => {
    const owner = await signedInClient(server);
    const created = expectStatus(await create(owner, { url: 'https://crm.example.com/leads', events: ['call.requested', 'call.missed'] }), 201);
    const [mail, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('A webhook endpoint was added to your Callback Dashboard account');
    expect(mail!.text).toMatch(/^On \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, someone signed in to your account with its password added a webhook endpoint/m);
    expect(mail!.text).toContain('these events of your account are sent to https://crm.example.com/leads: call.requested, call.missed.');
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/integrations`);
    expect(JSON.stringify(mail)).not.toContain(created.secret);
  });

  it('changing the address: with it only (events and the switch without), checked before anything changes; a move is mailed', async () => {
    const owner = await signedInClient(server);
    const endpoint = await existing(owner, 'https://crm.example.com/old', ['call.completed']);
    const path = `${URL}/${endpoint.id}`;
    // Events and the switch need no password, and mail nothing.
    expectStatus(await owner.call({ method: 'PATCH', url: path, body: { events: ['call.missed'], isActive: false } }), 200);
    const wrong = await owner.call({ method: 'PATCH', url: path, body: { url: 'https://evil.example.com/hook', currentPassword: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'The current password is wrong. The endpoint was not changed.' });
    expect((await endpointsOf(owner))[0]).toMatchObject({ url: 'https://crm.example.com/old', events: ['call.missed'], isActive: false });
    expect(await mailsTo(owner.email)).toEqual([]);

    const moved = expectStatus(await owner.call({ method: 'PATCH', url: path, body: { url: 'https://crm.example.com/new', isActive: true, currentPassword: owner.password } }), 200);
    expect(moved).toMatchObject({ url: 'https://crm.example.com/new', isActive: true });
    const [mail, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('A webhook endpoint of your Callback Dashboard account has a new address');
    expect(mail!.text).toContain('moved a webhook endpoint from https://crm.example.com/old to https://crm.example.com/new: from now on, its events (call.missed) are sent there.');
    // The same address again: nothing moved, nothing mailed.
    expectStatus(await owner.call({ method: 'PATCH', url: path, body: { url: 'https://crm.example.com/new', currentPassword: owner.password } }), 200);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  describe('the limit every check of the current password shares', () => {
    const clock = clockIntoNextHour();
    let app: TestApp;
    beforeAll(async () => {
      app = await server.variant({ tokenClock: clock });
    });

    it('guesses through a change of e-mail use up adding and moving endpoints too; events still change without it', async () => {
      const owner = await signedInClient(server, app);
      const endpoint = await existing(owner, 'https://crm.example.com/kept', ['call.completed']);
      for (let guess = 0; guess < CURRENT_PASSWORD_LIMIT.max; guess += 1) {
        expectStatus(await owner.call({ method: 'PATCH', url: '/api/user', body: { email: 'thief@example.com', currentPassword: `guess-${guess}` } }), 401);
      }
      const refused = await create(owner, { url: 'https://evil.example.com/hook', events: ['call.requested'] });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('too_many_attempts');
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expectStatus(await owner.call({ method: 'PATCH', url: `${URL}/${endpoint.id}`, body: { url: 'https://evil.example.com/hook', currentPassword: owner.password } }), 429);
      expectStatus(await owner.call({ method: 'PATCH', url: `${URL}/${endpoint.id}`, body: { events: ['call.missed'] } }), 200);
      expect((await endpointsOf(owner)).map((row) => row.url)).toEqual(['https://crm.example.com/kept']);
      expect(await mailsTo(owner.email)).toEqual([]);
    });
  });
});
