import * as z from 'zod/mini';
import { enumSearch, idSearch } from '../../../machines/list/list.search.ts';

/** spec §2 Widgets Status filter: Active or Inactive. */
export const WIDGET_STATUSES = ['active', 'inactive'] as const;
export type WidgetStatus = (typeof WIDGET_STATUSES)[number];

/** spec §2 Widgets filters: Websites, Widget type, Status; null is All. */
export type WidgetsFilters = {
  websiteId: number | null;
  typeId: number | null;
  status: WidgetStatus | null;
};

/**
 * The widgets list has no pagination (spec §2 Widgets names none; the API answers every widget
 * at once): one page, this many placeholder rows on the first load.
 */
export const WIDGETS_PLACEHOLDER_ROWS = 5;

/** The /widgets URL search (kept light: it loads with the router, before the screen's chunk). */
export const widgetsSearch = z.object({
  websiteId: idSearch,
  typeId: idSearch,
  status: enumSearch(WIDGET_STATUSES),
});
