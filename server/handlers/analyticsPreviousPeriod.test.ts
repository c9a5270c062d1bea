import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface Answer {
  data: { date: string; usage: { pageViews: number; widgets: { widgetViews: number; calls: number }[] } }[];
  previousPeriod: { dateFrom: string; dateTo: string; days: number; pageViews: number; widgetViews: number; calls: number };
}

async function analytics(token: string, query: string): Promise<Answer> {
  const response = await server.request({ method: 'GET', url: `/api/client/analytics?${query}`, token });
  expect(response.status, response.text).toBe(200);
  return response.body as Answer;
}

const range = (from: string, to: string) => `dateFrom=${from}T00:00:00.000Z&dateTo=${to}T23:59:59.999Z`;

/** What the summary cards show for an answer's days: the figures previousPeriod must equal for that period. */
function totalsOf(data: Answer['data']) {
  const widgets = data.flatMap((entry) => entry.usage.widgets);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return { pageViews: sum(data.map((entry) => entry.usage.pageViews)), widgetViews: sum(widgets.map((w) => w.widgetViews)), calls: sum(widgets.map((w) => w.calls)) };
}

// Issue 21: the summary cards against the previous period of the same length (common/rules/periodComparison.ts).
describe('GET /client/analytics previousPeriod', () => {
  let a: Awaited<ReturnType<typeof signedIn>>;
  let shop: Awaited<ReturnType<typeof insertWebsite>>;
  let blog: Awaited<ReturnType<typeof insertWebsite>>;

  // The range under test is 8–14 March 2026 (7 days); its previous period is 1–7 March.
  beforeAll(async () => {
    a = await signedIn();
    shop = await insertWebsite(server.db, a.userId);
    blog = await insertWebsite(server.db, a.userId);
    const exitPopup = await insertWidget(server.db, a.userId, shop.id, { typeId: 1 });
    const timed = await insertWidget(server.db, a.userId, blog.id, { typeId: 2 });
    const { userId } = a;

    await insertPageViews(server.db, { userId, websiteId: shop.id, day: '2026-02-28', pageViews: 999 }); // before it
    await insertPageViews(server.db, { userId, websiteId: shop.id, day: '2026-03-01', pageViews: 100 }); // its first day
    await insertPageViews(server.db, { userId, websiteId: blog.id, day: '2026-03-05', pageViews: 7 });
    await insertPageViews(server.db, { userId, websiteId: shop.id, day: '2026-03-07', pageViews: 50 }); // its last day
    await insertPageViews(server.db, { userId, websiteId: shop.id, day: '2026-03-08', pageViews: 10 }); // the range's first
    await insertWidgetUsage(server.db, { userId, websiteId: shop.id, widgetTypeId: 1, day: '2026-02-28', widgetViews: 500, clicks: 1 });
    await insertWidgetUsage(server.db, { userId, websiteId: shop.id, widgetTypeId: 1, day: '2026-03-01', widgetViews: 40, clicks: 1 });
    await insertWidgetUsage(server.db, { userId, websiteId: blog.id, widgetTypeId: 2, day: '2026-03-03', widgetViews: 10, clicks: 1 });
    await insertWidgetUsage(server.db, { userId, websiteId: shop.id, widgetTypeId: 3, day: '2026-03-07', widgetViews: 20, clicks: 1 });
    await insertWidgetUsage(server.db, { userId, websiteId: shop.id, widgetTypeId: 1, day: '2026-03-08', widgetViews: 5, clicks: 1 });

    const at = (iso: string) => new Date(iso);
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-02-28T23:59:59.999Z') }); // before it
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-03-01T00:00:00.000Z'), type: 'scheduled', status: 'missed' });
    await insertCall(server.db, { userId, widget: timed, createdAt: at('2026-03-04T12:00:00.000Z') });
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-03-07T23:59:59.999Z'), status: 'busy' });
    await insertCall(server.db, { userId, widget: exitPopup, createdAt: at('2026-03-08T00:00:00.000Z') }); // the range's
  });

  it('sums the same number of UTC days ending the day before the range, first and last day included', async () => {
    const answer = await analytics(a.token, range('2026-03-08', '2026-03-14'));
    expect(answer.previousPeriod).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-03-07', days: 7, pageViews: 157, widgetViews: 70, calls: 3 });
    // The range's own days are untouched by the longer read.
    expect(answer.data.map((entry) => entry.date)).toEqual(['2026-03-08']);
    expect(totalsOf(answer.data)).toEqual({ pageViews: 10, widgetViews: 5, calls: 1 });
  });

  it('equals what the same filters answer for the previous period itself', async () => {
    for (const filter of ['', `&websiteId=${shop.id}`, `&websiteId=${blog.id}`, '&typeId=1', '&typeId=2', `&websiteId=${shop.id}&typeId=3`]) {
      const { previousPeriod } = await analytics(a.token, range('2026-03-08', '2026-03-14') + filter);
      const direct = await analytics(a.token, range(previousPeriod.dateFrom, previousPeriod.dateTo) + filter);
      expect(previousPeriod, filter).toMatchObject(totalsOf(direct.data));
    }
  });

  it('keeps the filters: one website, or one widget type (page views stay, as in the daily entries)', async () => {
    expect((await analytics(a.token, `${range('2026-03-08', '2026-03-14')}&websiteId=${blog.id}`)).previousPeriod).toMatchObject({ pageViews: 7, widgetViews: 10, calls: 1 });
    expect((await analytics(a.token, `${range('2026-03-08', '2026-03-14')}&typeId=1`)).previousPeriod).toMatchObject({ pageViews: 157, widgetViews: 40, calls: 2 });
  });

  it('is the day before for a one-day range, whatever the hours of the request', async () => {
    const answer = await analytics(a.token, 'dateFrom=2026-03-08T18:00:00.000Z&dateTo=2026-03-08T19:00:00.000Z');
    expect(answer.previousPeriod).toEqual({ dateFrom: '2026-03-07', dateTo: '2026-03-07', days: 1, pageViews: 50, widgetViews: 20, calls: 1 });
  });

  it('is answered for a range without activity, and is zero without any before', async () => {
    const quiet = await analytics(a.token, range('2026-03-15', '2026-03-21'));
    expect(quiet.data).toEqual([]);
    expect(quiet.previousPeriod).toEqual({ dateFrom: '2026-03-08', dateTo: '2026-03-14', days: 7, pageViews: 10, widgetViews: 5, calls: 1 });

    const first = await analytics(a.token, range('2026-02-01', '2026-02-07'));
    expect(first.previousPeriod).toEqual({ dateFrom: '2026-01-25', dateTo: '2026-01-31', days: 7, pageViews: 0, widgetViews: 0, calls: 0 });
  });

  it('never counts another account\'s activity', async () => {
    const b = await signedIn();
    expect((await analytics(b.token, range('2026-03-08', '2026-03-14'))).previousPeriod).toMatchObject({ pageViews: 0, widgetViews: 0, calls: 0 });
  });

  it('answers a range at the first day of the calendar, and still 400 for bad ranges', async () => {
    const earliest = await analytics(a.token, range('0001-01-01', '0001-12-31'));
    expect(earliest.previousPeriod).toMatchObject({ days: 365, pageViews: 0, widgetViews: 0, calls: 0 });
    for (const query of [range('2026-03-14', '2026-03-08'), range('2025-01-01', '2026-01-02'), 'dateFrom=2026-13-01T00:00:00Z&dateTo=2026-03-01T00:00:00Z', range('0000-06-01', '0000-06-02')]) {
      const response = await server.request({ method: 'GET', url: `/api/client/analytics?${query}`, token: a.token });
      expect(response.status, query).toBe(400);
    }
  });
});
