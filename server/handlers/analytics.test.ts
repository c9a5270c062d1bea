import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../db/schema/calls.ts';
import { websites, widgets } from '../db/schema/toolbox.ts';
import { createAccount, signIn } from '../test/accounts.ts';
import { insertCall, insertPageViews, insertWebsite, insertWidget, insertWidgetUsage } from '../test/callFixtures.ts';
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

async function analytics(token: string, query: string) {
  const response = await server.request({ method: 'GET', url: `/api/client/analytics?${query}`, token });
  expect(response.status, response.text).toBe(200);
  return response.body.data as { date: string; websiteId: number; usage: { pageViews: number; widgets: Record<string, unknown>[] } }[];
}

const range = (from: string, to: string) => `dateFrom=${from}T00:00:00.000Z&dateTo=${to}T23:59:59.999Z`;
const none = { successful: 0, missed: 0, busy: 0, 'no-answer': 0 };

describe('GET /client/analytics', () => {
  let a: Awaited<ReturnType<typeof signedIn>>;
  let shop: Awaited<ReturnType<typeof insertWebsite>>;
  let blog: Awaited<ReturnType<typeof insertWebsite>>;

  beforeAll(async () => {
    a = await signedIn();
    shop = await insertWebsite(server.db, a.userId);
    blog = await insertWebsite(server.db, a.userId);
    const exitPopup = await insertWidget(server.db, a.userId, shop.id, { typeId: 1 });
    const floating = await insertWidget(server.db, a.userId, shop.id, { typeId: 3 });
    const timed = await insertWidget(server.db, a.userId, blog.id, { typeId: 2 });
    const { userId } = a;

    await insertPageViews(server.db, { userId, websiteId: shop.id, day: '2026-03-01', pageViews: 120 });
    await insertPageViews(server.db, { userId, websiteId: shop.id, day: '2026-03-02', pageViews: 80 });
    await insertPageViews(server.db, { userId, websiteId: blog.id, day: '2026-03-01', pageViews: 40 });
    await insertPageViews(server.db, { userId, websiteId: blog.id, day: '2026-03-04', pageViews: 5 });
    await insertWidgetUsage(server.db, { userId, websiteId: shop.id, widgetTypeId: 1, day: '2026-03-01', widgetViews: 60, clicks: 9 });
    await insertWidgetUsage(server.db, { userId, websiteId: shop.id, widgetTypeId: 3, day: '2026-03-01', widgetViews: 30, clicks: 4 });
    await insertWidgetUsage(server.db, { userId, websiteId: blog.id, widgetTypeId: 2, day: '2026-03-01', widgetViews: 20, clicks: 2 });

    const at = (iso: string) => new Date(iso);
    // 2026-03-01 on the shop's exit popup: 2 instant, 3 scheduled (successful, busy, no-answer).
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-03-01T00:00:00.000Z'), status: 'successful' });
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-03-01T10:00:00.000Z'), status: 'missed' });
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-03-01T11:00:00.000Z'), type: 'scheduled', status: 'successful' });
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-03-01T12:00:00.000Z'), type: 'scheduled', status: 'busy' });
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-03-01T23:59:59.999Z'), type: 'scheduled', status: 'no-answer' });
    // 2026-03-02: a call on the floating icon with no widget views counted that day.
    await insertCall(server.db, { userId, widget: floating, createdAt: at('2026-03-02T08:00:00.000Z'), type: 'scheduled', status: 'missed' });
    // 2026-03-03: the blog's only activity is a call.
    await insertCall(server.db, { userId, widget: timed, createdAt: at('2026-03-03T15:00:00.000Z') });
    // Outside the range.
    await insertCall(server.db, { userId, widget: timed, createdAt: at('2026-02-28T23:59:59.999Z') });
    await insertCall(server.db, { userId, widget: timed, createdAt: at('2026-03-05T00:00:00.000Z') });
  });

  it('answers one entry per UTC day and website with activity, counts summed by SQL', async () => {
    const data = await analytics(a.token, range('2026-03-01', '2026-03-04'));
    expect(data).toEqual([
      {
        date: '2026-03-01',
        websiteId: shop.id,
        usage: {
          pageViews: 120,
          widgets: [
            { typeId: 1, widgetViews: 60, clicks: 9, calls: 5, scheduledCalls: { successful: 1, missed: 0, busy: 1, 'no-answer': 1 } },
            { typeId: 3, widgetViews: 30, clicks: 4, calls: 0, scheduledCalls: none },
          ],
        },
      },
      {
        date: '2026-03-01',
        websiteId: blog.id,
        usage: { pageViews: 40, widgets: [{ typeId: 2, widgetViews: 20, clicks: 2, calls: 0, scheduledCalls: none }] },
      },
      {
        date: '2026-03-02',
        websiteId: shop.id,
        usage: { pageViews: 80, widgets: [{ typeId: 3, widgetViews: 0, clicks: 0, calls: 1, scheduledCalls: { ...none, missed: 1 } }] },
      },
      {
        date: '2026-03-03',
        websiteId: blog.id,
        usage: { pageViews: 0, widgets: [{ typeId: 2, widgetViews: 0, clicks: 0, calls: 1, scheduledCalls: none }] },
      },
      { date: '2026-03-04', websiteId: blog.id, usage: { pageViews: 5, widgets: [] } },
    ]);
  });

  it('counts whole UTC days: the instants inside a day only choose the day', async () => {
    const data = await analytics(a.token, `dateFrom=2026-03-01T18:00:00.000Z&dateTo=2026-03-01T18:00:00.000Z`);
    expect(data.map((entry) => [entry.date, entry.websiteId])).toEqual([
      ['2026-03-01', shop.id],
      ['2026-03-01', blog.id],
    ]);
    expect(data[0]!.usage.widgets[0]).toMatchObject({ calls: 5 });
  });

  it('keeps one website with websiteId, and one widget type in usage.widgets with typeId', async () => {
    const website = await analytics(a.token, `${range('2026-03-01', '2026-03-04')}&websiteId=${blog.id}`);
    expect(website.map((entry) => entry.date)).toEqual(['2026-03-01', '2026-03-03', '2026-03-04']);
    expect(website.every((entry) => entry.websiteId === blog.id)).toBe(true);

    const type = await analytics(a.token, `${range('2026-03-01', '2026-03-04')}&typeId=3`);
    expect(type.map((entry) => [entry.date, entry.usage.pageViews, entry.usage.widgets.map((w) => w.typeId)])).toEqual([
      ['2026-03-01', 120, [3]],
      ['2026-03-01', 40, []],
      ['2026-03-02', 80, [3]],
      ['2026-03-04', 5, []],
    ]);
  });

  it('sums over a range to exactly the inserted totals', async () => {
    const data = await analytics(a.token, range('2026-01-01', '2026-12-31'));
    const widgetsOf = data.flatMap((entry) => entry.usage.widgets) as { calls: number; widgetViews: number; clicks: number }[];
    expect(data.reduce((sum, entry) => sum + entry.usage.pageViews, 0)).toBe(245);
    expect(widgetsOf.reduce((sum, usage) => sum + usage.calls, 0)).toBe(9);
    expect(widgetsOf.reduce((sum, usage) => sum + usage.widgetViews, 0)).toBe(110);
    expect(widgetsOf.reduce((sum, usage) => sum + usage.clicks, 0)).toBe(15);
  });

  it('refuses missing or reversed dates and ranges over 366 days with 400', async () => {
    for (const query of ['dateFrom=2026-03-01T00:00:00Z', range('2026-03-02', '2026-03-01').replace('T23:59:59.999Z', 'T00:00:00Z'), range('2025-01-01', '2026-01-02')]) {
      const response = await server.request({ method: 'GET', url: `/api/client/analytics?${query}`, token: a.token });
      expect(response.status, query).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
  });

  it('answers 404 for another account\'s website or an unknown widget type', async () => {
    const b = await signedIn();
    const foreign = await server.request({ method: 'GET', url: `/api/client/analytics?${range('2026-03-01', '2026-03-04')}&websiteId=${shop.id}`, token: b.token });
    expect(foreign.status).toBe(404);
    const unknownType = await server.request({ method: 'GET', url: `/api/client/analytics?${range('2026-03-01', '2026-03-04')}&typeId=42`, token: a.token });
    expect(unknownType.status).toBe(404);
  });

  it('never counts another account\'s activity', async () => {
    const b = await signedIn();
    expect(await analytics(b.token, range('2026-03-01', '2026-03-04'))).toEqual([]);
  });
});

describe('the daily call counters (migration 0004_call_counters)', () => {
  const day = '2026-05-10';
  const callsOf = async (token: string) => {
    const [entry] = await analytics(token, range(day, day));
    return entry?.usage.widgets.map(({ typeId, calls, scheduledCalls }) => ({ typeId, calls, scheduledCalls })) ?? [];
  };

  it('follow calls as they are inserted, change outcome and are deleted', async () => {
    const a = await signedIn();
    const site = await insertWebsite(server.db, a.userId);
    const widget = await insertWidget(server.db, a.userId, site.id, { typeId: 2 });
    const at = new Date(`${day}T12:00:00.000Z`);
    const first = await insertCall(server.db, { userId: a.userId, widget, createdAt: at, type: 'scheduled', status: 'missed' });
    await insertCall(server.db, { userId: a.userId, widget, createdAt: at, status: 'successful' });
    expect(await callsOf(a.token)).toEqual([{ typeId: 2, calls: 2, scheduledCalls: { ...none, missed: 1 } }]);

    await server.db.update(calls).set({ status: 'successful' }).where(eq(calls.id, first.id));
    expect(await callsOf(a.token)).toEqual([{ typeId: 2, calls: 2, scheduledCalls: { ...none, successful: 1 } }]);

    await server.db.delete(calls).where(eq(calls.id, first.id));
    expect(await callsOf(a.token)).toEqual([{ typeId: 2, calls: 1, scheduledCalls: none }]);
  });

  it('let a website with calls be deleted, and its calls count nowhere afterwards', async () => {
    const a = await signedIn();
    const site = await insertWebsite(server.db, a.userId);
    const widget = await insertWidget(server.db, a.userId, site.id, { typeId: 1 });
    await insertCall(server.db, { userId: a.userId, widget, createdAt: new Date(`${day}T08:00:00.000Z`) });
    await server.db.delete(widgets).where(eq(widgets.id, widget.id));
    await server.db.delete(websites).where(eq(websites.id, site.id));
    expect(await analytics(a.token, range(day, day))).toEqual([]);
    const [kept] = await server.db.select().from(calls).where(eq(calls.userId, a.userId));
    expect(kept!.websiteId).toBeNull();
  });

  it('equal a count of the calls table after many inserts in one statement', async () => {
    const a = await signedIn();
    const site = await insertWebsite(server.db, a.userId);
    const widget = await insertWidget(server.db, a.userId, site.id, { typeId: 3 });
    const statuses = ['successful', 'missed', 'busy', 'no-answer'] as const;
    await server.db.insert(calls).values(
      Array.from({ length: 200 }, (_, i) => ({
        userId: a.userId, convertId: `CL-COUNT-${a.userId}-${i}`, websiteId: site.id, widgetId: widget.id, widgetName: 'w', widgetTypeId: 3,
        type: i % 3 === 0 ? ('scheduled' as const) : ('instant' as const), status: statuses[i % 4]!, customerNumber: '+13125550142',
        createdAt: new Date(`${day}T${String(i % 24).padStart(2, '0')}:00:00.000Z`),
      })),
    );
    const scheduled = (status: (typeof statuses)[number]) => Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 3 === 0 && statuses[i % 4] === status).length;
    expect(await callsOf(a.token)).toEqual([
      { typeId: 3, calls: 200, scheduledCalls: { successful: scheduled('successful'), missed: scheduled('missed'), busy: scheduled('busy'), 'no-answer': scheduled('no-answer') } },
    ]);
  });
});
