import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import type { ListContext, ListEvent, ListFilters, ListInput, ListPage, ListView } from './list.types.ts';
import { hasActiveFilters, isDateRangeInvalid, isSameView, pageCountOf, withFilter } from './list.view.ts';

/** Writes the URL has not echoed yet are few: a late echo trails the latest write by one or two. */
const MAX_PENDING_URL_WRITES = 10;

function initialContext<TFilters extends ListFilters, TRow, TSummary>({ input }: { input: ListInput<TFilters> }): ListContext<TFilters, TRow, TSummary> {
  return { view: input.view, defaults: input.defaults, rows: [], count: 0, summary: undefined, urlWrites: [] };
}

function pageLoaderInput<TFilters extends ListFilters>({ context }: { context: { view: ListView<TFilters> } }): ListView<TFilters> {
  return context.view;
}

/**
 * The statechart of every list screen (spec §4 "List screens states"; ARCHITECTURE.md,
 * "Screens"): calls, upcoming calls, payments, analytics, widgets, agents.
 *
 * - `loading` asks `pageLoader` for the view's page — unless Date from is later than Date to:
 *   then it goes straight to `dateError` and the loader is never started (no request);
 * - the answer leads to `dataLoaded`, `noDataWithFilters` (a filter differs from the screen's
 *   defaults) or `noData`; a page past the last one moves to the last page;
 * - a filter, page or rows-per-page change, a new URL or `data.changed` loads again from any
 *   state. Re-entering `loading` stops the request in flight, so the answer of an earlier
 *   view is dropped and never overwrites a newer one;
 * - `syncUrl` writes the view into the URL (src: router, `replace: true`); `url.changed` brings
 *   back, forward and pasted links in. The URL's echo of the machine's own writes is ignored,
 *   even when it arrives after a newer write (it would otherwise load the older view again),
 *   and so is a URL that describes the current view.
 *
 * The screen provides `pageLoader`, `syncUrl` and `notifyLoadFailed` ("Failed to get …").
 * Typed per screen by its filters, rows and the answer's summary (if any); `listMachine` is the
 * untyped instance.
 */
export function createListMachine<TFilters extends ListFilters = ListFilters, TRow = unknown, TSummary = undefined>() {
  return setup({
    types: {
      context: {} as ListContext<TFilters, TRow, TSummary>,
      events: {} as ListEvent<TFilters, TRow, TSummary>,
      input: {} as ListInput<TFilters>,
    },
    actors: {
      /** One page of rows for a view (the screen's GET with its filters and paging). */
      pageLoader: fromPromise<ListPage<TRow, TSummary>, ListView<TFilters>>(notProvided),
    },
    actions: {
      storeFilter: assign({
        view: ({ context, event }) => {
          assertEvent(event, 'user.changeFilter');
          return withFilter(context.view, event.field, event.value);
        },
      }),
      storePage: assign({
        view: ({ context, event }) => {
          assertEvent(event, 'user.changePage');
          return { ...context.view, page: event.page };
        },
      }),
      storePerPage: assign({
        view: ({ context, event }) => {
          assertEvent(event, 'user.changePerPage');
          return { ...context.view, perPage: event.perPage, page: 1 };
        },
      }),
      storeView: assign({
        view: ({ event }) => {
          assertEvent(event, 'url.changed');
          return event.view;
        },
      }),
      storeResult: assign(({ event }) => {
        assertEvent(event, 'xstate.done.actor.pageLoader');
        return { rows: event.output.rows, count: event.output.count, summary: event.output.summary };
      }),
      moveToLastPage: assign({
        view: ({ context, event }) => {
          assertEvent(event, 'xstate.done.actor.pageLoader');
          return { ...context.view, page: pageCountOf(event.output.count, context.view.perPage) };
        },
      }),
      clearResult: assign({ rows: [], count: 0, summary: undefined }),
      rememberUrlWrite: assign({
        urlWrites: ({ context }) => [...context.urlWrites, context.view].slice(-MAX_PENDING_URL_WRITES),
      }),
      forgetEchoedUrlWrites: assign({
        urlWrites: ({ context, event }) => {
          assertEvent(event, 'url.changed');
          const echoed = context.urlWrites.findIndex((view) => isSameView(view, event.view));
          return context.urlWrites.slice(echoed + 1);
        },
      }),
      clearUrlWrites: assign({ urlWrites: [] }),
      /** Writes the view into the URL's search (src: the router, replace: true). */
      syncUrl: () => {},
      /** The screen's "Failed to get …" notice (spec §8). */
      notifyLoadFailed: () => {},
    },
    guards: {
      isDateRangeInvalid: ({ context }) => isDateRangeInvalid(context.view.filters),
      changesFilter: ({ context, event }) => {
        assertEvent(event, 'user.changeFilter');
        return (context.view.filters[event.field] ?? null) !== event.value;
      },
      changesPage: ({ context, event }) => {
        assertEvent(event, 'user.changePage');
        return event.page !== context.view.page && event.page >= 1;
      },
      changesPerPage: ({ context, event }) => {
        assertEvent(event, 'user.changePerPage');
        return event.perPage !== context.view.perPage && event.perPage >= 1;
      },
      isUrlEcho: ({ context, event }) => {
        assertEvent(event, 'url.changed');
        return context.urlWrites.some((view) => isSameView(view, event.view));
      },
      isNewView: ({ context, event }) => {
        assertEvent(event, 'url.changed');
        return !isSameView(context.view, event.view);
      },
      isPastLastPage: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.pageLoader');
        const { rows, count } = event.output;
        return rows.length === 0 && context.view.page > pageCountOf(count, context.view.perPage);
      },
      hasRows: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.pageLoader');
        return event.output.rows.length > 0;
      },
      hasActiveFilters: ({ context }) => hasActiveFilters(context.view, context.defaults),
    },
  }).createMachine({
    id: 'list',
    context: initialContext,
    initial: 'loading',
    on: {
      'user.changeFilter': {
        guard: 'changesFilter',
        target: '.loading',
        reenter: true,
        actions: ['storeFilter', 'rememberUrlWrite', 'syncUrl'],
      },
      'user.changePage': { guard: 'changesPage', target: '.loading', reenter: true, actions: ['storePage', 'rememberUrlWrite', 'syncUrl'] },
      'user.changePerPage': {
        guard: 'changesPerPage',
        target: '.loading',
        reenter: true,
        actions: ['storePerPage', 'rememberUrlWrite', 'syncUrl'],
      },
      'url.changed': [
        { guard: 'isUrlEcho', actions: 'forgetEchoedUrlWrites' },
        { guard: 'isNewView', target: '.loading', reenter: true, actions: ['storeView', 'clearUrlWrites'] },
      ],
      'data.changed': { target: '.loading', reenter: true },
    },
    states: {
      loading: {
        // spec §4: an invalid range makes no request. Leaving in the same step means the
        // invoked loader is never started.
        always: { guard: 'isDateRangeInvalid', target: 'dateError' },
        invoke: {
          id: 'pageLoader',
          src: 'pageLoader',
          input: pageLoaderInput,
          onDone: [
            { guard: 'isPastLastPage', target: 'loading', reenter: true, actions: ['moveToLastPage', 'rememberUrlWrite', 'syncUrl'] },
            { guard: 'hasRows', target: 'dataLoaded', actions: 'storeResult' },
            { guard: 'hasActiveFilters', target: 'noDataWithFilters', actions: 'storeResult' },
            { target: 'noData', actions: 'storeResult' },
          ],
          onError: { target: 'failed', actions: 'notifyLoadFailed' },
        },
      },
      dateError: {
        entry: 'clearResult',
      },
      noData: {},
      noDataWithFilters: {},
      dataLoaded: {},
      failed: {
        on: { 'user.retry': 'loading' },
      },
    },
  });
}

/** The list machine without screen types (visualizer, generic tests). */
export const listMachine = createListMachine();

export type ListMachine<TFilters extends ListFilters = ListFilters, TRow = unknown, TSummary = undefined> = ReturnType<typeof createListMachine<TFilters, TRow, TSummary>>;
