import * as z from 'zod/mini';
import { daySearch, enumSearch, idSearch, pagingSearch } from '../../../machines/list/list.search.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';

export type CallStatus = components['schemas']['CallStatus'];
export type CallType = components['schemas']['CallType'];

/** spec §2 Calls History filters; null is All. */
export type CallsFilters = {
  dateFrom: string;
  dateTo: string;
  widgetTypeId: number | null;
  websiteId: number | null;
  type: CallType | null;
  status: CallStatus | null;
};

/** spec §9: calls per page 20. */
export const CALLS_PER_PAGE = 20;

export const CALL_STATUSES = ['successful', 'missed', 'busy', 'no-answer'] as const satisfies readonly CallStatus[];
export const CALL_TYPES = ['instant', 'scheduled'] as const satisfies readonly CallType[];

/** The /calls URL search (kept light: it loads with the router, before the screen's chunk). */
export const callsSearch = z.object({
  dateFrom: daySearch,
  dateTo: daySearch,
  widgetTypeId: idSearch,
  websiteId: idSearch,
  type: enumSearch(CALL_TYPES),
  status: enumSearch(CALL_STATUSES),
  ...pagingSearch(CALLS_PER_PAGE),
});
