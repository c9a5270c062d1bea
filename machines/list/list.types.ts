import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

/**
 * A filter's value: a calendar day (`yyyy-MM-dd`), an id, an enum value, or null for "All".
 * Date ranges are the filters named `dateFrom` and `dateTo` (spec §5 Filters).
 */
export type FilterValue = string | number | null;

/** The filters of one list screen, by name. Screens declare theirs as a `type` alias. */
export type ListFilters = Record<string, FilterValue>;

/** What a list screen shows: its filters and its page (spec §4 list screens). Lives in the URL. */
export interface ListView<TFilters extends ListFilters = ListFilters> {
  filters: TFilters;
  /** From 1. */
  page: number;
  perPage: number;
}

/**
 * One page of rows and the number of rows matching the filters (the contract's `{ data, count }`),
 * and what else the screen's answer tells about the whole view (Analytics: the previous period's
 * totals, issue 21); screens without one leave it out.
 */
export interface ListPage<TRow = unknown, TSummary = undefined> {
  rows: TRow[];
  count: number;
  summary?: TSummary;
}

export interface ListInput<TFilters extends ListFilters = ListFilters> {
  /** The view to open with (the URL's, over the defaults). */
  view: ListView<TFilters>;
  /** The screen's defaults: filters that are not "active", and the default rows per page. */
  defaults: ListView<TFilters>;
}

export interface ListContext<TFilters extends ListFilters = ListFilters, TRow = unknown, TSummary = undefined> {
  view: ListView<TFilters>;
  defaults: ListView<TFilters>;
  /** The rows of the last answer; kept while the next page loads so skeletons keep the height. */
  rows: TRow[];
  count: number;
  /** The last answer's summary (ListPage), kept and cleared with its rows. */
  summary: TSummary | undefined;
  /**
   * Views written to the URL (syncUrl) that the URL has not echoed back yet, oldest first. The
   * router reports each write as `url.changed`, possibly late: an echo of an older write must
   * not take the list back to that view.
   */
  urlWrites: ListView<TFilters>[];
}

export type ListEvent<TFilters extends ListFilters = ListFilters, TRow = unknown, TSummary = undefined> =
  /** A filter control changed; the page goes back to 1. */
  | { type: 'user.changeFilter'; field: keyof TFilters & string; value: FilterValue }
  | { type: 'user.changePage'; page: number }
  /** spec §9: 5, 25, 50, 100, 150, 200 (or the screen's default); the page goes back to 1. */
  | { type: 'user.changePerPage'; perPage: number }
  | { type: 'user.retry' }
  /** The URL's search changed (back, forward, a pasted link): the view it describes. */
  | { type: 'url.changed'; view: ListView<TFilters> }
  /** The rows changed elsewhere (a row was deleted or created): load the same view again. */
  | { type: 'data.changed' }
  | DoneActorEvent<ListPage<TRow, TSummary>, 'pageLoader'>
  | ErrorActorEvent<unknown, 'pageLoader'>;

/** The states of spec §4 "List screens states", plus a failed load. */
export type ListStatus = 'loading' | 'noData' | 'noDataWithFilters' | 'dateError' | 'dataLoaded' | 'failed';

/** A file fetched for the user: the name it is saved under and its content (src: a Blob or an object URL). */
export interface DownloadedFile<TContent = unknown> {
  name: string;
  content: TContent;
}
