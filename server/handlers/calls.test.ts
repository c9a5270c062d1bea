import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgets } from '../db/schema/toolbox.ts';
import { createAccount, signIn } from '../test/accounts.ts';
import { insertAgent, insertCall, insertWebsite, insertWidget } from '../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function signedIn() {
  const account = await createAccount(server.db);
  const { accessToken } = await signIn(server, account.email, account.password);
  return { userId: account.id, token: accessToken };
}

const hour = 60 * 60 * 1000;
const base = Date.parse('2026-02-10T12:00:00.000Z');
const statuses = ['successful', 'missed', 'busy', 'no-answer'] as const;

/** Account A's history: 24 calls an hour apart over two websites and three widget types. */
async function historyOfA() {
  const a = await signedIn();
  const shop = await insertWebsite(server.db, a.userId);
  const blog = await insertWebsite(server.db, a.userId);
  const exitPopup = await insertWidget(server.db, a.userId, shop.id, { typeId: 1, name: 'Leaving so soon?' });
  const floating = await insertWidget(server.db, a.userId, shop.id, { typeId: 3, name: 'Call icon' });
  const timed = await insertWidget(server.db, a.userId, blog.id, { typeId: 2, name: 'Timed offer' });
  const agent = await insertAgent(server.db, a.userId);
  const widgetList = [exitPopup, floating, timed];
  const made = [];
  for (let i = 0; i < 24; i += 1) {
    const widget = widgetList[i % 3]!;
    const call = await insertCall(server.db, {
      userId: a.userId,
      widget,
      createdAt: new Date(base - i * hour),
      status: statuses[i % 4],
      type: i % 5 === 0 ? 'scheduled' : 'instant',
      duration: i % 4 === 0 ? 30 + i : 0,
      agentId: i % 4 === 0 ? agent.id : null,
      agentNumber: agent.phone,
      recording: i % 4 === 0,
      customFields: i % 5 === 0 ? { customField1: `Answer ${i}` } : {},
      legs: [
        { target: 'agent', agentId: agent.id, to: agent.phone },
        { target: 'customer', to: '+14155550123' },
      ],
    });
    made.push(call);
  }
  return { ...a, shop, blog, exitPopup, floating, timed, agent, calls: made };
}

type History = Awaited<ReturnType<typeof historyOfA>>;

async function list(token: string, query: string) {
  const response = await server.request({ method: 'GET', url: `/api/client/calls${query}`, token });
  expect(response.status, response.text).toBe(200);
  return response.body as { data: { id: number }[]; count: number };
}

describe('GET /client/calls', () => {
  let a: History;
  beforeAll(async () => {
    a = await historyOfA();
  });

  it('answers the caller\'s calls newest first, 20 to a page by default, with the number of matches', async () => {
    const page = await list(a.token, '');
    expect(page.count).toBe(24);
    expect(page.data.map((call) => call.id)).toEqual(a.calls.slice(0, 20).map((call) => call.id));
  });

  it('shapes each call as the contract\'s Call: website, recording, scheduled request and telephony legs', async () => {
    const page = await list(a.token, '?perPage=1');
    const [newest] = page.data as Record<string, unknown>[];
    const call = a.calls[0]!;
    expect(newest).toEqual({
      id: call.id,
      convertId: call.convertId,
      isTest: false,
      duration: 30,
      Website: { domain: a.shop.domain },
      url: 'https://shop.example.com/pricing',
      type: 'scheduled',
      widgetId: a.exitPopup.id,
      widgetName: 'Leaving so soon?',
      widgetTypeId: 1,
      agentId: a.agent.id,
      agentNumber: a.agent.phone,
      createdAt: new Date(base).toISOString(),
      customerNumber: '+14155550123',
      geolocation: { country: 'United States', region: 'California', city: 'San Francisco' },
      status: 'successful',
      CallRecording: { url: `/api/client/calls/${call.id}/recording` },
      ScheduledCall: { customFields: { customField1: 'Answer 0', customField2: null, customField3: null } },
      TwilioCalls: [
        { id: expect.any(Number), target: 'agent', agentId: a.agent.id, metadata: { to: a.agent.phone } },
        { id: expect.any(Number), target: 'customer', agentId: null, metadata: { to: '+14155550123' } },
      ],
      // A connected call: nothing to recover (issue 18).
      recovery: null,
      // No source told (issue 20).
      source: null,
    });
    const instant = (await list(a.token, '?perPage=2')).data[1] as Record<string, unknown>;
    expect(instant).toMatchObject({ type: 'instant', ScheduledCall: null, CallRecording: null, agentId: null });
  });

  it.each([
    ['widgetTypeId', () => 'widgetTypeId=3', (_h: History, call: History['calls'][number]) => call.widgetTypeId === 3],
    ['websiteId', (h: History) => `websiteId=${h.blog.id}`, (h: History, call: History['calls'][number]) => call.websiteId === h.blog.id],
    ['dateFrom', () => `dateFrom=${new Date(base - 5 * hour).toISOString()}`, (_h: History, call: History['calls'][number]) => call.createdAt.getTime() >= base - 5 * hour],
    ['dateTo', () => `dateTo=${new Date(base - 20 * hour).toISOString()}`, (_h: History, call: History['calls'][number]) => call.createdAt.getTime() <= base - 20 * hour],
    ['status', () => 'status=no-answer', (_h: History, call: History['calls'][number]) => call.status === 'no-answer'],
    ['type', () => 'type=scheduled', (_h: History, call: History['calls'][number]) => call.type === 'scheduled'],
  ])('filters by %s alone', async (_name, query, keep) => {
    const page = await list(a.token, `?perPage=200&${query(a)}`);
    const expected = a.calls.filter((call) => keep(a, call));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(24);
    expect(page.count).toBe(expected.length);
    expect(page.data.map((call) => call.id)).toEqual(expected.map((call) => call.id));
  });

  it('combines every filter', async () => {
    const from = base - 20 * hour;
    const to = base - 2 * hour;
    const query = `?perPage=200&websiteId=${a.shop.id}&widgetTypeId=1&status=successful&type=instant&dateFrom=${new Date(from).toISOString()}&dateTo=${new Date(to).toISOString()}`;
    const expected = a.calls.filter(
      (call) =>
        call.websiteId === a.shop.id &&
        call.widgetTypeId === 1 &&
        call.status === 'successful' &&
        call.type === 'instant' &&
        call.createdAt.getTime() >= from &&
        call.createdAt.getTime() <= to,
    );
    const page = await list(a.token, query);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.data.map((call) => call.id)).toEqual(expected.map((call) => call.id));
    expect(page.count).toBe(expected.length);
  });

  it('pages without overlap or gaps, counting every match on every page', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const answer = await list(a.token, `?page=${page}&perPage=5`);
      expect(answer.count).toBe(24);
      seen.push(...answer.data.map((call) => call.id));
    }
    expect(seen).toEqual(a.calls.map((call) => call.id));
    expect((await list(a.token, '?page=9&perPage=5')).data).toEqual([]);
  });

  it('refuses a bad page size, a reversed date range and a malformed filter with 400', async () => {
    for (const query of ['perPage=201', 'perPage=0', 'page=0', 'status=answered', 'type=later', 'dateFrom=yesterday', 'websiteId=abc']) {
      const response = await server.request({ method: 'GET', url: `/api/client/calls?${query}`, token: a.token });
      expect(response.status, query).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
    const reversed = await server.request({
      method: 'GET',
      url: `/api/client/calls?dateFrom=${new Date(base).toISOString()}&dateTo=${new Date(base - hour).toISOString()}`,
      token: a.token,
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error_description).toBe('Date from cannot be bigger than date to.');
  });

  it('answers 404 for a website of another account or an unknown widget type', async () => {
    const b = await signedIn();
    const foreign = await server.request({ method: 'GET', url: `/api/client/calls?websiteId=${a.shop.id}`, token: b.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
    const unknownType = await server.request({ method: 'GET', url: '/api/client/calls?widgetTypeId=99', token: a.token });
    expect(unknownType.status).toBe(404);
  });

  it('never shows one account\'s calls to another', async () => {
    const b = await signedIn();
    expect(await list(b.token, '?perPage=200')).toEqual({ data: [], count: 0 });
  });

  it('keeps a call\'s widget name and type after the widget is deleted; widgetId becomes null', async () => {
    const c = await signedIn();
    const site = await insertWebsite(server.db, c.userId);
    const widget = await insertWidget(server.db, c.userId, site.id, { typeId: 2, name: 'Gone soon' });
    await insertCall(server.db, { userId: c.userId, widget });
    await server.db.delete(widgets).where(eq(widgets.id, widget.id));
    const [call] = (await list(c.token, '')).data as Record<string, unknown>[];
    expect(call).toMatchObject({ widgetId: null, widgetName: 'Gone soon', widgetTypeId: 2 });
  });

  it('needs a bearer token', async () => {
    expect((await server.request({ method: 'GET', url: '/api/client/calls' })).status).toBe(401);
  });
});
