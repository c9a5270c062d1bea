import { and, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RingOutcome, Telephony } from '../adapters/telephony/telephony.ts';
import { dailySourceUsage, monthlySourceUsage, trafficSources } from '../db/schema/analytics.ts';
import { calls, scheduledCalls } from '../db/schema/calls.ts';
import { websites } from '../db/schema/toolbox.ts';
import { MAX_TRAFFIC_SOURCES, SOURCES_LISTED, trafficSourceKey, wholeMonths } from '../domain/analytics/trafficSources.ts';
import { changeCredits } from '../domain/credits/ledger.ts';
import { createCallRequestDeps } from '../domain/callEngine/callRequestDeps.ts';
import { installJsonBodyParser } from '../http/bodyParsing.ts';
import { loadContract } from '../http/contract.ts';
import { installErrorHandler } from '../http/errorHandler.ts';
import { installInMemoryRateLimits } from '../http/security.ts';
import { installRequestValidation } from '../http/requestValidation.ts';
import { ContractResponses } from '../test/contractResponses.ts';
import { insertCall } from '../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, expectStatus, signedInClient, widgetBody, type Client } from '../test/toolbox.ts';
import { registerWidgetApi, WIDGET_CONTRACT_PATH } from './widgetApi.ts';
import { recordWidgetEvents } from './widgetEvents.ts';

// Issue 20, where calls come from: the widget API stores the visitor's source with views and call
// requests, and GET /client/analytics/sources (the Calls by source card) sums them.

const contract = new ContractResponses(loadContract(WIDGET_CONTRACT_PATH), '/widget-api');
const missed: RingOutcome = { accepted: null, legs: [], line: null };
const fakeTelephony: Telephony = {
  description: 'test telephony',
  isLocal: true,
  timeScale: 1000,
  ringAgents: async () => missed,
  bridge: () => Promise.reject(new Error('nobody accepted')),
  holdVisitor: () => Promise.reject(new Error('no waiting audio here')),
  release: async () => undefined,
};

let server: TestServer;
/** The widget API with a telephony where nobody answers (placements end at once). */
let widgetApp: FastifyInstance;
let deps: ReturnType<typeof createCallRequestDeps>;

beforeAll(async () => {
  server = await startTestServer();
  widgetApp = Fastify({ logger: false });
  installJsonBodyParser(widgetApp);
  installRequestValidation(widgetApp);
  installErrorHandler(widgetApp);
  await installInMemoryRateLimits(widgetApp);
  deps = createCallRequestDeps({ telephony: fakeTelephony, log: { info() {}, warn() {}, error() {} } });
  await registerWidgetApi(widgetApp, { db: server.db, callRequests: deps, mail: { description: 'test mail', send: async () => undefined }, publicUrl: 'https://dashboard.example' });
  await widgetApp.ready();
});
afterAll(async () => {
  await deps?.placements.settle();
  await widgetApp?.close();
  await server?.close();
});

let counter = 0;
const newAddress = () => `203.0.113.${(++counter % 250) + 1}`;
const newNumber = () => `+1415556${String(1000 + ++counter).padStart(4, '0')}`;

async function post(url: string, body: Record<string, unknown>) {
  const response = await widgetApp.inject({ method: 'POST', url, payload: body, headers: { origin: 'https://shop.example' }, remoteAddress: newAddress() });
  contract.check('POST', url, response.statusCode, response.headers['content-type'] as string | undefined, response.body);
  return response;
}

async function siteWithWidgets(client?: Client, types: number[] = [3, 1]) {
  client ??= await signedInClient(server);
  await changeCredits(server.db, { userId: client.userId, delta: 100, reason: 'adjustment' });
  const website = await addWebsite(client, `shop-${++counter}-${Math.random().toString(36).slice(2, 6)}.example.com`);
  const widgets = [];
  for (const typeId of types) widgets.push(await addWidget(client, widgetBody(website.id, { typeId, name: `Widget ${typeId}` })));
  return { client, website, widgets };
}

const today = () => new Date().toISOString().slice(0, 10);
const range = (from = today(), to = today()) => `dateFrom=${from}T00:00:00.000Z&dateTo=${to}T23:59:59.999Z`;

async function bySource(client: Client, query = range()) {
  return expectStatus(await client.call({ method: 'GET', url: `/api/client/analytics/sources?${query}` }), 200) as {
    data: { source: string; medium: string | null; campaign: string | null; widgetViews: number; calls: number; scheduledCalls: number; conversionRate: number }[];
    others: { sources: number; widgetViews: number; calls: number } | null;
  };
}

const google = { source: 'google', medium: 'cpc', campaign: 'Spring Sale', landingPage: '/pricing?utm_source=google' };
const newsletter = { source: 'newsletter', medium: 'email', campaign: null, landingPage: '/' };

describe('the visitor\'s source from the widget API', () => {
  it('counts views by source, stores it with Call now and callback requests, and sums them per source', async () => {
    const { client, website, widgets } = await siteWithWidgets();
    const [icon, exit] = widgets;
    const view = (widgetId: number, source?: Record<string, unknown>) =>
      post('/widget-api/events', { key: website.publicKey, events: [{ kind: 'page_visit' }, { kind: 'widget_view', widgetId }], ...(source && { source }) });
    for (const source of [google, google, { ...google, source: ' Google ', medium: 'CPC' }, newsletter]) expect((await view(icon!.id, source)).statusCode).toBe(204);
    expect((await view(exit!.id, google)).statusCode).toBe(204);
    // A script from before issue 20 tells no source: not set.
    expect((await view(icon!.id)).statusCode).toBe(204);

    const call = { key: website.publicKey, widgetId: icon!.id, url: 'https://shop.example/pricing' };
    expect((await post('/widget-api/calls', { ...call, phone: newNumber(), source: google })).statusCode).toBe(202);
    expect((await post('/widget-api/calls', { ...call, phone: newNumber(), source: { ...google, source: 'GOOGLE' } })).statusCode).toBe(202);
    expect((await post('/widget-api/calls', { ...call, phone: newNumber() })).statusCode).toBe(202);
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const callbackNumber = newNumber();
    const callback = await post('/widget-api/scheduled-calls', { ...call, phone: callbackNumber, scheduledAt, source: newsletter });
    expect(callback.statusCode, callback.body).toBe(202);
    await deps.placements.settle();

    const stored = await server.db
      .select({ source: trafficSources.source, medium: trafficSources.medium, campaign: trafficSources.campaign, landingPage: calls.landingPage })
      .from(calls)
      .leftJoin(trafficSources, eq(trafficSources.id, calls.trafficSourceId))
      .where(eq(calls.userId, client.userId));
    expect(stored).toEqual(
      expect.arrayContaining([
        { source: 'google', medium: 'cpc', campaign: 'Spring Sale', landingPage: '/pricing?utm_source=google' },
        { source: null, medium: null, campaign: null, landingPage: null },
      ]),
    );
    const [pending] = await server.db
      .select()
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.userId, client.userId), eq(scheduledCalls.customerNumber, callbackNumber)));
    expect(pending).toMatchObject({ landingPage: '/' });
    expect(pending!.trafficSourceId).not.toBeNull();

    const card = await bySource(client);
    expect(card).toEqual({
      data: [
        { source: 'google', medium: 'cpc', campaign: 'Spring Sale', widgetViews: 4, calls: 2, scheduledCalls: 0, conversionRate: 50 },
        { source: '(not set)', medium: null, campaign: null, widgetViews: 1, calls: 1, scheduledCalls: 0, conversionRate: 100 },
        { source: 'newsletter', medium: 'email', campaign: null, widgetViews: 1, calls: 0, scheduledCalls: 0, conversionRate: 0 },
      ],
      others: null,
    });
    // A range of whole months is read from the monthly counters: the same figures.
    const month = today().slice(0, 8);
    const monthEnd = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    expect(await bySource(client, range(`${month}01`, monthEnd))).toEqual(card);
    // With days of the month before (daily counters) and this whole month (monthly).
    const twoWeeksBefore = new Date(Date.parse(`${month}01T00:00:00Z`) - 14 * 86_400_000).toISOString().slice(0, 10);
    expect(await bySource(client, range(twoWeeksBefore, monthEnd))).toEqual(card);
    // The screen's widget type filter: the exit popup had one view from google, no calls.
    expect((await bySource(client, `${range()}&typeId=1`)).data).toEqual([
      { source: 'google', medium: 'cpc', campaign: 'Spring Sale', widgetViews: 1, calls: 0, scheduledCalls: 0, conversionRate: 0 },
    ]);
  });

  it('answers Call now requests accepted together, each with its own source', async () => {
    const { client, website, widgets } = await siteWithWidgets();
    const sources = [google, newsletter, { source: 'news.example.org', medium: 'referral', campaign: null, landingPage: '/blog/post' }, undefined];
    const answers = await Promise.all(
      sources.map((source) => post('/widget-api/calls', { key: website.publicKey, widgetId: widgets[0]!.id, url: 'https://shop.example/', phone: newNumber(), ...(source && { source }) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202]);
    await deps.placements.settle();
    const card = await bySource(client);
    expect(card.data.map((row) => [row.source, row.calls])).toEqual([
      ['(not set)', 1],
      ['google', 1],
      ['news.example.org', 1],
      ['newsletter', 1],
    ]);
  });

  it('refuses sources beyond the contract\'s lengths (400), and an empty one counts as not set', async () => {
    const { website, widgets } = await siteWithWidgets();
    const events = [{ kind: 'widget_view', widgetId: widgets[0]!.id }];
    expect((await post('/widget-api/events', { key: website.publicKey, events, source: { source: 'x'.repeat(101) } })).statusCode).toBe(400);
    expect((await post('/widget-api/events', { key: website.publicKey, events, source: { source: 'google', campaign: 'x'.repeat(201) } })).statusCode).toBe(400);
    expect((await post('/widget-api/events', { key: website.publicKey, events, source: { medium: 'cpc' } })).statusCode).toBe(400);
    expect(trafficSourceKey({ source: '   ', medium: 'cpc' })).toBeNull();
    expect(trafficSourceKey({ source: ' (Not Set) ', medium: 'cpc' })).toBeNull();
    expect(trafficSourceKey({ source: ' Facebook ', medium: ' Paid ', campaign: ' Black Friday ' })).toEqual({ source: 'facebook', medium: 'paid', campaign: 'Black Friday' });
    expect(trafficSourceKey({ source: 'bad\uD800', medium: null })).toEqual({ source: 'bad\uFFFD', medium: '', campaign: '' });
  });

  it('takes sources and landing pages of emoji at the contract\'s lengths (counted in code points), never a 5xx', async () => {
    const { client, website, widgets } = await siteWithWidgets();
    // 100 code points, 199 UTF-16 units: a cut by units would leave half an emoji, which jsonb refuses.
    const emoji = { source: `a${'\u{1F600}'.repeat(99)}`, campaign: `b${'\u{1F600}'.repeat(199)}`, landingPage: `/${'\u{1F600}'.repeat(499)}` };
    const events = [{ kind: 'widget_view', widgetId: widgets[0]!.id }];
    expect((await post('/widget-api/events', { key: website.publicKey, events, source: emoji })).statusCode).toBe(204);
    const call = { key: website.publicKey, widgetId: widgets[0]!.id, url: 'https://shop.example/', source: emoji };
    expect((await post('/widget-api/calls', { ...call, phone: newNumber() })).statusCode).toBe(202);
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await post('/widget-api/scheduled-calls', { ...call, phone: newNumber(), scheduledAt })).statusCode).toBe(202);
    await deps.placements.settle();
    const [stored] = await server.db.select().from(calls).where(eq(calls.userId, client.userId));
    expect(stored!.landingPage).toBe(emoji.landingPage);
    expect((await bySource(client)).data).toEqual([
      { source: emoji.source, medium: null, campaign: emoji.campaign, widgetViews: 1, calls: 1, scheduledCalls: 0, conversionRate: 100 },
    ]);
  });
});

describe('wholeMonths', () => {
  it('names the calendar months wholly inside a range', () => {
    expect(wholeMonths({ fromDay: '2026-03-01', toDay: '2026-03-31' })).toEqual({ first: '2026-03-01', last: '2026-03-01', lastDay: '2026-03-31' });
    expect(wholeMonths({ fromDay: '2025-11-22', toDay: '2026-11-21' })).toEqual({ first: '2025-12-01', last: '2026-10-01', lastDay: '2026-10-31' });
    expect(wholeMonths({ fromDay: '2024-01-31', toDay: '2024-03-01' })).toEqual({ first: '2024-02-01', last: '2024-02-01', lastDay: '2024-02-29' });
    expect(wholeMonths({ fromDay: '2026-03-02', toDay: '2026-03-31' })).toBeNull();
    expect(wholeMonths({ fromDay: '2026-03-05', toDay: '2026-04-20' })).toBeNull();
  });
});

describe('the cap on an account\'s sources', () => {
  it(`keeps at most ${MAX_TRAFFIC_SOURCES} sources: a new one past them counts as (other); known ones still count as themselves`, async () => {
    const { client, website, widgets } = await siteWithWidgets();
    await server.db.execute(sql`
      insert into traffic_sources (user_id, source, medium) select ${client.userId}::int, 'junk-' || n, 'referral' from generate_series(1, ${MAX_TRAFFIC_SOURCES - 1}) n`);
    const view = (source: Record<string, unknown>) => post('/widget-api/events', { key: website.publicKey, events: [{ kind: 'widget_view', widgetId: widgets[0]!.id }], source });
    expect((await view(google)).statusCode).toBe(204);
    expect((await view({ source: 'attacker-1' })).statusCode).toBe(204);
    expect((await view({ source: 'attacker-2' })).statusCode).toBe(204);
    expect((await view({ source: 'junk-7', medium: 'referral' })).statusCode).toBe(204);
    expect((await view(google)).statusCode).toBe(204);
    const rows = await server.db.select().from(trafficSources).where(eq(trafficSources.userId, client.userId));
    expect(rows).toHaveLength(MAX_TRAFFIC_SOURCES + 1);
    expect(rows.map((row) => row.source)).not.toContain('attacker-1');
    // Past the cap a made-up source draws no id (an insert that conflicts would): the ids of every account last.
    const lastId = async () => Number(((await server.db.execute(sql`select last_value from traffic_sources_id_seq`)) as unknown as { rows: { last_value: string }[] }).rows[0]!.last_value);
    const before = await lastId();
    for (let i = 0; i < 3; i += 1) expect((await view({ source: `attacker-more-${i}` })).statusCode).toBe(204);
    expect(await lastId()).toBe(before);
    const card = await bySource(client);
    expect(card.data.slice(0, 3).map((row) => [row.source, row.widgetViews])).toEqual([
      ['(other)', 5],
      ['google', 2],
      ['junk-7', 1],
    ]);
  });

  it('holds under concurrent requests of new sources (one lock per account)', async () => {
    const { client, website, widgets } = await siteWithWidgets();
    await server.db.execute(sql`
      insert into traffic_sources (user_id, source) select ${client.userId}::int, 'seen-' || n from generate_series(1, ${MAX_TRAFFIC_SOURCES - 3}) n`);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('/widget-api/events', { key: website.publicKey, events: [{ kind: 'widget_view', widgetId: widgets[0]!.id }], source: { source: `burst-${i}` } })),
    );
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    const rows = await server.db.select().from(trafficSources).where(eq(trafficSources.userId, client.userId));
    expect(rows).toHaveLength(MAX_TRAFFIC_SOURCES + 1);
    const views = await server.db.select().from(dailySourceUsage).where(eq(dailySourceUsage.userId, client.userId));
    expect(views.reduce((sum, row) => sum + row.widgetViews, 0)).toBe(12);
  });
});

describe('GET /client/analytics/sources', () => {
  let client: Client;
  let shop: Awaited<ReturnType<typeof siteWithWidgets>>;
  let blog: Awaited<ReturnType<typeof siteWithWidgets>>;
  const sourceIds: Record<string, number> = {};

  beforeAll(async () => {
    shop = await siteWithWidgets(undefined, [3, 1]);
    client = shop.client;
    blog = await siteWithWidgets(client, [2]);
    const userId = client.userId;
    for (const [name, medium, campaign] of [['google', 'cpc', 'brand'], ['facebook', 'paid', ''], ['(direct)', '(none)', '']] as const) {
      const [row] = await server.db.insert(trafficSources).values({ userId, source: name, medium, campaign }).returning();
      sourceIds[name] = row!.id;
    }
    const usage = (websiteId: number, widgetTypeId: number, day: string, source: string, widgetViews: number) =>
      server.db.insert(dailySourceUsage).values({ userId, websiteId, widgetTypeId, day, trafficSourceId: sourceIds[source]!, widgetViews });
    await usage(shop.website.id, 3, '2026-03-01', 'google', 100);
    await usage(shop.website.id, 1, '2026-03-02', 'facebook', 40);
    await usage(blog.website.id, 2, '2026-03-02', '(direct)', 10);
    await usage(shop.website.id, 3, '2026-03-05', 'google', 1000);
    // Calls through the trigger: 3 from google (one a placed callback), 1 from facebook, 2 direct on the blog.
    const [icon, exit] = shop.widgets;
    const [timed] = blog.widgets;
    const call = async (widget: typeof icon, at: string, source: string, type: 'instant' | 'scheduled' = 'instant') => {
      const row = await insertCall(server.db, { userId, widget: { ...widget!, name: 'w' }, createdAt: new Date(at), type });
      await server.db.update(calls).set({ trafficSourceId: sourceIds[source]! }).where(eq(calls.id, row.id));
      return row;
    };
    await call(icon, '2026-03-01T09:00:00Z', 'google');
    await call(icon, '2026-03-01T10:00:00Z', 'google', 'scheduled');
    const third = await call(icon, '2026-03-01T23:59:59Z', 'google');
    await call(exit, '2026-03-02T10:00:00Z', 'facebook');
    await call(timed, '2026-03-02T10:00:00Z', '(direct)');
    await call(timed, '2026-03-03T10:00:00Z', '(direct)');
    // An outcome recorded later moves nothing; a call without a source counts as not set.
    await server.db.update(calls).set({ status: 'successful', duration: 30 }).where(eq(calls.id, third.id));
    await insertCall(server.db, { userId, widget: { ...timed!, name: 'w' }, createdAt: new Date('2026-03-04T10:00:00Z') });
  });

  it('sums each source over the range, most calls first, with the conversion rate', async () => {
    const card = await bySource(client, range('2026-03-01', '2026-03-04'));
    expect(card).toEqual({
      data: [
        { source: 'google', medium: 'cpc', campaign: 'brand', widgetViews: 100, calls: 3, scheduledCalls: 1, conversionRate: 3 },
        { source: '(direct)', medium: '(none)', campaign: null, widgetViews: 10, calls: 2, scheduledCalls: 0, conversionRate: 20 },
        { source: 'facebook', medium: 'paid', campaign: null, widgetViews: 40, calls: 1, scheduledCalls: 0, conversionRate: 2.5 },
        { source: '(not set)', medium: null, campaign: null, widgetViews: 0, calls: 1, scheduledCalls: 0, conversionRate: 0 },
      ],
      others: null,
    });
  });

  it('honours the website, widget type and date filters', async () => {
    expect((await bySource(client, `${range('2026-03-01', '2026-03-04')}&websiteId=${blog.website.id}`)).data.map((row) => [row.source, row.calls])).toEqual([
      ['(direct)', 2],
      ['(not set)', 1],
    ]);
    expect((await bySource(client, `${range('2026-03-01', '2026-03-04')}&typeId=1`)).data.map((row) => [row.source, row.calls, row.widgetViews])).toEqual([['facebook', 1, 40]]);
    expect((await bySource(client, range('2026-03-02', '2026-03-02'))).data.map((row) => row.source)).toEqual(['facebook', '(direct)']);
    expect((await bySource(client, range('2026-03-05', '2026-03-05'))).data).toEqual([
      { source: 'google', medium: 'cpc', campaign: 'brand', widgetViews: 1000, calls: 0, scheduledCalls: 0, conversionRate: 0 },
    ]);
    expect(await bySource(client, range('2025-01-01', '2025-01-31'))).toEqual({ data: [], others: null });
  });

  it('takes away the calls deleted, and shows only the caller\'s own sources', async () => {
    const other = await siteWithWidgets();
    expect(await bySource(other.client, range('2026-03-01', '2026-03-04'))).toEqual({ data: [], others: null });
    const [gone] = await server.db.delete(calls).where(and(eq(calls.userId, client.userId), eq(calls.trafficSourceId, sourceIds.facebook!))).returning();
    expect(gone).toBeDefined();
    expect((await bySource(client, range('2026-03-01', '2026-03-04'))).data.find((row) => row.source === 'facebook')).toMatchObject({ calls: 0, widgetViews: 40 });
  });

  it(`lists the first ${SOURCES_LISTED} sources and sums the rest`, async () => {
    const { client: busy, website } = await siteWithWidgets(undefined, [3]);
    const many = await server.db
      .insert(trafficSources)
      .values(Array.from({ length: SOURCES_LISTED + 5 }, (_, i) => ({ userId: busy.userId, source: `site-${String(i).padStart(2, '0')}.example`, medium: 'referral' })))
      .returning();
    await server.db.insert(dailySourceUsage).values(
      many.map((row, i) => ({ userId: busy.userId, websiteId: website.id, widgetTypeId: 3, day: '2026-03-01', trafficSourceId: row.id, widgetViews: 10, calls: i })),
    );
    const card = await bySource(busy, range('2026-03-01', '2026-03-01'));
    expect(card.data).toHaveLength(SOURCES_LISTED);
    expect(card.data[0]).toMatchObject({ source: `site-${SOURCES_LISTED + 4}.example`, calls: SOURCES_LISTED + 4 });
    expect(card.data.at(-1)).toMatchObject({ calls: 5 });
    expect(card.others).toEqual({ sources: 5, widgetViews: 50, calls: 0 + 1 + 2 + 3 + 4, scheduledCalls: 0, conversionRate: 20 });
  });

  it('answers 400 to a bad range and 404 to another account\'s website, never 5xx', async () => {
    const ask = (query: string) => client.call({ method: 'GET', url: `/api/client/analytics/sources?${query}` });
    expect((await ask(range('2026-03-04', '2026-03-01'))).status).toBe(400);
    expect((await ask('dateFrom=yesterday&dateTo=today')).status).toBe(400);
    expect((await ask('dateTo=2026-03-01T00:00:00Z')).status).toBe(400);
    expect((await ask(range('2024-01-01', '2026-03-01'))).status).toBe(400);
    expect((await ask(`${range()}&websiteId=abc`)).status).toBe(400);
    expect((await ask(`${range()}&typeId=-1`)).status).toBe(400);
    expect((await ask(`${range()}&typeId=999`)).status).toBe(404);
    const stranger = await siteWithWidgets();
    expect((await ask(`${range()}&websiteId=${stranger.website.id}`)).status).toBe(404);
    expect((await server.request({ method: 'GET', url: `/api/client/analytics/sources?${range()}` })).status).toBe(401);
  });
});

describe('the card against a direct count of the calls, at month edges', () => {
  it('reads the same figures from the monthly and daily counters as from the calls and the daily counters, whatever the range', async () => {
    const { client, website, widgets } = await siteWithWidgets(undefined, [3, 1]);
    const userId = client.userId;
    const ids: number[] = [];
    for (const [source, medium] of [['google', 'cpc'], ['bing', 'organic'], ['(direct)', '(none)']] as const) {
      const [row] = await server.db.insert(trafficSources).values({ userId, source, medium }).returning();
      ids.push(row!.id);
    }
    // Calls and views at the edges of months (a leap February, a year's end), of every source and none.
    const instants = [
      '2023-12-31T23:59:59.999Z', '2024-01-01T00:00:00Z', '2024-01-15T12:00:00Z', '2024-01-31T23:59:59Z', '2024-02-01T00:00:00Z',
      '2024-02-29T23:00:00Z', '2024-03-01T00:00:01Z', '2024-03-31T23:59:59Z', '2024-04-01T00:00:00Z', '2024-04-17T08:00:00Z',
    ];
    const website_ = { websiteId: website.id, userId, timeZone: 'UTC', balance: 100, overdraft: 0, accountDeleted: false };
    let n = 0;
    for (const at of instants) {
      for (const [w, widget] of widgets.entries()) {
        n += 1;
        const sourceId = n % 4 === 0 ? null : ids[n % 3]!;
        const row = await insertCall(server.db, { userId, widget: { ...widget, name: 'w' }, createdAt: new Date(at), type: n % 5 === 0 ? 'scheduled' : 'instant' });
        if (sourceId !== null) await server.db.update(calls).set({ trafficSourceId: sourceId }).where(eq(calls.id, row.id));
        const told = [{ source: 'google', medium: 'cpc' }, { source: 'bing', medium: 'organic' }, undefined][(n + w) % 3];
        await recordWidgetEvents(server.db, website_, { events: [{ kind: 'widget_view', widgetId: widget.id }, { kind: 'widget_view', widgetId: widget.id }], ...(told && { source: told }) }, new Date(at));
      }
    }
    // One call deleted and one moved to another day: the counters follow.
    const [moved, gone] = await server.db.select().from(calls).where(eq(calls.userId, userId)).limit(2);
    await server.db.update(calls).set({ createdAt: new Date('2024-02-10T10:00:00Z') }).where(eq(calls.id, moved!.id));
    await server.db.delete(calls).where(eq(calls.id, gone!.id));

    const direct = async (from: string, to: string, typeId?: number) => {
      const result = await server.db.execute<{ source: string | null; calls: number; scheduled: number; views: number }>(sql`
        with c as (
          select coalesce(traffic_source_id, 0) as id, count(*)::int as calls, (count(*) filter (where type = 'scheduled'))::int as scheduled from calls
          where user_id = ${userId} and (created_at at time zone 'UTC')::date between ${from} and ${to} ${typeId ? sql`and widget_type_id = ${typeId}` : sql``}
          group by 1),
        v as (
          select traffic_source_id as id, sum(widget_views)::int as views from daily_source_usage
          where user_id = ${userId} and day between ${from} and ${to} ${typeId ? sql`and widget_type_id = ${typeId}` : sql``}
          group by 1)
        select s.source, coalesce(c.calls, 0) as calls, coalesce(c.scheduled, 0) as scheduled, coalesce(v.views, 0) as views
        from c full join v on c.id = v.id left join traffic_sources s on s.id = coalesce(c.id, v.id)`);
      return (result as unknown as { rows: { source: string | null; calls: number; scheduled: number; views: number }[] }).rows
        .filter((row) => row.views > 0 || row.calls > 0)
        .map((row) => [row.source ?? '(not set)', row.views, row.calls, row.scheduled])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    };
    const card = async (from: string, to: string, typeId?: number) =>
      (await bySource(client, `${range(from, to)}${typeId ? `&typeId=${typeId}` : ''}`)).data
        .map((row) => [row.source, row.widgetViews, row.calls, row.scheduledCalls])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const ranges: [string, string][] = [
      ['2023-12-31', '2023-12-31'], ['2023-12-31', '2024-01-31'], ['2024-01-01', '2024-01-31'], ['2024-01-01', '2024-02-29'],
      ['2024-01-02', '2024-02-29'], ['2024-01-31', '2024-03-01'], ['2024-02-01', '2024-02-28'], ['2024-02-29', '2024-04-01'],
      ['2023-12-01', '2024-04-30'], ['2023-12-15', '2024-04-17'], ['2024-03-31', '2024-04-01'], ['2024-02-10', '2024-02-10'],
    ];
    for (const [from, to] of ranges) {
      const expected = await direct(from, to);
      expect(expected.length, `${from}..${to} has figures`).toBeGreaterThan(0);
      expect(await card(from, to), `${from}..${to}`).toEqual(expected);
    }
    expect(await card('2023-12-01', '2024-04-30', 1)).toEqual(await direct('2023-12-01', '2024-04-30', 1));
    // A deleted website takes its counters along; its calls keep no website and recreate none.
    await server.db.delete(websites).where(eq(websites.id, website.id));
    expect(await bySource(client, range('2023-12-01', '2024-04-30'))).toEqual({ data: [], others: null });
    expect(await server.db.select().from(monthlySourceUsage).where(eq(monthlySourceUsage.userId, userId))).toEqual([]);
  });
});
