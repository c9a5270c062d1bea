import * as z from 'zod/mini';
import { daySearch, idSearch } from '../../../machines/list/list.search.ts';

/** spec §2 Analytics filters; null is All. */
export type AnalyticsFilters = {
  dateFrom: string;
  dateTo: string;
  websiteId: number | null;
  typeId: number | null;
};

/** The /dashboard URL search (kept light: it loads with the router, before the screen's chunk). */
export const analyticsSearch = z.object({
  dateFrom: daySearch,
  dateTo: daySearch,
  websiteId: idSearch,
  typeId: idSearch,
});
