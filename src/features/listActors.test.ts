import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { listRows, listPaging, listStatus } from '../../machines/list/list.selectors.ts';
import { createApiClient } from '../api/client.ts';
import { analyticsDefaults, provideAnalyticsList } from './analytics/analytics.actors.ts';
import { callsDefaults, callsQuery, provideCallsList } from './calls/calls.actors.ts';
import { paymentsDefaults, providePaymentsList, receiptUrl } from './payments/payments.actors.ts';
import { provideUpcomingCallsList, upcomingCallsDefaults } from './upcomingCalls/upcomingCalls.actors.ts';

// The real loaders of the four list screens against a fake server: the requests they make
// (spec §7) and what they hand the list machine.

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function fakeApi(answer: (url: URL) => unknown) {
  const urls: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL((input as Request).url);
    urls.push(url);
    return json(answer(url));
  });
  const api = createApiClient({ session: { accessToken: () => 'token', refreshAccessToken: async () => null }, fetch, baseUrl: 'http://dashboard.test/api' });
  return { api, urls };
}

const settled = (snapshot: { value: unknown }) => listStatus(snapshot) !== 'loading';

describe('list screen loaders', () => {
  it('Calls History: the day range in the user zone, All left out, paging', async () => {
    const { api, urls } = fakeApi(() => ({ data: [{ id: 1 }], count: 41 }));
    const defaults = callsDefaults('2026-11-21');
    const view = { ...defaults, filters: { ...defaults.filters, status: 'missed' as const }, page: 3 };
    const actor = createActor(provideCallsList(api, 'America/New_York'), { input: { view, defaults } }).start();
    await waitFor(actor, settled, { timeout: 1000 });
    expect(urls[0]!.pathname).toBe('/api/client/calls');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      dateFrom: '2026-11-20T05:00:00.000Z',
      dateTo: '2026-11-22T04:59:59.999Z',
      status: 'missed',
      page: '3',
      perPage: '20',
    });
    expect(listPaging(actor.getSnapshot())).toMatchObject({ count: 41, page: 3 });
    expect(callsQuery({ ...defaults.filters, websiteId: 2, widgetTypeId: 3, type: 'scheduled' }, 'UTC')).toMatchObject({ websiteId: 2, widgetTypeId: 3, type: 'scheduled' });
  });

  it('Analytics: asks for UTC days and merges the websites of a day (spec §7)', async () => {
    const usage = (pageViews: number) => ({ pageViews, widgets: [{ typeId: 1, widgetViews: 2, clicks: 1, calls: 1, scheduledCalls: { successful: 0, missed: 0, busy: 0, 'no-answer': 0 } }] });
    const { api, urls } = fakeApi(() => ({
      data: [
        { date: '2026-11-20', websiteId: 1, usage: usage(10) },
        { date: '2026-11-20', websiteId: 2, usage: usage(5) },
        { date: '2026-11-21', websiteId: 1, usage: usage(7) },
      ],
    }));
    const defaults = analyticsDefaults('2026-11-21');
    const actor = createActor(provideAnalyticsList(api), { input: { view: defaults, defaults } }).start();
    await waitFor(actor, settled, { timeout: 1000 });
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ dateFrom: '2026-11-20T00:00:00.000Z', dateTo: '2026-11-21T23:59:59.999Z' });
    const days = listRows(actor.getSnapshot());
    expect(days.map((day) => [day.date, day.usage.pageViews, day.usage.widgets.length])).toEqual([
      ['2026-11-20', 15, 2],
      ['2026-11-21', 7, 1],
    ]);
  });

  it('Upcoming Calls: pending callbacks, every page, date filter and paging on the client (spec §7)', async () => {
    const call = (id: number, scheduledAt: string) => ({ id, scheduledAt });
    const pageOne = Array.from({ length: 200 }, (_, index) => call(index + 1, '2026-11-22T15:00:00.000Z'));
    const pageTwo = [call(201, '2026-11-22T16:00:00.000Z'), call(202, '2026-11-25T16:00:00.000Z')];
    const { api, urls } = fakeApi((url) => ({ data: url.searchParams.get('page') === '1' ? pageOne : pageTwo, count: 202 }));
    const defaults = upcomingCallsDefaults('2026-11-21');
    const view = { ...defaults, filters: { ...defaults.filters, agentId: 4 }, page: 11 };
    const actor = createActor(provideUpcomingCallsList(api, 'America/New_York'), { input: { view, defaults } }).start();
    await waitFor(actor, settled, { timeout: 1000 });
    expect(urls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(Object.fromEntries(urls[0]!.searchParams)).toMatchObject({ status: 'pending', agentId: '4', perPage: '200', dateFrom: '2026-11-21T05:00:00.000Z', dateTo: '2026-11-23T04:59:59.999Z' });
    // 201 of the 202 rows are in the range: page 11 of 20 holds the last one.
    expect(listPaging(actor.getSnapshot())).toMatchObject({ count: 201, pageCount: 11 });
    expect(listRows(actor.getSnapshot()).map((row) => row.id)).toEqual([201]);
  });

  it('Payment History: a year back by default, the status lowercased, All left out', async () => {
    const { api, urls } = fakeApi(() => ({ data: [], count: 0 }));
    const defaults = paymentsDefaults('2026-11-21');
    const view = { ...defaults, filters: { ...defaults.filters, status: 'on-hold' as const } };
    const actor = createActor(providePaymentsList(api, 'UTC'), { input: { view, defaults } }).start();
    await waitFor(actor, settled, { timeout: 1000 });
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      page: '1',
      perPage: '10',
      dateFrom: '2025-11-21T00:00:00.000Z',
      dateTo: '2026-11-21T23:59:59.999Z',
      status: 'on-hold',
    });
    expect(listStatus(actor.getSnapshot())).toBe('noDataWithFilters');
    expect(receiptUrl({ webhookEvent: null })).toBeNull();
    expect(receiptUrl({ webhookEvent: { data: { object: { charges: { data: [{ receipt_url: '/receipts/r1' }] } } } } })).toBe('/receipts/r1');
  });
});
