import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts.ts';
import { websites, widgets } from '../db/schema/toolbox.ts';
import { changeCredits } from '../domain/credits/ledger.ts';
import { accountWithWidget } from '../test/callTestKit.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { WIDGET_RATE_LIMITS } from './rateLimits.ts';
import { WidgetConfigCache } from './widgetConfigCache.ts';

// Issue 17: the widget configuration served from each instance's memory, dropped when what it is
// made of changes, however the change is made and on whichever instance. On PGlite and, under
// `npm run test:pg`, on PostgreSQL.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Config {
  available: boolean;
  timeZone: string;
  widgets: { id: number; name: string; settings: { showsAfter: unknown } }[];
}

async function configOf(cache: WidgetConfigCache, publicKey: string): Promise<Config | null> {
  const served = await cache.get(publicKey);
  return served && (JSON.parse(served.body) as Config);
}

/** A cache with its checks left to the test ("a check interval later" is `check()`). */
const newCache = (options: ConstructorParameters<typeof WidgetConfigCache>[1] = {}) => new WidgetConfigCache(server.db, options);

describe('the widget configuration cache', () => {
  it('answers from memory until a check sees the change, for every kind of change, made by any SQL', async () => {
    const setup = await accountWithWidget(server.db);
    const cache = newCache();
    const before = await configOf(cache, setup.publicKey);
    expect(before).toMatchObject({ available: true, timeZone: expect.any(String), widgets: [{ id: setup.widgetId }] });

    const changes: [string, () => Promise<unknown>, (config: Config | null) => void][] = [
      [
        'a widget setting',
        () => server.db.execute(sql`update widgets set settings = jsonb_set(settings, '{settings,showsAfter}', '42') where id = ${setup.widgetId}`),
        (config) => expect(config!.widgets[0]!.settings.showsAfter).toBe(42),
      ],
      // The name is public too (the host page's analytics report it, issue 19).
      ['the widget renamed', () => server.db.update(widgets).set({ name: 'Renamed' }).where(eq(widgets.id, setup.widgetId)), (config) => expect(config!.widgets[0]!.name).toBe('Renamed')],
      ['the time zone', () => server.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, setup.userId)), (config) => expect(config!.timeZone).toBe('Asia/Tokyo')],
      ['the widget switched off', () => server.db.update(widgets).set({ isActive: false }).where(eq(widgets.id, setup.widgetId)), (config) => expect(config!.widgets).toEqual([])],
      ['the widget switched on', () => server.db.update(widgets).set({ isActive: true }).where(eq(widgets.id, setup.widgetId)), (config) => expect(config!.widgets).toHaveLength(1)],
      [
        'the balance spent',
        () => changeCredits(server.db, { userId: setup.userId, delta: -20, reason: 'adjustment' }),
        (config) => expect(config).toMatchObject({ available: false, widgets: [] }),
      ],
      [
        'credits bought',
        () => changeCredits(server.db, { userId: setup.userId, delta: 5, reason: 'adjustment' }),
        (config) => expect(config).toMatchObject({ available: true, widgets: [expect.anything()] }),
      ],
      ['the widget deleted', () => server.db.delete(widgets).where(eq(widgets.id, setup.widgetId)), (config) => expect(config!.widgets).toEqual([])],
      ['the account deleted', () => server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, setup.userId)), (config) => expect(config!.available).toBe(false)],
      ['the website deleted', () => server.db.delete(websites).where(eq(websites.id, setup.websiteId)), (config) => expect(config).toBeNull()],
    ];
    for (const [change, make, expectAfter] of changes) {
      const served = await configOf(cache, setup.publicKey);
      await make();
      expect(await configOf(cache, setup.publicKey), `${change}: from memory until the check`).toEqual(served);
      await cache.check();
      expectAfter(await configOf(cache, setup.publicKey));
    }
  });

  it('keeps an account that did not change, and drops only the changed account', async () => {
    const [one, two] = [await accountWithWidget(server.db), await accountWithWidget(server.db)];
    const cache = newCache();
    const first = [await cache.get(one.publicKey), await cache.get(two.publicKey)];
    await changeCredits(server.db, { userId: one.userId, delta: 5, reason: 'adjustment' }); // still takes calls
    await server.db.update(widgets).set({ isActive: false }).where(eq(widgets.id, two.widgetId));
    await cache.check();
    expect(await cache.get(one.publicKey)).toBe(first[0]);
    expect(await cache.get(two.publicKey)).not.toBe(first[1]);
  });

  it('sees a change made through another instance of the app', async () => {
    const setup = await accountWithWidget(server.db);
    const other = await server.variant({});
    expect((await server.request({ method: 'GET', url: `/widget-api/config/${setup.publicKey}` })).body).toMatchObject({ widgets: [expect.anything()] });
    // The other instance (here the same database, as instances share PostgreSQL) switches the widget off.
    await other.app.widgetConfigs.get(setup.publicKey);
    await server.db.update(widgets).set({ isActive: false }).where(eq(widgets.id, setup.widgetId));
    await server.app.widgetConfigs.check();
    await other.app.widgetConfigs.check();
    expect((await server.request({ method: 'GET', url: `/widget-api/config/${setup.publicKey}` })).body).toMatchObject({ widgets: [] });
    expect(JSON.parse((await other.app.widgetConfigs.get(setup.publicKey))!.body)).toMatchObject({ widgets: [] });
  });

  it('reads a configuration once for simultaneous requests, and keeps nothing for an unknown key', async () => {
    const setup = await accountWithWidget(server.db);
    const cache = newCache();
    const simultaneous = await Promise.all(Array.from({ length: 20 }, () => cache.get(setup.publicKey)));
    expect(new Set(simultaneous).size).toBe(1);
    expect(await cache.get('x'.repeat(24))).toBeNull();
    expect(cache.size).toBe(1);
    // Remembered as unknown for a little while: the database is not asked again at once (a made-up
    // key cannot name a website made a moment later, whose keys are 144 random bits; here one is forced).
    expect(await cache.get('y'.repeat(24))).toBeNull();
    const [late] = await server.db.insert(websites).values({ userId: setup.userId, domain: 'late.example', publicKey: 'y'.repeat(24) }).returning();
    expect(await cache.get('y'.repeat(24))).toBeNull();
    expect(await newCache().get('y'.repeat(24))).not.toBeNull();
    await server.db.delete(websites).where(eq(websites.id, late!.id));
  });

  it('keeps at most maxEntries websites, the least recently asked going first, and reads an entry again after maxAge', async () => {
    let now = 1_000_000;
    const cache = newCache({ maxEntries: 2, maxAgeMs: 60_000, now: () => now });
    const sites = [await accountWithWidget(server.db), await accountWithWidget(server.db), await accountWithWidget(server.db)];
    const first = await cache.get(sites[0]!.publicKey);
    await cache.get(sites[1]!.publicKey);
    expect(await cache.get(sites[0]!.publicKey)).toBe(first); // now the most recent
    await cache.get(sites[2]!.publicKey); // evicts sites[1]
    expect(cache.size).toBe(2);
    expect(await cache.get(sites[0]!.publicKey)).toBe(first);
    now += 60_000;
    expect(await cache.get(sites[0]!.publicKey)).not.toBe(first);
  });

  it('compresses a configuration once per encoding, and the forms decode to the JSON', async () => {
    const setup = await accountWithWidget(server.db);
    const served = (await newCache().get(setup.publicKey))!;
    expect(brotliDecompressSync(await served.encoded('br')).toString()).toBe(served.body);
    expect(gunzipSync(await served.encoded('gzip')).toString()).toBe(served.body);
    expect(await served.encoded('br')).toBe(await served.encoded('br'));
  });
});

describe('GET /widget-api/config/{publicKey} from memory', () => {
  it('answers br or gzip as the browser accepts, with the same ETag, and 304 to it', async () => {
    const setup = await accountWithWidget(server.db);
    const url = `/widget-api/config/${setup.publicKey}`;
    const plain = await server.app.inject({ method: 'GET', url });
    const br = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzip = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // One strong ETag per content coding (RFC 9110 §8.8.3), each answered 304 in its own coding, weak or in a list.
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect(br.headers.vary).toContain('accept-encoding');
    const conditional = (accept: string | undefined, ifNoneMatch: string) =>
      server.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch, ...(accept ? { 'accept-encoding': accept } : {}) } });
    expect((await conditional(undefined, String(plain.headers.etag))).statusCode).toBe(304);
    expect((await conditional('br', `"other", W/${String(br.headers.etag)}`)).statusCode).toBe(304);
    expect((await conditional('gzip', String(br.headers.etag))).statusCode).toBe(200);
    // br refused with q=0: gzip.
    const noBrotli = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
  });

  it('keeps counting an address after more others than the plugin remembers by default (a crowd of addresses cannot evict it)', async () => {
    const setup = await accountWithWidget(server.db);
    const url = `/widget-api/config/${setup.publicKey}`;
    const limited = await server.variant({ config: { trustProxy: true } });
    const get = (address: string) => limited.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < WIDGET_RATE_LIMITS.configPerAddress.max; i++) expect((await get('203.0.113.9')).statusCode).toBe(200);
    // 5,001 other addresses: more than the plugin's default memory of 5,000.
    for (let i = 0; i < 5_001; i++) await get(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect((await get('203.0.113.9')).statusCode).toBe(429);
  });
});
