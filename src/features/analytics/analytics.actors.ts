import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { callsBySourceMachine } from '../../../machines/callsBySource/callsBySource.machine.ts';
import { createListMachine } from '../../../machines/list/list.machine.ts';
import type { ListView } from '../../../machines/list/list.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import { addDays, endOfDayUtc, startOfDayUtc } from '../../lib/dateTime.ts';
import { notify } from '../../lib/toaster.ts';
import type { AnalyticsFilters } from './analytics.search.ts';
import type { PreviousPeriod } from './analytics.comparison.ts';
import { mergeDays, type AnalyticsDay } from './analytics.summary.ts';

export const analyticsMessages = {
  /** spec §8 (ANALYTICS_GET_DATA_ERROR). */
  loadFailed: msg`Failed to get analytics data.`,
};

/** spec §2 Analytics: the per-widget-type cards, in the spec's order, found by the metadata's type name. */
export const widgetTypeCards: { name: string; title: MessageDescriptor }[] = [
  { name: 'floating icon', title: msg`Floating Icon` },
  { name: 'timed popup', title: msg`Timed Popup` },
  { name: 'exit popup', title: msg`Exit Popup` },
];

/**
 * spec §9: one day before today to today, selects on All. The screen has no pages: its one
 * "page" is every day of the range.
 */
export function analyticsDefaults(today: string): ListView<AnalyticsFilters> {
  return { filters: { dateFrom: addDays(today, -1), dateTo: today, websiteId: null, typeId: null }, page: 1, perPage: 1 };
}

/** Its rows are the days; its summary the previous period's totals (issue 21). */
export const analyticsListMachine = createListMachine<AnalyticsFilters, AnalyticsDay, PreviousPeriod>();

/**
 * Analytics with its real loader (spec §7 GET analytics path): the days of the range; without
 * a website chosen, the entries of the websites are merged per day.
 */
export function provideAnalyticsList(api: ApiClient) {
  return analyticsListMachine.provide({
    actors: {
      pageLoader: fromPromise(async ({ input, signal }) => {
        const { dateFrom, dateTo, websiteId, typeId } = input.filters;
        // The contract counts analytics per UTC day: the chosen days are asked as UTC days, so
        // the chart shows exactly the days of the range.
        const query = {
          dateFrom: startOfDayUtc(dateFrom, 'UTC'),
          dateTo: endOfDayUtc(dateTo, 'UTC'),
          ...(websiteId !== null ? { websiteId } : {}),
          ...(typeId !== null ? { typeId } : {}),
        };
        const answer = dataOrThrow(await api.GET('/client/analytics', { params: { query }, signal }));
        const days = websiteId === null ? mergeDays(answer.data) : answer.data;
        return { rows: days, count: days.length, summary: answer.previousPeriod };
      }),
    },
    actions: {
      notifyLoadFailed: () => notify('error', analyticsMessages.loadFailed),
    },
  });
}

/**
 * The Calls by source card's machine with its real loader (issue 20, GET
 * /client/analytics/sources): the screen's filters, asked as UTC days as the days above are.
 */
export function provideCallsBySource(api: ApiClient) {
  return callsBySourceMachine.provide({
    actors: {
      sourcesLoader: fromPromise(async ({ input, signal }) => {
        const { dateFrom, dateTo, websiteId, typeId } = input as AnalyticsFilters;
        const query = {
          dateFrom: startOfDayUtc(dateFrom, 'UTC'),
          dateTo: endOfDayUtc(dateTo, 'UTC'),
          ...(websiteId !== null ? { websiteId } : {}),
          ...(typeId !== null ? { typeId } : {}),
        };
        return dataOrThrow(await api.GET('/client/analytics/sources', { params: { query }, signal }));
      }),
    },
  });
}
