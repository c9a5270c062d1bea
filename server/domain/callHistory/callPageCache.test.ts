import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecordings, calls, twilioCallLegs } from '../../db/schema/calls.ts';
import { websites } from '../../db/schema/toolbox.ts';
import { createAccount, signIn } from '../../test/accounts.ts';
import { insertCall, insertWebsite, insertWidget } from '../../test/callFixtures.ts';
import { startTestServer, type TestApp, type TestServer } from '../../test/harness.ts';
import { listCalls } from './callList.ts';
import { CallPageCache } from './callPageCache.ts';

// Issue 17: pages of the Calls History kept as their answers, made again as soon as anything they
// show changes, however the change is made. On PGlite and, under `npm run test:pg`, on PostgreSQL.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function accountWithCalls(count: number) {
  const account = await createAccount(server.db);
  const website = await insertWebsite(server.db, account.id);
  const widget = await insertWidget(server.db, account.id, website.id);
  const made = [];
  for (let i = 0; i < count; i += 1) made.push(await insertCall(server.db, { userId: account.id, widget, createdAt: new Date(Date.now() - (i + 1) * 60_000) }));
  return { account, website, widget, calls: made };
}

describe('the calls page cache', () => {
  it('reads a page once while nothing changes, and again after any change to what it shows', async () => {
    const setup = await accountWithCalls(3);
    const userId = setup.account.id;
    const cache = new CallPageCache();
    let made = 0;
    const page = async () =>
      JSON.parse(
        (
          await cache.body(server.db, userId, {}, { page: 1, perPage: 20 }, async () => {
            made += 1;
            const answer = await listCalls(server.db, userId, {}, { page: 1, perPage: 20 });
            return { body: JSON.stringify(answer), rows: answer.data.length };
          })
        ).body,
      ) as Awaited<ReturnType<typeof listCalls>>;
    const first = await page();
    expect(await page()).toEqual(first);
    expect(made).toBe(1);

    const newest = setup.calls[0]!.id;
    const changes: [string, () => Promise<unknown>, (answer: Awaited<ReturnType<typeof listCalls>>) => void][] = [
      ['a call placed', () => insertCall(server.db, { userId, widget: setup.widget }), (answer) => expect(answer.count).toBe(4)],
      ['a call answered', () => server.db.update(calls).set({ status: 'missed' }).where(eq(calls.id, newest)), (answer) => expect(answer.data.find((call) => call.id === newest)!.status).toBe('missed')],
      [
        'a leg dialled',
        () => server.db.insert(twilioCallLegs).values({ callId: newest, target: 'agent', status: 'completed', metadata: { to: '+14155550201' } }),
        (answer) => expect(answer.data.find((call) => call.id === newest)!.TwilioCalls).toHaveLength(1),
      ],
      [
        'a recording kept',
        () => server.db.insert(callRecordings).values({ callId: newest, storageKey: 'kept.wav', duration: 3 }),
        (answer) => expect(answer.data.find((call) => call.id === newest)!.CallRecording).not.toBeNull(),
      ],
      ['the website renamed', () => server.db.update(websites).set({ domain: 'renamed.example' }).where(eq(websites.id, setup.website.id)), (answer) => expect(answer.data[0]!.Website.domain).toBe('renamed.example')],
      ['a recording deleted', () => server.db.delete(callRecordings).where(eq(callRecordings.callId, newest)), (answer) => expect(answer.data.find((call) => call.id === newest)!.CallRecording).toBeNull()],
      ['a call deleted', () => server.db.delete(calls).where(eq(calls.id, newest)), (answer) => expect(answer.count).toBe(3)],
    ];
    for (const [change, make, expectAfter] of changes) {
      const before = made;
      await make();
      expectAfter(await page());
      expect(made, change).toBe(before + 1);
    }
    // What a page does not show: the lease of a call ringing, renewed meanwhile, and the credits it holds.
    const before = made;
    await server.db.update(calls).set({ placementClaimedAt: new Date(), reservedCredits: 1 }).where(eq(calls.userId, userId));
    await page();
    expect(made).toBe(before);
  });

  it('keys a page by what it asks, not how: one read for the same filters written two ways, none kept past the end', async () => {
    const setup = await accountWithCalls(1);
    const cache = new CallPageCache();
    let made = 0;
    const page = (filters: Parameters<CallPageCache['body']>[2], pageNumber: number) =>
      cache.body(server.db, setup.account.id, filters, { page: pageNumber, perPage: 20 }, async () => ({ body: String(++made), rows: pageNumber === 1 ? 1 : 0 }));
    await page({ status: 'successful', dateFrom: new Date('2026-11-01T00:00:00Z') }, 1);
    await page({ dateFrom: new Date('2026-11-01T00:00:00.000+00:00'), status: 'successful' }, 1);
    expect(made).toBe(1);
    await page({}, 9);
    await page({}, 9);
    expect(made).toBe(3);
  });

  it('makes a missing page once for the requests that ask for it together', async () => {
    const setup = await accountWithCalls(1);
    const cache = new CallPageCache();
    let made = 0;
    const page = () => cache.body(server.db, setup.account.id, {}, { page: 1, perPage: 20 }, async () => ({ body: String(++made), rows: 1 }));
    await Promise.all([page(), page(), page()]);
    expect(made).toBe(1);
  });

  it('keeps another account\'s pages when one account\'s calls change', async () => {
    const [one, two] = [await accountWithCalls(1), await accountWithCalls(1)];
    const cache = new CallPageCache();
    let made = 0;
    const page = (userId: number) => cache.body(server.db, userId, {}, { page: 1, perPage: 20 }, async () => ({ body: String(++made), rows: 1 }));
    await page(one.account.id);
    await page(two.account.id);
    await insertCall(server.db, { userId: one.account.id, widget: one.widget });
    await page(one.account.id);
    await page(two.account.id);
    expect(made).toBe(3);
  });

  it('answers GET /client/calls with a call recorded on another instance, and each query its own page', async () => {
    const setup = await accountWithCalls(2);
    const other = await server.variant({});
    const tokens = await signIn(server, setup.account.email, setup.account.password);
    const list = async (app: TestApp, query = 'page=1&perPage=20') => {
      const response = await app.request({ method: 'GET', url: `/api/client/calls?${query}`, token: tokens.accessToken });
      expect(response.status, response.text).toBe(200);
      return response.body as { data: { id: number }[]; count: number };
    };
    expect((await list(server)).count).toBe(2);
    expect((await list(other)).count).toBe(2);
    expect((await list(server, 'page=2&perPage=1')).data).toEqual([expect.objectContaining({ id: setup.calls[1]!.id })]);
    const placed = await insertCall(server.db, { userId: setup.account.id, widget: setup.widget });
    expect((await list(server)).data[0]!.id).toBe(placed.id);
    expect((await list(other)).data[0]!.id).toBe(placed.id);
    // A website of another account in the filter is still refused, kept pages or not.
    const stranger = await accountWithCalls(0);
    const refused = await server.request({ method: 'GET', url: `/api/client/calls?page=1&perPage=20&websiteId=${stranger.website.id}`, token: tokens.accessToken });
    expect(refused.status).toBe(404);
  });

  it('answers a kept page compressed as the browser accepts it, the same JSON', async () => {
    const setup = await accountWithCalls(12);
    const tokens = await signIn(server, setup.account.email, setup.account.password);
    const get = (acceptEncoding?: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/client/calls?page=1&perPage=20',
        headers: { authorization: `Bearer ${tokens.accessToken}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().count).toBe(12);
    for (const [accepted, coding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await get(accepted);
      expect(compressed.headers['content-encoding']).toBe(coding);
      expect(compressed.headers.vary).toContain('accept-encoding');
      expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    }
  });
});
