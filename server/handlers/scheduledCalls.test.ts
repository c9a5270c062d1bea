import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgets } from '../db/schema/toolbox.ts';
import { createAccount, signIn } from '../test/accounts.ts';
import { insertAgent, insertScheduledCall, insertWebsite, insertWidget } from '../test/callFixtures.ts';
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
const base = Date.parse('2026-05-04T09:00:00.000Z');
const storedStatuses = ['pending', 'in-progress', 'completed', 'failed', 'canceled'] as const;

async function list(token: string, query = '') {
  const response = await server.request({ method: 'GET', url: `/api/client/scheduled-calls${query}`, token });
  expect(response.status, response.text).toBe(200);
  return response.body as { data: { id: number; status: string }[]; count: number };
}

describe('GET /client/scheduled-calls', () => {
  let a: Awaited<ReturnType<typeof signedIn>>;
  let shop: Awaited<ReturnType<typeof insertWebsite>>;
  let blog: Awaited<ReturnType<typeof insertWebsite>>;
  let ada: Awaited<ReturnType<typeof insertAgent>>;
  let rows: (Awaited<ReturnType<typeof insertScheduledCall>> & { websiteId: number })[];

  beforeAll(async () => {
    a = await signedIn();
    shop = await insertWebsite(server.db, a.userId);
    blog = await insertWebsite(server.db, a.userId);
    const shopWidget = await insertWidget(server.db, a.userId, shop.id, { typeId: 2, name: 'Timed offer' });
    const blogWidget = await insertWidget(server.db, a.userId, blog.id, { typeId: 3, name: 'Call icon' });
    ada = await insertAgent(server.db, a.userId, { name: 'Ada Lovelace' });
    const grace = await insertAgent(server.db, a.userId, { name: 'Grace Hopper' });
    rows = [];
    // Inserted out of order: the answer must sort by scheduledAt.
    for (const i of [5, 0, 9, 3, 7, 1, 8, 2, 6, 4]) {
      const widget = i % 2 === 0 ? shopWidget : blogWidget;
      const row = await insertScheduledCall(server.db, {
        userId: a.userId,
        widget,
        scheduledAt: new Date(base + i * hour),
        agentId: i % 3 === 0 ? ada.id : grace.id,
        status: storedStatuses[i % 5],
        customFields: i === 0 ? { customField1: 'After 5 pm', customField3: '' } : {},
      });
      rows.push({ ...row, websiteId: widget.websiteId });
    }
    rows.sort((x, y) => x.scheduledAt.getTime() - y.scheduledAt.getTime());
  });

  it('answers the caller\'s callbacks soonest first with widget, website and custom fields', async () => {
    const page = await list(a.token, '?perPage=200');
    expect(page.count).toBe(10);
    expect(page.data.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(page.data[0]).toEqual({
      id: rows[0]!.id,
      widgetId: expect.any(Number),
      widgetName: 'Timed offer',
      widgetTypeId: 2,
      agentId: ada.id,
      customerNumber: '+13125550142',
      scheduledAt: new Date(base).toISOString(),
      status: 'pending',
      Website: { domain: shop.domain },
      customFields: { customField1: 'After 5 pm', customField2: null, customField3: null },
    });
  });

  it('speaks the contract\'s statuses: the scheduler\'s completed and failed are both done', async () => {
    const page = await list(a.token, '?perPage=200');
    expect(page.data.map((row) => row.status)).toEqual(['pending', 'calling', 'done', 'done', 'canceled', 'pending', 'calling', 'done', 'done', 'canceled']);
    const done = await list(a.token, '?status=done');
    expect(done.count).toBe(4);
    expect(done.data.every((row) => row.status === 'done')).toBe(true);
  });

  it.each([
    ['agentId', () => `agentId=${ada.id}`, (row: (typeof rows)[number]) => row.agentId === ada.id],
    ['websiteId', () => `websiteId=${blog.id}`, (row: (typeof rows)[number]) => row.websiteId === blog.id],
    ['dateFrom', () => `dateFrom=${new Date(base + 6 * hour).toISOString()}`, (row: (typeof rows)[number]) => row.scheduledAt.getTime() >= base + 6 * hour],
    ['dateTo', () => `dateTo=${new Date(base + 2 * hour).toISOString()}`, (row: (typeof rows)[number]) => row.scheduledAt.getTime() <= base + 2 * hour],
    ['status', () => 'status=pending', (row: (typeof rows)[number]) => row.status === 'pending'],
  ])('filters by %s alone', async (_name, query, keep) => {
    const expected = rows.filter(keep);
    const page = await list(a.token, `?perPage=200&${query()}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(10);
    expect(page.data.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(page.count).toBe(expected.length);
  });

  it('combines filters and pages', async () => {
    const expected = rows.filter((row) => row.websiteId === shop.id && row.scheduledAt.getTime() >= base + 2 * hour);
    const query = `websiteId=${shop.id}&dateFrom=${new Date(base + 2 * hour).toISOString()}`;
    const first = await list(a.token, `?${query}&perPage=2&page=1`);
    const second = await list(a.token, `?${query}&perPage=2&page=2`);
    expect(first.count).toBe(expected.length);
    expect([...first.data, ...second.data].map((row) => row.id)).toEqual(expected.slice(0, 4).map((row) => row.id));
  });

  it('answers 404 for another account\'s agent or website, 400 for a reversed range', async () => {
    const b = await signedIn();
    expect((await server.request({ method: 'GET', url: `/api/client/scheduled-calls?agentId=${ada.id}`, token: b.token })).status).toBe(404);
    expect((await server.request({ method: 'GET', url: `/api/client/scheduled-calls?websiteId=${shop.id}`, token: b.token })).status).toBe(404);
    const reversed = await server.request({
      method: 'GET',
      url: `/api/client/scheduled-calls?dateFrom=${new Date(base).toISOString()}&dateTo=${new Date(base - hour).toISOString()}`,
      token: a.token,
    });
    expect(reversed.status).toBe(400);
    expect((await server.request({ method: 'GET', url: '/api/client/scheduled-calls?status=completed', token: a.token })).status).toBe(400);
  });

  it('never shows one account\'s callbacks to another', async () => {
    const b = await signedIn();
    expect(await list(b.token, '?perPage=200')).toEqual({ data: [], count: 0 });
  });

  it('leaves out callbacks whose widget was deleted', async () => {
    const c = await signedIn();
    const site = await insertWebsite(server.db, c.userId);
    const kept = await insertWidget(server.db, c.userId, site.id);
    const doomed = await insertWidget(server.db, c.userId, site.id);
    const stays = await insertScheduledCall(server.db, { userId: c.userId, widget: kept, scheduledAt: new Date(base) });
    await insertScheduledCall(server.db, { userId: c.userId, widget: doomed, scheduledAt: new Date(base) });
    await server.db.delete(widgets).where(eq(widgets.id, doomed.id));
    const page = await list(c.token);
    expect(page).toMatchObject({ count: 1, data: [{ id: stays.id }] });
  });
});
