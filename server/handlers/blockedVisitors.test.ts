import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedVisitors } from '../db/schema/widgetApi.ts';
import { isVisitorBlocked, MAX_BLOCKED_VISITORS } from '../domain/blockList/blockList.ts';
import { debitCredits } from '../domain/credits/ledger.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { setOverdraft } from '../test/payments.ts';
import { type Client, expectStatus, signedInClient } from '../test/toolbox.ts';

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  client = await signedInClient(server);
});
afterAll(() => server?.close());

const URL = '/api/client/blocked-visitors';
const block = (who: Client, kind: string, value: string) => who.call({ method: 'POST', url: URL, body: { kind, value } });
const list = async (who: Client) => expectStatus(await who.call({ method: 'GET', url: URL }), 200).data as { id: number; kind: string; value: string }[];

describe('POST /client/blocked-visitors', () => {
  it('lists a number as calls store it; blocking it again answers the same entry with 200', async () => {
    const created = expectStatus(await block(client, 'number', '+1 (415) 555-0160'), 201);
    expect(created).toEqual({ id: expect.any(Number), kind: 'number', value: '+14155550160', createdAt: expect.any(String) });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    const again = expectStatus(await block(client, 'number', '+14155550160'), 200);
    expect(again).toEqual(created);
    // The same line without its plus, as a visitor may have typed it (Calls History's Block).
    expect(expectStatus(await block(client, 'number', '14155550160'), 200)).toEqual(created);
    expect((await list(client)).filter((entry) => entry.value === '+14155550160')).toHaveLength(1);
  });

  it('lists an address in its canonical spelling', async () => {
    expect(expectStatus(await block(client, 'address', '::ffff:198.51.100.20'), 201).value).toBe('198.51.100.20');
    expect(expectStatus(await block(client, 'address', '2001:DB8:0:0::20'), 201).value).toBe('2001:db8::20');
  });

  it('refuses a value that is not what kind says with a clear 400', async () => {
    const number = await block(client, 'number', '2001:db8::21');
    expect(number.status).toBe(400);
    expect(number.body).toEqual({ error: 'invalid_request', error_description: 'Field value: Not a valid phone number format.' });
    const address = await block(client, 'address', '+14155550161');
    expect(address.status).toBe(400);
    expect(address.body).toEqual({ error: 'invalid_request', error_description: 'Field value: Not a valid IPv4 or IPv6 address.' });
    expect((await block(client, 'email', 'spam@example.com')).status).toBe(400);
    expect((await client.call({ method: 'POST', url: URL, body: { kind: 'number', value: '+14155550162', note: 'x' } })).status).toBe(400);
  });

  it('stays open while the overdraft is reached: blocking stops spending', async () => {
    const broke = await signedInClient(server);
    await setOverdraft(server.db, broke.userId, -30);
    expect(await debitCredits(server.db, broke.userId, 50, 'call')).toEqual({ ok: true, balance: -30 });
    expectStatus(await broke.call({ method: 'POST', url: '/api/client/agents', body: { name: 'Ada Lovelace', phone: '+14155550163' } }), 402);
    expectStatus(await block(broke, 'number', '+14155550163'), 201);
  });

  it('refuses a new entry on a full list with 409 block_list_full, and still answers one already listed', async () => {
    const full = await signedInClient(server);
    const rows = Array.from({ length: MAX_BLOCKED_VISITORS }, (_, i) => ({ userId: full.userId, kind: 'address' as const, value: `10.9.${i >> 8}.${i & 255}` }));
    await server.db.insert(blockedVisitors).values(rows);
    const refused = await block(full, 'number', '+14155550164');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'block_list_full' });
    expectStatus(await block(full, 'address', '10.9.0.0'), 200);
    expect(await list(full)).toHaveLength(MAX_BLOCKED_VISITORS);
  });
});

describe('blocking in parallel', () => {
  it('lists a visitor once and never goes past the cap', async () => {
    const busy = await signedInClient(server);
    const answers = await Promise.all(Array.from({ length: 6 }, () => block(busy, 'number', '+14155550195')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = Array.from({ length: MAX_BLOCKED_VISITORS - 2 }, (_, i) => ({ userId: busy.userId, kind: 'address' as const, value: `10.8.${i >> 8}.${i & 255}` }));
    await server.db.insert(blockedVisitors).values(rows);
    const last = await Promise.all(['+14155550196', '+14155550197', '+14155550198'].map((value) => block(busy, 'number', value)));
    expect(last.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await list(busy)).toHaveLength(MAX_BLOCKED_VISITORS);
  });
});

describe('GET /client/blocked-visitors', () => {
  it('answers the newest entry first', async () => {
    const fresh = await signedInClient(server);
    for (const value of ['+14155550170', '+14155550171', '+14155550172']) expectStatus(await block(fresh, 'number', value), 201);
    expect((await list(fresh)).map((entry) => entry.value)).toEqual(['+14155550172', '+14155550171', '+14155550170']);
  });
});

describe('DELETE /client/blocked-visitors/{id}', () => {
  it('takes the entry off the list, so the visitor is let through again; a second delete answers 404', async () => {
    const created = expectStatus(await block(client, 'number', '+14155550180'), 201);
    const visitor = { number: '14155550180', address: '192.0.2.1' };
    expect(await isVisitorBlocked(server.db, client.userId, visitor)).toBe(true);
    expectStatus(await client.call({ method: 'DELETE', url: `${URL}/${created.id}` }), 204);
    expect(await isVisitorBlocked(server.db, client.userId, visitor)).toBe(false);
    const again = await client.call({ method: 'DELETE', url: `${URL}/${created.id}` });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: 'not_found' });
  });
});

describe('isVisitorBlocked', () => {
  it('matches a number with or without its plus and an address in any spelling', async () => {
    const fresh = await signedInClient(server);
    expectStatus(await block(fresh, 'number', '4155550190'), 201);
    expectStatus(await block(fresh, 'address', '198.51.100.90'), 201);
    const check = (number: string, address: string) => isVisitorBlocked(server.db, fresh.userId, { number, address });
    expect(await check('+4155550190', '192.0.2.1')).toBe(true);
    expect(await check('4155550190', '192.0.2.1')).toBe(true);
    expect(await check('+14155550191', '::ffff:198.51.100.90')).toBe(true);
    expect(await check('+14155550191', '198.51.100.91')).toBe(false);
    expect(await check('+14155550191', 'not an address')).toBe(false);
    // Visitor numbers arrive in E.164 (issue 15): an entry listed in its national form still matches.
    expect(await check('+14155550190', '198.51.100.91')).toBe(true);
  });
});
