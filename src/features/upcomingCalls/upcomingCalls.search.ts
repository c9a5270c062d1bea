import * as z from 'zod/mini';
import { daySearch, idSearch, pagingSearch } from '../../../machines/list/list.search.ts';

/** spec §2 Upcoming Calls filters; null is All. */
export type UpcomingCallsFilters = {
  websiteId: number | null;
  agentId: number | null;
  dateFrom: string;
  dateTo: string;
};

/** Rows per page of the upcoming calls: the calls' 20 (spec §9 CALLS_PER_PAGE; the contract's default). */
export const UPCOMING_CALLS_PER_PAGE = 20;

/** The /upcoming-calls URL search (kept light: it loads with the router, before the screen's chunk). */
export const upcomingCallsSearch = z.object({
  websiteId: idSearch,
  agentId: idSearch,
  dateFrom: daySearch,
  dateTo: daySearch,
  ...pagingSearch(UPCOMING_CALLS_PER_PAGE),
});
