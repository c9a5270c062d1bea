import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../adapters/mail/mail.ts';
import type { RingOutcome, Telephony } from '../adapters/telephony/telephony.ts';
import { analyticsEvents } from '../db/schema/analytics.ts';
import { callAttributions, calls, scheduledCalls } from '../db/schema/calls.ts';
import { ga4Settings } from '../db/schema/ga4.ts';
import { changeCredits } from '../domain/credits/ledger.ts';
import { createCallRequestDeps } from '../domain/callEngine/callRequestDeps.ts';
import { installJsonBodyParser } from '../http/bodyParsing.ts';
import { loadContract } from '../http/contract.ts';
import { installErrorHandler } from '../http/errorHandler.ts';
import { installInMemoryRateLimits } from '../http/security.ts';
import { installRequestValidation } from '../http/requestValidation.ts';
import { ContractResponses } from '../test/contractResponses.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, expectStatus, signedInClient, widgetBody, type Client } from '../test/toolbox.ts';
import { blockVisitor } from '../domain/blockList/blockList.ts';
import { saveCallLimits } from '../domain/limits/callVelocity.ts';
import { CALL_LIMIT_MAX } from '../../common/rules/callLimits.ts';
import { WIDGET_RATE_LIMITS } from './rateLimits.ts';
import { registerWidgetApi, WIDGET_CONTRACT_PATH } from './widgetApi.ts';
import { WIDGET_API_BASE_PLACEHOLDER } from '../../common/contract/widgetScript.ts';
import { registerWidgetScript } from './widgetScript.ts';

const contract = new ContractResponses(loadContract(WIDGET_CONTRACT_PATH), '/widget-api');

let server: TestServer;
/** The widget API with a fake telephony (the full app's wiring of the real one is tested elsewhere). */
let callsApp: FastifyInstance;
const dialed: number[] = [];
let deps: ReturnType<typeof createCallRequestDeps>;
/** Mail of the call limits (callLimits.test.ts checks what is sent). */
const testMail: Mail = { description: 'test mail', send: async () => undefined };

const missed: RingOutcome = { accepted: null, legs: [], line: null };
const fakeTelephony: Telephony = {
  description: 'test telephony',
  isLocal: true,
  timeScale: 1000,
  async ringAgents(request) {
    dialed.push(request.callId);
    return missed;
  },
  bridge: () => Promise.reject(new Error('nobody accepted')),
  holdVisitor: () => Promise.reject(new Error('no waiting audio here')), release: async () => undefined,
};

beforeAll(async () => {
  server = await startTestServer();
  callsApp = Fastify({ logger: false });
  installJsonBodyParser(callsApp);
  installRequestValidation(callsApp);
  installErrorHandler(callsApp);
  await installInMemoryRateLimits(callsApp);
  deps = createCallRequestDeps({ telephony: fakeTelephony, log: { info() {}, warn() {}, error() {} } });
  await registerWidgetApi(callsApp, { db: server.db, callRequests: deps, mail: testMail, publicUrl: 'https://dashboard.example' });
  await callsApp.ready();
});
afterAll(async () => {
  await callsApp?.close();
  await server?.close();
});

interface WidgetRequest {
  method: 'GET' | 'POST' | 'OPTIONS';
  url: string;
  body?: unknown;
  raw?: { payload: string; contentType: string };
  headers?: Record<string, string>;
  address?: string;
}

/** A request to the widget API, its answer checked against openapi/widget.yaml. */
async function widgetApi(request: WidgetRequest, app: FastifyInstance = server.app) {
  const headers: Record<string, string> = { origin: 'https://shop.example', ...request.headers };
  let payload: string | undefined;
  if (request.raw) {
    payload = request.raw.payload;
    headers['content-type'] = request.raw.contentType;
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject({ method: request.method, url: request.url, headers, payload, remoteAddress: request.address ?? '198.51.100.1' });
  const contentType = response.headers['content-type'];
  if (request.method !== 'OPTIONS') contract.check(request.method, request.url, response.statusCode, typeof contentType === 'string' ? contentType : undefined, response.body);
  return { status: response.statusCode, headers: response.headers, body: response.body ? safeJson(response.body) : undefined, text: response.body };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let addressCounter = 0;
/** A fresh client address, so rate limits of one test never reach another. */
const newAddress = () => `203.0.113.${++addressCounter}`;
let numberCounter = 0;
const newNumber = () => `+1415555${String(1000 + ++numberCounter).padStart(4, '0')}`;

async function siteWithWidgets(types: number[] = [3]) {
  const client = await signedInClient(server);
  const website = await addWebsite(client, `shop-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}.example.com`);
  const widgets = [];
  for (const typeId of types) widgets.push(await addWidget(client, widgetBody(website.id, { typeId, name: `Widget ${typeId}` })));
  return { client, website, widgets };
}

/**
 * The limits count in fixed windows aligned to the clock, so a burst straddling a window edge would
 * start counting afresh; the clock stands still (timers still run) while a test fills one window.
 */
async function inOneRateWindow(work: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    await work();
  } finally {
    vi.useRealTimers();
  }
}

describe('GET /widget-api/config/{publicKey}', () => {
  it('answers the active widgets with what the widget needs, their names (issue 19), and no agent number', async () => {
    const { client, website, widgets } = await siteWithWidgets([3, 1]);
    const inactive = await addWidget(client, widgetBody(website.id, { typeId: 2, name: 'Off', isActive: false, settings: { ...widgetBody(0).settings } }));
    const response = await widgetApi({ method: 'GET', url: `/widget-api/config/${website.publicKey}` });
    expect(response.status, response.text).toBe(200);
    const body = response.body as { available: boolean; timeZone: string; widgets: { id: number; kind: string; name: string; settings: Record<string, unknown> }[] };
    expect(body.available).toBe(true);
    expect(body.timeZone).toBe('Europe/London');
    // The name is what the host page's analytics report as widget_name.
    expect(body.widgets.map((widget) => [widget.id, widget.kind, widget.name])).toEqual([
      [widgets[0]!.id, 'floatingIcon', 'Widget 3'],
      [widgets[1]!.id, 'exitPopup', 'Widget 1'],
    ]);
    expect(body.widgets.map((widget) => widget.id)).not.toContain(inactive.id);
    expect(response.text).not.toContain('+14155550123');
    expect(body.widgets[0]!.settings).not.toHaveProperty('agentNumber');
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const { website } = await siteWithWidgets();
    const first = await widgetApi({ method: 'GET', url: `/widget-api/config/${website.publicKey}` });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await widgetApi({ method: 'GET', url: `/widget-api/config/${website.publicKey}`, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('shows nothing when the account has no credits left', async () => {
    const { client, website } = await siteWithWidgets();
    await changeCredits(server.db, { userId: client.userId, delta: -20, reason: 'adjustment' });
    const response = await widgetApi({ method: 'GET', url: `/widget-api/config/${website.publicKey}` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ available: false, widgets: [] });
  });

  it('answers 404 for an unknown key and 400 for a malformed one', async () => {
    expect((await widgetApi({ method: 'GET', url: '/widget-api/config/AAAAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(404);
    const bad = await widgetApi({ method: 'GET', url: '/widget-api/config/not%20a%20key!' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_request' });
  });

  it('limits config loads per address', () => inOneRateWindow(async () => {
    const { website } = await siteWithWidgets();
    const address = newAddress();
    for (let i = 0; i < WIDGET_RATE_LIMITS.configPerAddress.max; i++) {
      expect((await widgetApi({ method: 'GET', url: `/widget-api/config/${website.publicKey}`, address })).status).toBe(200);
    }
    const refused = await widgetApi({ method: 'GET', url: `/widget-api/config/${website.publicKey}`, address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await widgetApi({ method: 'GET', url: `/widget-api/config/${website.publicKey}`, address: newAddress() })).status).toBe(200);
  }));
});

describe('CORS', () => {
  it('answers preflights for any origin, without credentials', async () => {
    const response = await widgetApi({
      method: 'OPTIONS',
      url: '/widget-api/calls',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type', origin: 'https://any.example' },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('marks error answers readable cross-origin too', async () => {
    const response = await widgetApi({ method: 'POST', url: '/widget-api/events', body: { key: 'AAAAAAAAAAAA', events: [] } });
    expect(response.status).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('POST /widget-api/events', () => {
  async function analytics(client: Client) {
    const day = new Date().toISOString().slice(0, 10);
    const response = await client.call({ method: 'GET', url: `/api/client/analytics?dateFrom=${day}T00:00:00.000Z&dateTo=${day}T23:59:59.999Z` });
    return expectStatus(response, 200).data as { websiteId: number; usage: { pageViews: number; widgets: { typeId: number; widgetViews: number; clicks: number }[] } }[];
  }

  it('stores a batch and counts it in the daily analytics', async () => {
    const { client, website, widgets } = await siteWithWidgets([3, 1]);
    const [icon, exit] = widgets;
    const events = [
      { kind: 'page_visit' },
      { kind: 'widget_view', widgetId: icon!.id },
      { kind: 'widget_click', widgetId: icon!.id },
      { kind: 'widget_view', widgetId: exit!.id },
    ];
    const response = await widgetApi({ method: 'POST', url: '/widget-api/events', body: { key: website.publicKey, visitorId: 'visitor-123456', url: 'https://shop.example/a', events } });
    expect(response.status, response.text).toBe(204);
    // A beacon: the same body as text/plain.
    const beacon = await widgetApi({
      method: 'POST',
      url: '/widget-api/events',
      raw: { payload: JSON.stringify({ key: website.publicKey, events: [{ kind: 'page_visit' }, { kind: 'widget_view', widgetId: icon!.id }] }), contentType: 'text/plain;charset=UTF-8' },
    });
    expect(beacon.status, beacon.text).toBe(204);
    const [entry] = await analytics(client);
    expect(entry).toMatchObject({ websiteId: website.id, usage: { pageViews: 2 } });
    expect(entry!.usage.widgets).toEqual([
      expect.objectContaining({ typeId: 1, widgetViews: 1, clicks: 0 }),
      expect.objectContaining({ typeId: 3, widgetViews: 2, clicks: 1 }),
    ]);
    const stored = await server.db.select().from(analyticsEvents).where(eq(analyticsEvents.websiteId, website.id));
    expect(stored).toHaveLength(6);
    expect(stored.filter((event) => event.visitorId === 'visitor-123456')).toHaveLength(4);
  });

  it("skips events of widgets that are not on the key's website", async () => {
    const mine = await siteWithWidgets();
    const other = await siteWithWidgets();
    const response = await widgetApi({
      method: 'POST',
      url: '/widget-api/events',
      body: { key: mine.website.publicKey, events: [{ kind: 'widget_view', widgetId: other.widgets[0]!.id }] },
    });
    expect(response.status).toBe(204);
    expect(await analytics(other.client)).toEqual([]);
    expect(await analytics(mine.client)).toEqual([]);
  });

  it('refuses bad batches with 400, never 500', async () => {
    const { website } = await siteWithWidgets();
    const bad = [
      { key: website.publicKey, events: [{ kind: 'purchase' }] },
      { key: website.publicKey, events: [] },
      { key: website.publicKey, events: Array.from({ length: 51 }, () => ({ kind: 'page_visit' })) },
      { key: website.publicKey, events: [{ kind: 'widget_view', widgetId: 'x' }] },
      { key: website.publicKey, events: [{ kind: 'page_visit' }], extra: 1 },
    ];
    for (const body of bad) expect((await widgetApi({ method: 'POST', url: '/widget-api/events', body })).status).toBe(400);
    const notJson = await widgetApi({ method: 'POST', url: '/widget-api/events', raw: { payload: '{oops', contentType: 'text/plain' } });
    expect(notJson.status).toBe(400);
    const unknown = await widgetApi({ method: 'POST', url: '/widget-api/events', body: { key: 'BBBBBBBBBBBBBBBB', events: [{ kind: 'page_visit' }] } });
    expect(unknown.status).toBe(404);
  });

  it('limits event batches per address', () => inOneRateWindow(async () => {
    const { website } = await siteWithWidgets();
    const address = newAddress();
    const body = { key: website.publicKey, events: [{ kind: 'page_visit' }] };
    for (let i = 0; i < WIDGET_RATE_LIMITS.eventsPerAddress.max; i++) expect((await widgetApi({ method: 'POST', url: '/widget-api/events', body, address })).status).toBe(204);
    expect((await widgetApi({ method: 'POST', url: '/widget-api/events', body, address })).status).toBe(429);
  }));
});

describe('POST /widget-api/calls', () => {
  const call = (body: Record<string, unknown>, address = newAddress()) => widgetApi({ method: 'POST', url: '/widget-api/calls', body, address }, callsApp);

  it('places a call and answers a repeat within the window without a second call', async () => {
    const { client, website, widgets } = await siteWithWidgets();
    const phone = newNumber();
    const body = { key: website.publicKey, widgetId: widgets[0]!.id, phone: `+1 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`, url: 'https://shop.example/pricing' };
    const first = await call(body);
    expect(first.status, first.text).toBe(202);
    expect(first.body).toMatchObject({ duplicate: false, message: 'Thank you! We will call you within 10 seconds.' });
    const again = await call(body);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ duplicate: true });
    const rows = await server.db.select().from(calls).where(and(eq(calls.userId, client.userId), eq(calls.customerNumber, phone)));
    expect(rows).toHaveLength(1);
    await deps.placements.settle();
    expect(dialed).toContain(rows[0]!.id);
    expect(rows[0]).toMatchObject({ websiteId: website.id, widgetId: widgets[0]!.id, url: 'https://shop.example/pricing', type: 'instant' });
  });

  it('refuses a malformed number with a clear 400', async () => {
    const { website, widgets } = await siteWithWidgets();
    for (const phone of ['12345', 'call me', '+1 415 555 01234567']) {
      const response = await call({ key: website.publicKey, widgetId: widgets[0]!.id, phone, url: 'https://shop.example/' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'invalid_request', error_description: 'Wrong phone number format.' });
    }
    const missing = await call({ key: website.publicKey, widgetId: widgets[0]!.id, url: 'https://shop.example/' });
    expect(missing.status).toBe(400);
  });

  it('answers 404 for an unknown key or widget, 409 for a switched-off widget, 422 without credits', async () => {
    const { client, website, widgets } = await siteWithWidgets();
    const other = await siteWithWidgets();
    const base = { phone: newNumber(), url: 'https://shop.example/' };
    expect((await call({ ...base, key: 'CCCCCCCCCCCCCCCC', widgetId: widgets[0]!.id })).status).toBe(404);
    expect((await call({ ...base, key: website.publicKey, widgetId: other.widgets[0]!.id })).status).toBe(404);
    const off = await addWidget(client, widgetBody(website.id, { typeId: 1, name: 'Off', isActive: false }));
    const inactive = await call({ ...base, key: website.publicKey, widgetId: off.id });
    expect(inactive.status).toBe(409);
    expect(inactive.body).toMatchObject({ error: 'widget_inactive' });
    await changeCredits(server.db, { userId: client.userId, delta: -20, reason: 'adjustment' });
    const broke = await call({ ...base, key: website.publicKey, widgetId: widgets[0]!.id });
    expect(broke.status).toBe(422);
    expect(broke.body).toMatchObject({ error: 'no_credits' });
  });

  it("refuses numbers and addresses on the client's block list", async () => {
    const { client, website, widgets } = await siteWithWidgets();
    const blocked = newNumber();
    await blockVisitor(server.db, client.userId, 'number', blocked);
    const byNumber = await call({ key: website.publicKey, widgetId: widgets[0]!.id, phone: blocked, url: 'https://shop.example/' });
    expect(byNumber.status).toBe(403);
    expect(byNumber.body).toMatchObject({ error: 'visitor_blocked' });
    const address = newAddress();
    await blockVisitor(server.db, client.userId, 'address', address);
    const byAddress = await call({ key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/' }, address);
    expect(byAddress.status).toBe(403);
    // Another client's block list does not apply.
    const other = await siteWithWidgets();
    expect((await call({ key: other.website.publicKey, widgetId: other.widgets[0]!.id, phone: blocked, url: 'https://shop.example/' })).status).toBe(202);
  });

  it('behind a listed proxy, blocks the address the proxy saw, whatever the visitor put before it', async () => {
    const proxied = Fastify({ logger: false, trustProxy: ['192.0.2.250'] });
    installJsonBodyParser(proxied);
    installRequestValidation(proxied);
    installErrorHandler(proxied);
    await installInMemoryRateLimits(proxied);
    await registerWidgetApi(proxied, { db: server.db, callRequests: deps, mail: testMail, publicUrl: 'https://dashboard.example' });
    await proxied.ready();
    try {
      const { client, website, widgets } = await siteWithWidgets();
      const visitor = newAddress();
      await blockVisitor(server.db, client.userId, 'address', visitor);
      const through = (forwardedFor: string) =>
        widgetApi(
          { method: 'POST', url: '/widget-api/calls', body: { key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/' }, address: '192.0.2.250', headers: { 'x-forwarded-for': forwardedFor } },
          proxied,
        );
      expect((await through(visitor)).status).toBe(403);
      // The blocked visitor writes another address into the header; the proxy appends the real one.
      expect((await through(`${newAddress()}, ${visitor}`)).status).toBe(403);
      // Another visitor is let through.
      expect((await through(newAddress())).status).toBe(202);
    } finally {
      await proxied.close();
    }
  });

  it('counts every call request against its address, malformed numbers and unknown keys too; the limit answers first', async () => {
    const { website, widgets } = await siteWithWidgets();
    const address = newAddress();
    const url = 'https://shop.example/';
    for (let i = 0; i < WIDGET_RATE_LIMITS.callsPerAddress.max; i++) {
      const malformed = i % 2 === 0;
      const body = malformed ? { key: website.publicKey, widgetId: widgets[0]!.id, phone: '12', url } : { key: 'ZZZZZZZZZZZZZZZZ', widgetId: 1, phone: newNumber(), url };
      expect((await call(body, address)).status).toBe(malformed ? 400 : 404);
    }
    for (const phone of ['12', newNumber()]) {
      const refused = await call({ key: website.publicKey, widgetId: widgets[0]!.id, phone, url }, address);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'too_many_attempts' });
    }
  });

  it('limits call requests per address and per number', async () => {
    const { website, widgets } = await siteWithWidgets();
    const widgetId = widgets[0]!.id;
    const address = newAddress();
    for (let i = 0; i < WIDGET_RATE_LIMITS.callsPerAddress.max; i++) {
      expect((await call({ key: website.publicKey, widgetId, phone: newNumber(), url: 'https://shop.example/' }, address)).status).toBe(202);
    }
    const refused = await call({ key: website.publicKey, widgetId, phone: newNumber(), url: 'https://shop.example/' }, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'too_many_attempts' });

    // Another site: the first one's widget has taken its 10 requests in 10 minutes (callLimits.test.ts).
    const other = await siteWithWidgets();
    const phone = newNumber();
    const sameNumber = () => call({ key: other.website.publicKey, widgetId: other.widgets[0]!.id, phone, url: 'https://shop.example/' });
    for (let i = 0; i < WIDGET_RATE_LIMITS.callsPerNumber.max; i++) expect((await sameNumber()).status).toBe(202);
    expect((await sameNumber()).status).toBe(429);
  });
});

describe("the visitor's GA ids (issue 19)", () => {
  const call = (body: Record<string, unknown>) => widgetApi({ method: 'POST', url: '/widget-api/calls', body, address: newAddress() }, callsApp);
  const schedule = (body: Record<string, unknown>) => widgetApi({ method: 'POST', url: '/widget-api/scheduled-calls', body, address: newAddress() }, callsApp);
  const attributionOf = async (callId: number) => (await server.db.select().from(callAttributions).where(eq(callAttributions.callId, callId)))[0];
  const callOf = async (userId: number, phone: string) => (await server.db.select().from(calls).where(and(eq(calls.userId, userId), eq(calls.customerNumber, phone))))[0]!;
  const callbackOf = async (userId: number, phone: string) => (await server.db.select().from(scheduledCalls).where(and(eq(scheduledCalls.userId, userId), eq(scheduledCalls.customerNumber, phone))))[0]!;
  const later = () => new Date(Date.now() + 3_600_000).toISOString();
  const ids = { gaClientId: '1234567890.1700000000', gaSessionIds: { ABC123XYZ9: '1700000500', OTHER0001: '1699999000' } };

  /** A site whose account has connected GA4 (active unless told). */
  async function siteWithGa4(isActive = true) {
    const site = await siteWithWidgets();
    await server.db.insert(ga4Settings).values({ userId: site.client.userId, measurementId: 'G-ABC123XYZ9', apiSecret: 'AbCdEfGhIjKlMnOpQrXy9Q', isActive });
    return site;
  }

  it("stores a Call now's GA ids after answering, for an account with GA4; a repeat answers the first call and writes nothing", async () => {
    const { client, website, widgets } = await siteWithGa4();
    const body = { key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/', ...ids };
    expect((await call(body)).status).toBe(202);
    expect((await call({ ...body, gaClientId: '999.999' })).body).toMatchObject({ duplicate: true });
    await deps.placements.settle();
    expect(await attributionOf((await callOf(client.userId, body.phone)).id)).toMatchObject(ids);
    // Without a client id, nothing is written: session ids alone serve nothing.
    const plain = { ...body, phone: newNumber(), gaClientId: undefined };
    expect((await call(plain)).status).toBe(202);
    await deps.placements.settle();
    expect(await attributionOf((await callOf(client.userId, plain.phone)).id)).toBeUndefined();
  });

  it("keeps a scheduled callback's GA ids with it until its call is placed, for an account with GA4", async () => {
    const { client, website, widgets } = await siteWithGa4();
    const body = { key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/', scheduledAt: later(), ...ids };
    expect((await schedule(body)).status).toBe(202);
    expect(await callbackOf(client.userId, body.phone)).toMatchObject(ids);
  });

  it('stores nothing of them for an account without GA4, or with its connection turned off, and takes the call all the same', async () => {
    for (const site of [await siteWithWidgets(), await siteWithGa4(false)]) {
      const { client, website, widgets } = site;
      const base = { key: website.publicKey, widgetId: widgets[0]!.id, url: 'https://shop.example/', ...ids };
      const now = { ...base, phone: newNumber() };
      expect((await call(now)).status).toBe(202);
      await deps.placements.settle();
      expect(await attributionOf((await callOf(client.userId, now.phone)).id)).toBeUndefined();
      const callback = { ...base, phone: newNumber(), scheduledAt: later() };
      expect((await schedule(callback)).status).toBe(202);
      expect(await callbackOf(client.userId, callback.phone)).toMatchObject({ gaClientId: null, gaSessionIds: null });
    }
  });

  it('a failed write of them is logged, and the call is placed all the same', async () => {
    const { client, website, widgets } = await siteWithGa4();
    const execute = server.db.execute.bind(server.db);
    const failing = vi.spyOn(server.db, 'execute').mockImplementation(((query: SQL) => {
      if (query.queryChunks.includes(callAttributions)) throw new Error('the database went away');
      return execute(query);
    }) as typeof server.db.execute);
    const warned = vi.spyOn(deps.log, 'warn');
    try {
      const phone = newNumber();
      expect((await call({ key: website.publicKey, widgetId: widgets[0]!.id, phone, url: 'https://shop.example/', gaClientId: '1.2' })).status).toBe(202);
      await deps.placements.settle();
      const row = await callOf(client.userId, phone);
      expect(dialed).toContain(row.id);
      expect(warned).toHaveBeenCalledWith(expect.objectContaining({ callId: row.id }), "calls: the call's attribution could not be written");
      expect(await attributionOf(row.id)).toBeUndefined();
    } finally {
      failing.mockRestore();
      warned.mockRestore();
    }
  });

  it('never refuses a lead over them: malformed ones are ignored (not stored), and the call is accepted (202) on both', async () => {
    const { client, website, widgets } = await siteWithGa4();
    // Many calls of one widget: its call limits (issue 15) and credits let them all through.
    await changeCredits(server.db, { userId: client.userId, delta: 100, reason: 'adjustment' });
    await saveCallLimits(server.db, client.userId, { perWidget: CALL_LIMIT_MAX, perAccount: CALL_LIMIT_MAX });
    const base = { key: website.publicKey, widgetId: widgets[0]!.id, url: 'https://shop.example/' };
    const malformedClientIds = ['GA1.1.1234567890.1700000000', '1234567890', 'abc.def', '1.2.3', '1.', `${'1'.repeat(21)}.1`, ' 1.2', '', 'x'.repeat(100)];
    for (const gaClientId of malformedClientIds) {
      const now = { ...base, phone: newNumber(), gaClientId, gaSessionIds: { ABC123XYZ9: '1700000500' } };
      expect((await call(now)).status, gaClientId).toBe(202);
      const callback = { ...now, phone: newNumber(), scheduledAt: later() };
      expect((await schedule(callback)).status, gaClientId).toBe(202);
      await deps.placements.settle();
      expect(await attributionOf((await callOf(client.userId, now.phone)).id), gaClientId).toBeUndefined();
      expect(await callbackOf(client.userId, callback.phone), gaClientId).toMatchObject({ gaClientId: null, gaSessionIds: null });
    }
    // Malformed session ids go, well-formed ones stay (the first 5), with a well-formed client id.
    const gaSessionIds = {
      abc123xyz9: '1700000001',
      ABC: '1700000002',
      'G-ABC123XYZ9': '1700000003',
      BAD00001: 'x1700000004',
      BAD00002: '',
      BAD00003: '1'.repeat(21),
      GOOD0001: '1700000011',
      GOOD0002: '1700000012',
      GOOD0003: '1700000013',
      GOOD0004: '1700000014',
    };
    const kept = { GOOD0001: '1700000011', GOOD0002: '1700000012', GOOD0003: '1700000013', GOOD0004: '1700000014' };
    const now = { ...base, phone: newNumber(), gaClientId: '42.1700000000', gaSessionIds };
    expect((await call(now)).status).toBe(202);
    await deps.placements.settle();
    expect(await attributionOf((await callOf(client.userId, now.phone)).id)).toMatchObject({ gaClientId: '42.1700000000', gaSessionIds: kept });
    const six = { ...base, phone: newNumber(), gaClientId: '43.1700000000', gaSessionIds: { ...kept, GOOD0005: '1700000015', GOOD0006: '1700000016' } };
    expect((await call(six)).status).toBe(202);
    await deps.placements.settle();
    expect((await attributionOf((await callOf(client.userId, six.phone)).id))?.gaSessionIds).toEqual({ ...kept, GOOD0005: '1700000015' });
    // None well formed: the client id alone.
    const callback = { ...base, phone: newNumber(), scheduledAt: later(), gaClientId: '44.1700000000', gaSessionIds: { abc: '1' } };
    expect((await schedule(callback)).status).toBe(202);
    expect(await callbackOf(client.userId, callback.phone)).toMatchObject({ gaClientId: '44.1700000000', gaSessionIds: null });
  });

  it("refuses only what is not the contract's type or is beyond its sane bounds (400)", async () => {
    const { website, widgets } = await siteWithGa4();
    const base = { key: website.publicKey, widgetId: widgets[0]!.id, url: 'https://shop.example/' };
    const tooMany = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`GOOD${String(i).padStart(4, '0')}`, '1700000000']));
    for (const fields of [{ gaClientId: 12.5 }, { gaClientId: 'x'.repeat(101) }, { gaSessionIds: 'ABC123XYZ9' }, { gaSessionIds: { ABC123XYZ9: 1700000000 } }, { gaSessionIds: tooMany }]) {
      const response = await call({ ...base, phone: newNumber(), ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body).toMatchObject({ error: 'invalid_request' });
    }
  });
});

describe('POST /widget-api/calls from a crowd (issue 17)', () => {
  it('answers 20 visitors asking one widget at once with 202 each, accepting them together', async () => {
    const { client, website, widgets } = await siteWithWidgets();
    await changeCredits(server.db, { userId: client.userId, delta: 100, reason: 'adjustment' });
    // A client expecting a crowd: its call limits (issue 15) let the 20 through.
    await saveCallLimits(server.db, client.userId, { perWidget: CALL_LIMIT_MAX, perAccount: CALL_LIMIT_MAX });
    const phones = Array.from({ length: 20 }, () => newNumber());
    const execute = vi.spyOn(server.db, 'execute');
    let statements: string[] = [];
    const answers = await Promise.all(
      phones.map((phone) => widgetApi({ method: 'POST', url: '/widget-api/calls', body: { key: website.publicKey, widgetId: widgets[0]!.id, phone, url: 'https://shop.example/' }, address: newAddress() }, callsApp)),
    ).finally(() => {
      statements = execute.mock.calls.map(([query]) => new PgDialect().sqlToQuery(query as SQL).sql);
      execute.mockRestore();
    });
    expect(answers.map((answer) => answer.status)).toEqual(phones.map(() => 202));
    const rows = await server.db.select().from(calls).where(eq(calls.userId, client.userId));
    expect(rows.map((row) => row.customerNumber).sort()).toEqual([...phones].sort());
    // Fewer statements than visitors: the crowd was read and accepted in batches.
    const reads = statements.filter((text) => text.startsWith('select call_request_context'));
    const acceptances = statements.filter((text) => text.startsWith('select accept_instant_call'));
    expect(acceptances.some((text) => text.startsWith('select accept_instant_calls('))).toBe(true);
    expect(reads.length).toBeLessThan(20);
    expect(acceptances.length).toBeLessThan(20);
    await deps.placements.settle();
  });
});

describe('POST /widget-api/scheduled-calls', () => {
  const schedule = (body: Record<string, unknown>) => widgetApi({ method: 'POST', url: '/widget-api/scheduled-calls', body, address: newAddress() }, callsApp);

  it('stores a callback with its custom fields, once', async () => {
    const { client, website, widgets } = await siteWithWidgets();
    const scheduledAt = new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString();
    const body = { key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/', scheduledAt, customFields: { customField1: 'About my order' } };
    const first = await schedule(body);
    expect(first.status, first.text).toBe(202);
    expect(first.body).toMatchObject({ duplicate: false, scheduledAt, message: 'Thank you! We will call you back at the chosen time.' });
    expect((await schedule(body)).body).toMatchObject({ duplicate: true });
    const rows = await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.userId, client.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.customFields).toMatchObject({ customField1: 'About my order' });
  });

  it('refuses a time in the past (422) and a malformed one (400)', async () => {
    const { website, widgets } = await siteWithWidgets();
    const base = { key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/' };
    const past = await schedule({ ...base, scheduledAt: '2020-01-01T10:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body).toMatchObject({ error: 'invalid_scheduled_time' });
    expect((await schedule({ ...base, scheduledAt: 'tomorrow' })).status).toBe(400);
    expect((await schedule({ ...base, scheduledAt: new Date(Date.now() + 3_600_000).toISOString(), customFields: { customField1: 'x'.repeat(201) } })).status).toBe(400);
  });
});

describe('the full app', () => {
  it('serves the widget API under /widget-api', async () => {
    const { website } = await siteWithWidgets();
    expect((await widgetApi({ method: 'GET', url: `/widget-api/config/${website.publicKey}` })).status).toBe(200);
  });

  it('serves /widget.js calling the configured widget API (WIDGET_API_URL), and as built by default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'widget-dir-'));
    writeFileSync(join(dir, 'widget.js'), `var CallbackWidget=(function(){var a="${WIDGET_API_BASE_PLACEHOLDER}";})();`);
    const before = process.env.WIDGET_DIR;
    process.env.WIDGET_DIR = dir;
    try {
      const asToday = await server.variant({});
      expect((await asToday.app.inject({ method: 'GET', url: '/widget.js' })).body).toContain(WIDGET_API_BASE_PLACEHOLDER);
      const fronted = await server.variant({ config: { widgetPublicUrls: { script: 'https://cdn.example.com/widget.js', api: 'https://widgets.example.com/widget-api' } } });
      expect((await fronted.app.inject({ method: 'GET', url: '/widget.js' })).body).toBe('var CallbackWidget=(function(){var a="https://widgets.example.com/widget-api";})();');
    } finally {
      if (before === undefined) delete process.env.WIDGET_DIR;
      else process.env.WIDGET_DIR = before;
    }
  });
});

describe('GET /widget.js', () => {
  it('serves the built script with a short cache and an ETag, readable from any origin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'widget-script-'));
    writeFileSync(join(dir, 'widget.js'), '(function(){})();\n');
    const app = Fastify({ logger: false });
    registerWidgetScript(app, dir);
    const response = await app.inject({ method: 'GET', url: '/widget.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body).toBe('(function(){})();\n');
    const again = await app.inject({ method: 'GET', url: '/widget.js', headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const missing = Fastify({ logger: false });
    registerWidgetScript(missing, join(dir, 'nothing'));
    expect((await missing.inject({ method: 'GET', url: '/widget.js' })).statusCode).toBe(404);
    await app.close();
    await missing.close();
  });

  it('writes the configured widget API address into the script (WIDGET_API_URL), so a CDN can front either', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'widget-script-'));
    writeFileSync(join(dir, 'widget.js'), `var CallbackWidget=(function(){var a=\`${WIDGET_API_BASE_PLACEHOLDER}\`;})();\n`);
    const asBuilt = Fastify({ logger: false });
    registerWidgetScript(asBuilt, dir);
    expect((await asBuilt.inject({ method: 'GET', url: '/widget.js' })).body).toContain(WIDGET_API_BASE_PLACEHOLDER);
    const moved = Fastify({ logger: false });
    registerWidgetScript(moved, dir, 'https://widgets.example.com/widget-api');
    const response = await moved.inject({ method: 'GET', url: '/widget.js' });
    expect(response.body).toBe('var CallbackWidget=(function(){var a=`https://widgets.example.com/widget-api`;})();\n');
    expect(response.headers.etag).not.toBe((await asBuilt.inject({ method: 'GET', url: '/widget.js' })).headers.etag);
    await asBuilt.close();
    await moved.close();
  });
});
