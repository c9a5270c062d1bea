import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { createListMachine } from '../../../machines/list/list.machine.ts';
import type { ListView } from '../../../machines/list/list.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { addDays, endOfDayUtc, startOfDayUtc } from '../../lib/dateTime.ts';
import { notify } from '../../lib/toaster.ts';
import { pageOfScheduledCalls } from './upcomingCalls.rows.ts';
import { UPCOMING_CALLS_PER_PAGE, type UpcomingCallsFilters } from './upcomingCalls.search.ts';

export type ScheduledCall = components['schemas']['ScheduledCall'];

export const upcomingCallsMessages = {
  /** spec §8 (UPCOMING_CALLS_GET_DATA_ERROR). */
  loadFailed: msg`Failed to get upcoming calls.`,
};

/** spec §9: upcoming calls run from today to the next day; selects on All. */
export function upcomingCallsDefaults(today: string): ListView<UpcomingCallsFilters> {
  return { filters: { websiteId: null, agentId: null, dateFrom: today, dateTo: addDays(today, 1) }, page: 1, perPage: UPCOMING_CALLS_PER_PAGE };
}

/** The server's largest page (contract: perPage ≤ 200) and a bound on how many are read. */
const FETCH_PER_PAGE = 200;
const MAX_FETCHED_PAGES = 25;

export const upcomingCallsListMachine = createListMachine<UpcomingCallsFilters, ScheduledCall>();

/**
 * Upcoming Calls with its real loader (spec §7 GET /client/scheduled-calls): the pending
 * callbacks of the chosen website and agent in the date range, every page of them, then the
 * client-side date filter and paging of spec §7 (pageOfScheduledCalls).
 */
export function provideUpcomingCallsList(api: ApiClient, timeZone: string) {
  return upcomingCallsListMachine.provide({
    actors: {
      pageLoader: fromPromise(async ({ input, signal }) => {
        const { websiteId, agentId, dateFrom, dateTo } = input.filters;
        const range = { from: startOfDayUtc(dateFrom, timeZone), to: endOfDayUtc(dateTo, timeZone) };
        const query = {
          status: 'pending' as const,
          dateFrom: range.from,
          dateTo: range.to,
          perPage: FETCH_PER_PAGE,
          ...(websiteId !== null ? { websiteId } : {}),
          ...(agentId !== null ? { agentId } : {}),
        };
        const rows: ScheduledCall[] = [];
        for (let page = 1; page <= MAX_FETCHED_PAGES; page += 1) {
          const answer = dataOrThrow(await api.GET('/client/scheduled-calls', { params: { query: { ...query, page } }, signal }));
          rows.push(...answer.data);
          if (answer.data.length < FETCH_PER_PAGE || rows.length >= answer.count) break;
        }
        return pageOfScheduledCalls(rows, range, input);
      }),
    },
    actions: {
      notifyLoadFailed: () => notify('error', upcomingCallsMessages.loadFailed),
    },
  });
}
