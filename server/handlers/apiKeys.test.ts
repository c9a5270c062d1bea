import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { loadContract } from '../http/contract.ts';
import { operationsTakingApiKeys } from './security.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_REQUESTS_PER_MINUTE, loadConfig } from '../config.ts';
import { users } from '../db/schema/accounts.ts';
import { apiKeys } from '../db/schema/apiKeys.ts';
import { createApiKey, MAX_API_KEYS } from '../domain/apiKeys/apiKeys.ts';
import { redactSecretShapes } from '../http/logRedaction.ts';
import { outboxMessages } from '../db/schema/system.ts';
import { CURRENT_PASSWORD_LIMIT } from '../domain/auth/currentPassword.ts';
import { createAccount, signIn } from '../test/accounts.ts';
import { accessLogWritten, clockIntoNextHour, startTestServer, TEST_PUBLIC_URL, type ApiRequest, type TestApp, type TestServer } from '../test/harness.ts';
import { addAgent, addWebsite, addWidget, agentWidgetBody, type Client, expectStatus, signedInClient } from '../test/toolbox.ts';

// Issue 19, "API keys": keys made by a signed-in user, shown once and stored hashed, that act as
// the account on the operations the contract opens to them (its `apiKey` scheme), read-only for
// `read` keys, never on keys, webhooks, cards, payments, password or e-mail, and limited per key.

const clock = clockIntoNextHour();
let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer({ tokenClock: clock });
  client = await signedInClient(server);
});
afterAll(() => server?.close());

const URL = '/api/client/api-keys';
const KEY_SHAPE = /^cbk_[A-Za-z0-9_-]{43}$/;
type Scope = 'read' | 'write';

interface CreatedKey {
  id: number;
  name: string;
  scope: Scope;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  key: string;
}

async function createKey(who: Client, scope: Scope = 'read', name = 'CRM sync'): Promise<CreatedKey> {
  return expectStatus(await who.call({ method: 'POST', url: URL, body: { name, scope, currentPassword: who.password } }), 201);
}

/** A request with `key` as the bearer credential, to `app` (the main instance unless told). */
const withKey = (key: string, request: Omit<ApiRequest, 'token'>, app: TestApp = server) => app.request({ ...request, token: key });

/** Moves the token clock to one second into the next minute, so a test's requests share one rate window. */
function startOfNextMinute(): void {
  clock.advanceTo(Math.ceil(clock.now() / 60_000) * 60_000 + 1_000);
}

describe('POST /client/api-keys', () => {
  it('answers the key once; the list never shows it, and the database holds only its SHA-256 hash', async () => {
    const owner = await signedInClient(server);
    const created = await createKey(owner, 'write', '  Zapier  ');
    expect(created).toEqual({ id: expect.any(Number), name: 'Zapier', scope: 'write', prefix: created.key.slice(0, 10), createdAt: expect.any(String), lastUsedAt: null, key: expect.stringMatching(KEY_SHAPE) });
    expect(Buffer.from(created.key.slice(4), 'base64url')).toHaveLength(32);

    const listed = expectStatus(await owner.call({ method: 'GET', url: URL }), 200);
    expect(listed).toEqual({ data: [{ id: created.id, name: 'Zapier', scope: 'write', prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null }] });
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(10));

    const [row] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(10));
  });

  it('lists the newest first, and a new key each time', async () => {
    const owner = await signedInClient(server);
    const first = await createKey(owner, 'read', 'First');
    const second = await createKey(owner, 'read', 'First');
    expect(second.key).not.toBe(first.key);
    const listed = expectStatus(await owner.call({ method: 'GET', url: URL }), 200);
    expect(listed.data.map((key: { id: number }) => key.id)).toEqual([second.id, first.id]);
  });

  it.each([
    ['an empty name', { name: '', scope: 'read' }],
    ['a name of spaces only', { name: '   \t ', scope: 'read' }],
    ['a name of 101 characters', { name: 'n'.repeat(101), scope: 'read' }],
    ['a name that is not text', { name: 42, scope: 'read' }],
    ['no name', { scope: 'read' }],
    ['no scope', { name: 'CRM' }],
    ['an unknown scope', { name: 'CRM', scope: 'admin' }],
    ['an unknown field', { name: 'CRM', scope: 'read', expiresAt: '2030-01-01T00:00:00Z' }],
    ['no current password', { name: 'CRM', scope: 'read', currentPassword: undefined }],
    ['an empty current password', { name: 'CRM', scope: 'read', currentPassword: '' }],
    ['a current password that is not text', { name: 'CRM', scope: 'read', currentPassword: 12345 }],
    ['a current password of 51 characters', { name: 'CRM', scope: 'read', currentPassword: 'p'.repeat(51) }],
  ])('refuses %s with 400 invalid_request, before any check of the password', async (_label, body) => {
    // The right password unless the case is about it: the 400 is for the case, and costs no check of the password.
    const answer = await client.call({ method: 'POST', url: URL, body: { currentPassword: client.password, ...body } });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
  });

  it('takes a name of exactly 100 characters', async () => {
    expect((await createKey(client, 'read', 'n'.repeat(100))).name).toHaveLength(100);
  });

  it(`never passes ${MAX_API_KEYS} keys per account, also when created in parallel`, async () => {
    const busy = await signedInClient(server);
    // In parallel through the domain: the HTTP operation's password checks would stop at 5 (see "needs the current password").
    const made = await Promise.allSettled(Array.from({ length: MAX_API_KEYS + 5 }, (_, i) => createApiKey(server.db, busy.userId, { name: `Key ${i}`, scope: 'read' })));
    expect(made.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(MAX_API_KEYS);
    expect(made.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.code)).toEqual(Array(5).fill('api_keys_full'));
    const refused = await busy.call({ method: 'POST', url: URL, body: { name: 'One more', scope: 'read', currentPassword: busy.password } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'api_keys_full', error_description: `You already have ${MAX_API_KEYS} API keys. Delete one you no longer use first.` });
    expect(expectStatus(await busy.call({ method: 'GET', url: URL }), 200).data).toHaveLength(MAX_API_KEYS);
    // Deleting one makes room for one.
    const [oldest] = expectStatus(await busy.call({ method: 'GET', url: URL }), 200).data.slice(-1);
    expectStatus(await busy.call({ method: 'DELETE', url: `${URL}/${oldest.id}` }), 204);
    await createKey(busy);
    expectStatus(await busy.call({ method: 'POST', url: URL, body: { name: 'One more', scope: 'read', currentPassword: busy.password } }), 409);
  });
});

describe('POST /client/api-keys needs the current password (issue 19, "sudo mode")', () => {
  // An instance with a clock of its own: these tests move it past the limit's 15 minutes, which
  // would expire the other tests' access tokens on the shared one.
  const sudoClock = clockIntoNextHour();
  let sudo: TestApp;
  beforeAll(async () => {
    sudo = await server.variant({ tokenClock: sudoClock });
  });
  const sudoClient = () => signedInClient(server, sudo);
  const create = (who: Client, currentPassword: string | undefined, name = 'Sudo') => who.call({ method: 'POST', url: URL, body: { name, scope: 'write', currentPassword } });
  const keysOf = (who: Client) => server.db.select().from(apiKeys).where(eq(apiKeys.userId, who.userId));
  const mailsTo = (address: string) => server.db.select().from(outboxMessages).where(eq(outboxMessages.to, address));
  const changePassword = (who: Client, currentPassword: string) =>
    who.call({ method: 'PATCH', url: '/api/user/password', body: { currentPassword, newPassword: 'another-password', invalidateSessions: false } });

  it('a wrong one answers 401 invalid_grant, creates and mails nothing, and leaves the session working', async () => {
    const owner = await sudoClient();
    const wrong = await create(owner, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'The current password is wrong. No API key was created.' });
    expect(await keysOf(owner)).toEqual([]);
    expect(await mailsTo(owner.email)).toEqual([]);
    // Not the expired-token answer: the SPA shows it at the field and refreshes nothing; the token still works.
    expectStatus(await owner.call({ method: 'GET', url: URL }), 200);
  });

  it('the right one creates the key, and the owner is mailed which key, when, and where to delete it, never the key itself', async () => {
    const owner = await sudoClient();
    const created = expectStatus(await create(owner, owner.password, 'Zapier'), 201);
    const [mail, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('A new API key for your Callback Dashboard account');
    expect(mail!.text).toContain(`"Zapier", read and write, starting ${created.prefix}.`);
    expect(mail!.text).toContain(`On ${new Date(sudoClock.now()).toISOString().slice(0, 16).replace('T', ' ')} UTC, someone signed in to your account with its password created an API key`);
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/integrations`);
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/auth/forgot-password`);
    expect(JSON.stringify(mail)).not.toContain(created.key.slice(10));
  });

  it('shares its limit with the password change: 5 checks in 15 minutes in all, right or wrong, whichever operation makes them', async () => {
    sudoClock.advanceTo(Math.ceil(sudoClock.now() / 900_000) * 900_000 + 1_000);
    const owner = await sudoClient();
    for (let guess = 0; guess < CURRENT_PASSWORD_LIMIT.max - 1; guess += 1) expectStatus(await changePassword(owner, `guess-${guess}`), 401);
    expectStatus(await create(owner, 'guess-4'), 401);
    // The sixth check: refused before the password is looked at, the right one included.
    const refused = await create(owner, owner.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await changePassword(owner, owner.password)).status).toBe(429);
    expect(await keysOf(owner)).toEqual([]);
    expect(await mailsTo(owner.email)).toEqual([]);

    // The next window: a new session (the old access token expired meanwhile) creates the key.
    sudoClock.advance(15 * 60 * 1000);
    const { accessToken } = await signIn(sudo, owner.email, owner.password);
    expectStatus(await sudo.request({ method: 'POST', url: URL, token: accessToken, body: { name: 'Later', scope: 'read', currentPassword: owner.password } }), 201);
  });

  it('parallel guesses all count: at most 5 are checked', async () => {
    sudoClock.advanceTo(Math.ceil(sudoClock.now() / 900_000) * 900_000 + 1_000);
    const owner = await sudoClient();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => create(owner, `guess-${i}`)));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(CURRENT_PASSWORD_LIMIT.max);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - CURRENT_PASSWORD_LIMIT.max);
  });

  it('never writes the password to the log, right or wrong', async () => {
    let lines = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (lines += chunk.toString()));
    const logged = await server.variant({ config: { logLevel: 'debug' }, logStream: stream, tokenClock: clock });
    const account = await createAccount(server.db, { password: 'a-very-distinct-password' });
    const { accessToken } = await signIn(logged, account.email, account.password);
    for (const currentPassword of [account.password, 'another-distinct-guess']) {
      await logged.request({ method: 'POST', url: URL, token: accessToken, body: { name: 'Logged', scope: 'read', currentPassword } });
    }
    await accessLogWritten();
    expect(lines).toContain('/api/client/api-keys');
    expect(lines).not.toContain('a-very-distinct-password');
    expect(lines).not.toContain('another-distinct-guess');
  });
});

describe('DELETE /client/api-keys/{id}', () => {
  it("answers 404 for another account's key (and leaves it working), and for a missing or bad id", async () => {
    const other = await signedInClient(server);
    const theirs = await createKey(other);
    const answer = await client.call({ method: 'DELETE', url: `${URL}/${theirs.id}` });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('not_found');
    expectStatus(await withKey(theirs.key, { method: 'GET', url: '/api/client/widgets' }), 200);
    expectStatus(await client.call({ method: 'DELETE', url: `${URL}/2147483647` }), 404);
    expectStatus(await client.call({ method: 'DELETE', url: `${URL}/0` }), 400);
    expectStatus(await client.call({ method: 'DELETE', url: `${URL}/abc` }), 400);
  });

  it('ends the key at once, on every instance: 401 invalid_or_expired_access_token, like an unknown token', async () => {
    const owner = await signedInClient(server);
    const { id, key } = await createKey(owner);
    const otherInstance = await server.variant({ tokenClock: clock });
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/calls' }), 200);
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/calls' }, otherInstance), 200);
    expectStatus(await owner.call({ method: 'DELETE', url: `${URL}/${id}` }), 204);
    for (const app of [server, otherInstance]) {
      const refused = await withKey(key, { method: 'GET', url: '/api/client/calls' }, app);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: 'invalid_or_expired_access_token', error_description: 'invalid_or_expired_access_token' });
    }
  });
});

describe('a key as the bearer credential', () => {
  it("reads the calls and widgets of its own account only", async () => {
    const owner = await signedInClient(server);
    const stranger = await signedInClient(server);
    const ownWidget = await addWidget(owner, agentWidgetBody((await addWebsite(owner, 'keys-owner.example.com')).id, [(await addAgent(owner)).id]));
    const strangerWidget = await addWidget(stranger, agentWidgetBody((await addWebsite(stranger, 'keys-stranger.example.com')).id, [(await addAgent(stranger)).id]));
    const { key } = await createKey(owner, 'read');

    const widgets = expectStatus(await withKey(key, { method: 'GET', url: '/api/client/widgets' }), 200);
    expect(widgets.data.map((widget: { id: number }) => widget.id)).toEqual([ownWidget.id]);
    expect(expectStatus(await withKey(key, { method: 'GET', url: '/api/client/calls' }), 200)).toEqual({ data: [], count: 0 });
    expect(expectStatus(await withKey(key, { method: 'GET', url: '/api/user' }), 200).email).not.toBe(undefined);
    // Another account's rows answer as missing, as for a signed-in user.
    const { key: writeKey } = await createKey(owner, 'write');
    expectStatus(await withKey(writeKey, { method: 'DELETE', url: `/api/client/widgets/${strangerWidget.id}` }), 404);
    expect(expectStatus(await stranger.call({ method: 'GET', url: '/api/client/widgets' }), 200).data).toHaveLength(1);
  });

  it('reaches exactly these operations: a new one takes keys only when added here on purpose', () => {
    // The contract's default lets keys in; an operation about money, access, secrets or what is
    // kept lists bearerAuth alone. This list makes a new operation a decision, not a default.
    expect([...operationsTakingApiKeys(loadContract())].sort()).toEqual([
      'blockVisitor', 'createAgent', 'createWebsite', 'createWidget', 'deleteAgent', 'deleteFile', 'deleteWidget', 'exportCallsCsv', 'getAnalytics',
      'getCallDestinations', 'getCallLimits', 'getCallRecording', 'getCallsBySource', 'getCredits', 'getGettingStarted', 'getMeta', 'getRecordingSettings', 'getSpentCredits', 'getUser', 'getUserEmail',
      'listAgents', 'listBlockedVisitors', 'listCalls', 'listFiles', 'listPayments', 'listScheduledCalls', 'listWebsites', 'listWidgets', 'unblockVisitor',
      'updateAgent', 'updateWidget',
    ]);
  });

  it('a read key may only read: 403 insufficient_scope on POST; a write key may POST', async () => {
    const owner = await signedInClient(server);
    const read = await createKey(owner, 'read');
    const write = await createKey(owner, 'write');
    const agent = { name: 'Grace Hopper', phone: '+14155550123' };
    const refused = await withKey(read.key, { method: 'POST', url: '/api/client/agents', body: agent });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'insufficient_scope', error_description: 'This API key may only read (GET requests). Use a key with the write scope to make changes.' });
    expect(expectStatus(await owner.call({ method: 'GET', url: '/api/client/agents' }), 200).data).toEqual([]);
    expectStatus(await withKey(read.key, { method: 'POST', url: '/api/client/blocked-visitors', body: { kind: 'number', value: '+14155550177' } }), 403);
    const created = expectStatus(await withKey(write.key, { method: 'POST', url: '/api/client/agents', body: agent }), 201);
    expectStatus(await withKey(write.key, { method: 'DELETE', url: `/api/client/agents/${created.id}` }), 204);
  });

  it.each([
    ['list webhook endpoints', { method: 'GET', url: '/api/client/webhooks' }],
    ['add a webhook endpoint', { method: 'POST', url: '/api/client/webhooks', body: { url: 'https://evil.example.com/hook', events: ['call.requested'] } }],
    ['add a webhook endpoint, with the password', { method: 'POST', url: '/api/client/webhooks', body: { url: 'https://evil.example.com/hook', events: ['call.requested'], currentPassword: 'correct-horse' } }],
    ['move a webhook endpoint, with the password', { method: 'PATCH', url: '/api/client/webhooks/1', body: { url: 'https://evil.example.com/hook', currentPassword: 'correct-horse' } }],
    ['list API keys', { method: 'GET', url: URL }],
    ['create an API key', { method: 'POST', url: URL, body: { name: 'Persistence', scope: 'write' } }],
    // 403 before anything else: not the 400 of a malformed body, nor a check of the password.
    ['create an API key, with a malformed body', { method: 'POST', url: URL, body: { scope: 'admin', extra: true } }],
    ['create an API key, with the password', { method: 'POST', url: URL, body: { name: 'Persistence', scope: 'write', currentPassword: 'correct-horse' } }],
    ['list payment methods', { method: 'GET', url: '/api/client/payment-methods' }],
    ['save a card', { method: 'POST', url: '/api/client/payment-methods', body: { paymentMethodId: 'pm_card_visa' } }],
    ['buy credits', { method: 'POST', url: '/api/client/payments', body: { packId: 1 } }],
    ['cancel auto-recharge', { method: 'DELETE', url: '/api/client/auto-recharge' }],
    ['change the password', { method: 'PATCH', url: '/api/user/password', body: { currentPassword: 'correct-horse', newPassword: 'stolen-password', invalidateSessions: true } }],
    ['change the password (PUT)', { method: 'PUT', url: '/api/user/password', body: { currentPassword: 'correct-horse', newPassword: 'stolen-password', invalidateSessions: true } }],
    ['change the e-mail address', { method: 'PATCH', url: '/api/user', body: { email: 'attacker@example.com', currentPassword: 'correct-horse' } }],
    ['sign out', { method: 'DELETE', url: '/api/oauth2/token' }],
    ['widen the call destinations', { method: 'PUT', url: '/api/client/call-destinations', body: { countries: ['US', 'GB'] } }],
    ['shorten how long recordings are kept', { method: 'PUT', url: '/api/client/recording-settings', body: { retentionDays: 1 } }],
    ['raise the call limits', { method: 'PUT', url: '/api/client/call-limits', body: { perWidget: 10000, perAccount: 10000 } }],
    ['tokenize a card', { method: 'POST', url: '/api/local-card-processor/payment-methods', body: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } }],
    ['read the GA4 connection', { method: 'GET', url: '/api/client/integrations/ga4' }],
    ['point call outcomes at another GA4 property', { method: 'PUT', url: '/api/client/integrations/ga4', body: { measurementId: 'G-ATTACKER01', apiSecret: 'stolen-secret', isActive: true } }],
    ['disconnect GA4', { method: 'DELETE', url: '/api/client/integrations/ga4' }],
  ] as const)('no key, not even a write key, may %s: 403 api_key_not_allowed', async (_label, request) => {
    const owner = await signedInClient(server);
    const { key } = await createKey(owner, 'write');
    const before = await server.db.select().from(apiKeys).where(eq(apiKeys.userId, owner.userId));
    const refused = await withKey(key, request as Omit<ApiRequest, 'token'>);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toBe('api_key_not_allowed');
    expect(refused.body.error_description).toMatch(/signed-in user only/);
    // Refused as soon as the route is known (refuseApiKeysEarly), yet with every answer's headers.
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(await server.db.select().from(apiKeys).where(eq(apiKeys.userId, owner.userId))).toEqual(before);
    // The account is untouched: the same password still signs in, the same address is on file.
    expect(expectStatus(await owner.call({ method: 'GET', url: '/api/user' }), 200).pendingEmail ?? null).toBeNull();
  });

  it('answers a key where keys are not allowed with 403 before looking it up, and an unknown key elsewhere with 401', async () => {
    const unknown = `cbk_${'Z'.repeat(43)}`;
    expect((await withKey(unknown, { method: 'GET', url: '/api/client/webhooks' })).body.error).toBe('api_key_not_allowed');
    for (const token of [unknown, 'cbk_short', `cbk_${'a'.repeat(44)}`]) {
      const refused = await withKey(token, { method: 'GET', url: '/api/client/widgets' });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('invalid_or_expired_access_token');
    }
  });

  it("stops working when its account is deleted", async () => {
    const owner = await signedInClient(server);
    const { key } = await createKey(owner);
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/credits' }), 200);
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.userId));
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/credits' }), 401);
  });

  it('leaves signed-in sessions as they were: access tokens work everywhere the contract allows them', async () => {
    expectStatus(await client.call({ method: 'GET', url: '/api/client/webhooks' }), 200);
    expectStatus(await client.call({ method: 'GET', url: URL }), 200);
    expectStatus(await client.call({ method: 'GET', url: '/api/client/widgets' }), 200);
  });
});

describe('lastUsedAt', () => {
  it('is written at the first use, then at most once a minute', async () => {
    const owner = await signedInClient(server);
    const { id, key } = await createKey(owner);
    const lastUsed = async () => (await server.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at;
    expect(await lastUsed()).toBeNull();
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/credits' }), 200);
    const first = await lastUsed();
    expect(first?.getTime()).toBeCloseTo(clock.now(), -3);
    clock.advance(30_000);
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/credits' }), 200);
    expect(await lastUsed()).toEqual(first);
    clock.advance(31_000);
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/credits' }), 200);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime() + 60_000);
    const listed = expectStatus(await owner.call({ method: 'GET', url: URL }), 200);
    expect(Date.parse(listed.data[0].lastUsedAt)).toBe((await lastUsed())!.getTime());
  });
});

describe('the rate limit per key', () => {
  const LIMIT = 5;

  it(`is ${API_KEY_REQUESTS_PER_MINUTE} requests a minute unless a test lowers it`, () => {
    expect(API_KEY_REQUESTS_PER_MINUTE).toBe(600);
    expect(loadConfig({}).apiKeyRequestsPerMinute).toBe(600);
  });

  it('answers 429 too_many_requests with Retry-After past the limit, counted across instances, and opens again the next minute', async () => {
    const one = await server.variant({ config: { apiKeyRequestsPerMinute: LIMIT }, tokenClock: clock });
    const two = await server.variant({ config: { apiKeyRequestsPerMinute: LIMIT }, tokenClock: clock });
    const owner = await signedInClient(server);
    const { key } = await createKey(owner);
    const { key: sibling } = await createKey(owner);
    startOfNextMinute();

    for (let i = 0; i < LIMIT; i += 1) expectStatus(await withKey(key, { method: 'GET', url: '/api/client/credits' }, i % 2 ? one : two), 200);
    const refused = await withKey(key, { method: 'GET', url: '/api/client/credits' }, one);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'too_many_requests', error_description: `This API key made more than ${LIMIT} requests this minute. Please try again in 59 seconds.` });
    expect(refused.headers['retry-after']).toBe('59');
    // Refused requests count too, on every instance; the account's other key has a limit of its own.
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/widgets' }, two), 429);
    expectStatus(await withKey(sibling, { method: 'GET', url: '/api/client/credits' }, two), 200);
    // A signed-in user of the same account is not limited by its keys.
    expectStatus(await owner.call({ method: 'GET', url: '/api/client/credits' }), 200);

    clock.advance(60_000);
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/credits' }, one), 200);
  });

  it('lets exactly the limit through when requests arrive together', async () => {
    const limited = await server.variant({ config: { apiKeyRequestsPerMinute: LIMIT }, tokenClock: clock });
    const owner = await signedInClient(server);
    const { key } = await createKey(owner);
    startOfNextMinute();
    const answers = await Promise.all(Array.from({ length: LIMIT * 3 }, () => withKey(key, { method: 'GET', url: '/api/client/credits' }, limited)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(LIMIT * 2);
  });
});

describe('the log', () => {
  it('names the key a request came with by its id, and never holds the key', async () => {
    let lines = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (lines += chunk.toString()));
    const logged = await server.variant({ config: { logLevel: 'info' }, logStream: stream, tokenClock: clock });
    const owner = await signedInClient(server);
    const { id, key } = await createKey(owner);
    expectStatus(await withKey(key, { method: 'GET', url: '/api/client/widgets' }, logged), 200);
    // A key pasted where it does not belong (a query value) is redacted from the URL as well.
    await withKey(key, { method: 'GET', url: `/api/client/widgets?note=${key}` }, logged);
    await accessLogWritten();
    expect(lines).toContain(`"apiKeyId":${id}`);
    expect(lines).not.toContain(key.slice(10));
    expect(redactSecretShapes(`leaked ${key} here`)).toBe(`leaked ${key.slice(0, 10)}[redacted] here`);
  });
});
