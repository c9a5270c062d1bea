import type { ListContext, ListFilters, ListStatus } from './list.types.ts';
import { pageCountOf } from './list.view.ts';

/** Any list machine's snapshot, whatever its screen's filters and rows. */
interface ListSnapshot<TFilters extends ListFilters, TRow, TSummary = unknown> {
  context: ListContext<TFilters, TRow, TSummary>;
}

const statuses: readonly ListStatus[] = ['loading', 'noData', 'noDataWithFilters', 'dateError', 'dataLoaded', 'failed'];

/** Which of the states of spec §4 the screen is in. */
export function listStatus(snapshot: { value: unknown }): ListStatus {
  const value = snapshot.value;
  return statuses.find((status) => status === value) ?? 'loading';
}

/** The last answer's summary (ListPage.summary), undefined before the first answer or without one. */
export function listSummary<TFilters extends ListFilters, TRow, TSummary>(snapshot: ListSnapshot<TFilters, TRow, TSummary>): TSummary | undefined {
  return snapshot.context.summary;
}

export function listRows<TFilters extends ListFilters, TRow>(snapshot: ListSnapshot<TFilters, TRow>): TRow[] {
  return snapshot.context.rows;
}

/** The pagination of the current view: page, pages, rows per page and the number of rows. */
export function listPaging<TFilters extends ListFilters, TRow>(snapshot: ListSnapshot<TFilters, TRow>) {
  const { view, count } = snapshot.context;
  return { page: view.page, perPage: view.perPage, count, pageCount: pageCountOf(count, view.perPage) };
}

export function listFilters<TFilters extends ListFilters, TRow>(snapshot: ListSnapshot<TFilters, TRow>): TFilters {
  return snapshot.context.view.filters;
}

/** The rows to show: the answer's while loaded, the previous answer's while the next loads (drawn as skeletons). */
export function listVisibleRows<TFilters extends ListFilters, TRow>(snapshot: ListSnapshot<TFilters, TRow> & { value: unknown }): TRow[] {
  const status = listStatus(snapshot);
  return status === 'dataLoaded' || status === 'loading' ? snapshot.context.rows : [];
}

/** Placeholder rows while loading: as many as were shown before, so the page does not jump. */
export function listSkeletonRows<TFilters extends ListFilters, TRow>(snapshot: ListSnapshot<TFilters, TRow>): number {
  return snapshot.context.rows.length || Math.min(snapshot.context.view.perPage, 10);
}

/** Pagination is shown with rows, and kept (disabled) while the next page of them loads. */
export function listShowsPagination<TFilters extends ListFilters, TRow>(snapshot: ListSnapshot<TFilters, TRow> & { value: unknown }): boolean {
  const status = listStatus(snapshot);
  return status === 'dataLoaded' || (status === 'loading' && snapshot.context.count > 0);
}
