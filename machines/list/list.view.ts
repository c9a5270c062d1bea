import type { FilterValue, ListFilters, ListView } from './list.types.ts';

/**
 * Pure rules about a list view: the date range, active filters, pages, and the URL's search.
 * The list machine's guards and the screens' URL handling share them.
 */

/** spec §9: the rows-per-page choices. */
export const ROWS_PER_PAGE_OPTIONS = [5, 25, 50, 100, 150, 200] as const;

/** The rows-per-page choices a screen offers: spec §9's, plus the screen's default (calls 20, payments 10). */
export function rowsPerPageChoices(defaultPerPage: number): number[] {
  return [...new Set<number>([...ROWS_PER_PAGE_OPTIONS, defaultPerPage])].sort((a, b) => a - b);
}

/**
 * spec §4, §5: "Date from cannot be later than Date to". Days are `yyyy-MM-dd`, so they compare
 * as strings; a range with a missing end is not invalid.
 */
export function isDateRangeInvalid(filters: ListFilters): boolean {
  const { dateFrom, dateTo } = filters;
  return typeof dateFrom === 'string' && typeof dateTo === 'string' && dateFrom > dateTo;
}

function sameFilters(a: ListFilters, b: ListFilters): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? null) === (b[key] ?? null));
}

export function isSameView<TFilters extends ListFilters>(a: ListView<TFilters>, b: ListView<TFilters>): boolean {
  return a.page === b.page && a.perPage === b.perPage && sameFilters(a.filters, b.filters);
}

/** spec §4 "no data with active filters": a filter differs from the screen's default. */
export function hasActiveFilters<TFilters extends ListFilters>(view: ListView<TFilters>, defaults: ListView<TFilters>): boolean {
  return !sameFilters(view.filters, defaults.filters);
}

/** The number of pages (at least one) for `count` rows. */
export function pageCountOf(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, perPage)));
}

export function withFilter<TFilters extends ListFilters>(view: ListView<TFilters>, field: keyof TFilters & string, value: FilterValue): ListView<TFilters> {
  return { ...view, filters: { ...view.filters, [field]: value }, page: 1 };
}

/** The URL's search of a list screen: filters, `page` and `perPage`, each optional. */
export type ListSearch<TFilters extends ListFilters> = { [K in keyof TFilters]?: Exclude<TFilters[K], null> } & { page?: number; perPage?: number };

/** The view a URL describes: what it names, over the screen's defaults. */
export function viewFromSearch<TFilters extends ListFilters>(search: ListSearch<TFilters>, defaults: ListView<TFilters>): ListView<TFilters> {
  const filters = { ...defaults.filters };
  for (const key of Object.keys(defaults.filters) as (keyof TFilters)[]) {
    const value = search[key];
    if (value !== undefined) filters[key] = value as TFilters[keyof TFilters];
  }
  return { filters, page: search.page ?? 1, perPage: search.perPage ?? defaults.perPage };
}

/**
 * The URL's search for a view: only what differs from the defaults, so a plain link opens the
 * defaults and a shared link opens exactly the view it was copied from. Every select's
 * default is All (null), so a null filter never needs writing.
 */
export function searchFromView<TFilters extends ListFilters>(view: ListView<TFilters>, defaults: ListView<TFilters>): ListSearch<TFilters> {
  const search: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(view.filters)) {
    if ((value ?? null) !== (defaults.filters[key] ?? null) && value !== null) search[key] = value;
  }
  if (view.page !== 1) search.page = view.page;
  if (view.perPage !== defaults.perPage) search.perPage = view.perPage;
  return search as ListSearch<TFilters>;
}
