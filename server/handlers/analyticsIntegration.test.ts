import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAttributions, calls } from '../db/schema/calls.ts';
import { ga4Events, ga4Settings } from '../db/schema/ga4.ts';
import { createApiKey } from '../domain/apiKeys/apiKeys.ts';
import { MISSING_SECRET_MESSAGE } from '../domain/ga4/ga4Settings.ts';
import { insertCall, insertWebsite, insertWidget } from '../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { type Client, expectStatus, signedInClient } from '../test/toolbox.ts';

// Issue 19: the /client/integrations/ga4 operations — the secret never answered, kept when left
// out, required the first time; malformed input, tenant isolation, API keys refused. Sending:
// workers/ga4Worker.test.ts.

let server: TestServer;
let client: Client;
let other: Client;
beforeAll(async () => {
  server = await startTestServer();
  [client, other] = await Promise.all([signedInClient(server), signedInClient(server)]);
});
afterAll(() => server?.close());

const URL = '/api/client/integrations/ga4';
const SECRET = 'AbCdEfGhIjKlMnOpQrXy9Q';
const read = (who: Client) => who.call({ method: 'GET', url: URL });
const save = (who: Client, body: unknown) => who.call({ method: 'PUT', url: URL, body });
const NOTHING = { configured: false, measurementId: null, apiSecretHint: null, isActive: false, pendingEvents: 0, lastSentAt: null, lastFailure: null, updatedAt: null };

/** A call of a visitor with a GA client id whose outcome is recorded: with an active connection, one event is queued. */
async function recordedCall(userId: number) {
  const website = await insertWebsite(server.db, userId);
  const call = await insertCall(server.db, { userId, widget: await insertWidget(server.db, userId, website.id) });
  await server.db.insert(callAttributions).values({ callId: call.id, gaClientId: `${call.id}.1700000000` });
  await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(eq(calls.id, call.id));
  return call;
}

describe('GET /client/integrations/ga4', () => {
  it('answers configured: false and nulls when nothing is stored', async () => {
    const fresh = await signedInClient(server);
    expect(expectStatus(await read(fresh), 200)).toEqual(NOTHING);
  });
});

describe('PUT /client/integrations/ga4', () => {
  it('connects with a measurement id and secret, answering only the hint of the secret; a GET answers the same', async () => {
    const who = await signedInClient(server);
    const saved = expectStatus(await save(who, { measurementId: 'G-ABC123XYZ9', apiSecret: SECRET, isActive: true }), 200);
    expect(saved).toEqual({ configured: true, measurementId: 'G-ABC123XYZ9', apiSecretHint: '…Xy9Q', isActive: true, pendingEvents: 0, lastSentAt: null, lastFailure: null, updatedAt: expect.any(String) });
    const shown = await read(who);
    expect(shown.body).toEqual(saved);
    expect(shown.text).not.toContain(SECRET);
    const [row] = await server.db.select().from(ga4Settings).where(eq(ga4Settings.userId, who.userId));
    expect(row).toMatchObject({ measurementId: 'G-ABC123XYZ9', apiSecret: SECRET, isActive: true });
  });

  it('keeps the stored secret when it is left out, and changes it when given', async () => {
    const who = await signedInClient(server);
    expectStatus(await save(who, { measurementId: 'G-ABC123XYZ9', apiSecret: SECRET, isActive: true }), 200);
    const changed = expectStatus(await save(who, { measurementId: 'G-NEW0000001', isActive: false }), 200);
    expect(changed).toMatchObject({ measurementId: 'G-NEW0000001', apiSecretHint: '…Xy9Q', isActive: false });
    const [kept] = await server.db.select().from(ga4Settings).where(eq(ga4Settings.userId, who.userId));
    expect(kept!.apiSecret).toBe(SECRET);
    expect(expectStatus(await save(who, { measurementId: 'G-NEW0000001', apiSecret: 'zzzzzzzzzzzzzzzzzzzzNew1', isActive: true }), 200).apiSecretHint).toBe('…New1');
  });

  it('answers a short secret with no characters of it', async () => {
    const who = await signedInClient(server);
    expect(expectStatus(await save(who, { measurementId: 'G-ABCD', apiSecret: 'short', isActive: true }), 200).apiSecretHint).toBe('…');
  });

  it('refuses a first connection without a secret with a clear 400, storing nothing', async () => {
    const who = await signedInClient(server);
    const refused = await save(who, { measurementId: 'G-ABC123XYZ9', isActive: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'invalid_request', error_description: MISSING_SECRET_MESSAGE });
    expect(expectStatus(await read(who), 200)).toEqual(NOTHING);
  });

  it('refuses malformed input with 400 invalid_request, changing nothing', async () => {
    const who = await signedInClient(server);
    const stored = expectStatus(await save(who, { measurementId: 'G-ABC123XYZ9', apiSecret: SECRET, isActive: true }), 200);
    const good = { measurementId: 'G-ABC123XYZ9', apiSecret: SECRET, isActive: true };
    const malformed: unknown[] = [
      { ...good, measurementId: 'UA-12345-1' },
      { ...good, measurementId: 'g-abc123xyz9' },
      { ...good, measurementId: 'G-ABC' },
      { ...good, measurementId: `G-${'A'.repeat(21)}` },
      { ...good, measurementId: 'G-ABC 123' },
      { ...good, measurementId: '' },
      { ...good, apiSecret: 'with spaces inside' },
      { ...good, apiSecret: ' leading' },
      { ...good, apiSecret: 'tab\there' },
      { ...good, apiSecret: 'ünïcode' },
      { ...good, apiSecret: '' },
      { ...good, apiSecret: 'x'.repeat(101) },
      { ...good, apiSecret: 12345 },
      { ...good, apiSecret: null },
      { ...good, isActive: 'yes' },
      { ...good, isActive: 1 },
      { ...good, measurementId: 42 },
      { ...good, extra: true },
      { ...good, apiSecretHint: '…Xy9Q' },
      { apiSecret: SECRET, isActive: true },
      { measurementId: 'G-ABC123XYZ9', apiSecret: SECRET },
      [good],
      'G-ABC123XYZ9',
    ];
    for (const body of malformed) {
      const response = await save(who, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
    const notJson = await who.call({ method: 'PUT', url: URL, rawBody: '{"measurementId":', contentType: 'application/json' });
    expect(notJson.status).toBe(400);
    expect(expectStatus(await read(who), 200)).toEqual(stored);
    const [row] = await server.db.select().from(ga4Settings).where(eq(ga4Settings.userId, who.userId));
    expect(row!.apiSecret).toBe(SECRET);
  });

  it('turned off, queues no new outcomes and keeps those queued waiting; turned on again, they are due at once', async () => {
    const who = await signedInClient(server);
    expectStatus(await save(who, { measurementId: 'G-ABC123XYZ9', apiSecret: SECRET, isActive: true }), 200);
    const queued = await recordedCall(who.userId);
    await server.db.update(ga4Events).set({ dueAt: new Date(Date.now() + 3_600_000) }).where(eq(ga4Events.callId, queued.id));
    expect(expectStatus(await read(who), 200).pendingEvents).toBe(1);
    expect(expectStatus(await save(who, { measurementId: 'G-ABC123XYZ9', isActive: false }), 200).pendingEvents).toBe(1);
    await recordedCall(who.userId);
    expect(expectStatus(await read(who), 200).pendingEvents).toBe(1);
    expectStatus(await save(who, { measurementId: 'G-ABC123XYZ9', isActive: true }), 200);
    const [event] = await server.db.select().from(ga4Events).where(eq(ga4Events.callId, queued.id));
    expect(event!.dueAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('DELETE /client/integrations/ga4', () => {
  it('removes the connection and drops the events not yet sent; answers 204 when none was set too', async () => {
    const who = await signedInClient(server);
    expectStatus(await save(who, { measurementId: 'G-ABC123XYZ9', apiSecret: SECRET, isActive: true }), 200);
    const call = await recordedCall(who.userId);
    expect(expectStatus(await read(who), 200).pendingEvents).toBe(1);
    expectStatus(await who.call({ method: 'DELETE', url: URL }), 204);
    expect(expectStatus(await read(who), 200)).toEqual(NOTHING);
    const [event] = await server.db.select().from(ga4Events).where(eq(ga4Events.callId, call.id));
    expect(event).toMatchObject({ status: 'dropped', lastError: 'the GA4 connection was removed' });
    expectStatus(await who.call({ method: 'DELETE', url: URL }), 204);
    // Connected again: the secret is asked for anew.
    expect((await save(who, { measurementId: 'G-ABC123XYZ9', isActive: true })).status).toBe(400);
  });
});

describe('tenants and credentials', () => {
  it("reads, changes and removes the caller's own connection only", async () => {
    expectStatus(await save(client, { measurementId: 'G-CLIENT0001', apiSecret: SECRET, isActive: true }), 200);
    expectStatus(await save(other, { measurementId: 'G-OTHER00001', apiSecret: 'another-secret-of-22ch', isActive: false }), 200);
    expect(expectStatus(await read(client), 200)).toMatchObject({ measurementId: 'G-CLIENT0001', isActive: true });
    expect(expectStatus(await read(other), 200)).toMatchObject({ measurementId: 'G-OTHER00001', isActive: false });
    // The other account's events are not the caller's pending ones.
    await recordedCall(client.userId);
    expect(expectStatus(await read(other), 200).pendingEvents).toBe(0);
    expectStatus(await other.call({ method: 'DELETE', url: URL }), 204);
    expect(expectStatus(await read(client), 200)).toMatchObject({ configured: true, measurementId: 'G-CLIENT0001', pendingEvents: 1 });
  });

  it('answers 401 without a token, and 403 api_key_not_allowed to any API key, a write key too, changing nothing', async () => {
    expect((await server.request({ method: 'GET', url: URL })).status).toBe(401);
    const who = await signedInClient(server);
    expectStatus(await save(who, { measurementId: 'G-ABC123XYZ9', apiSecret: SECRET, isActive: true }), 200);
    const { key } = await createApiKey(server.db, who.userId, { name: 'CRM', scope: 'write' });
    const attempts = [
      { method: 'GET' as const, url: URL },
      { method: 'PUT' as const, url: URL, body: { measurementId: 'G-ATTACKER01', apiSecret: 'stolen-secret-0000000', isActive: true } },
      { method: 'DELETE' as const, url: URL },
    ];
    for (const attempt of attempts) {
      const refused = await server.request({ ...attempt, token: key });
      expect(refused.status, attempt.method).toBe(403);
      expect(refused.body.error).toBe('api_key_not_allowed');
    }
    expect(expectStatus(await read(who), 200)).toMatchObject({ configured: true, measurementId: 'G-ABC123XYZ9' });
  });
});
