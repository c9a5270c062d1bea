import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { components } from '../../common/contract/dashboard.gen.ts';
import { isDateRangeInvalid } from '../list/list.view.ts';
import type { ListFilters } from '../list/list.types.ts';
import { notProvided } from '../shared/notProvided.ts';

export type SourceUsage = components['schemas']['SourceUsage'];
export type CallsBySource = components['schemas']['CallsBySource'];

export interface CallsBySourceContext {
  /** The Analytics screen's filters the card shows (dateFrom, dateTo, websiteId, typeId). */
  filters: ListFilters;
  sources: SourceUsage[];
  others: CallsBySource['others'];
}

export type CallsBySourceEvent =
  | { type: 'filters.changed'; filters: ListFilters }
  | { type: 'user.retry' }
  | { type: 'xstate.done.actor.sourcesLoader'; output: CallsBySource; actorId?: string }
  | { type: 'xstate.error.actor.sourcesLoader'; error: unknown; actorId?: string };

function sameFilters(a: ListFilters, b: ListFilters): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? null) === (b[key] ?? null));
}

/**
 * The Analytics screen's Calls by source card (issue 20): follows the screen's filters (the page
 * sends `filters.changed` when the list machine's filters change) and loads the sources of the
 * range with them.
 *
 * - `loading` asks `sourcesLoader`; an invalid date range goes to `hidden` at once (spec §4: no
 *   request; the screen shows its date error);
 * - the answer leads to `loaded` (sources to show) or `empty`; a failure to `failed`, which the
 *   card shows with a Retry (`user.retry`);
 * - new filters load again from any state; re-entering `loading` stops the request in flight, so
 *   an earlier answer never overwrites a newer one. The same filters again change nothing.
 */
export const callsBySourceMachine = setup({
  types: {
    context: {} as CallsBySourceContext,
    events: {} as CallsBySourceEvent,
    input: {} as { filters: ListFilters },
  },
  actors: {
    /** The sources of the filters (GET /client/analytics/sources). */
    sourcesLoader: fromPromise<CallsBySource, ListFilters>(notProvided),
  },
  actions: {
    storeFilters: assign({
      filters: ({ event }) => {
        assertEvent(event, 'filters.changed');
        return event.filters;
      },
    }),
    storeSources: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.sourcesLoader');
      return { sources: event.output.data, others: event.output.others };
    }),
    clearSources: assign({ sources: [], others: null }),
  },
  guards: {
    isDateRangeInvalid: ({ context }) => isDateRangeInvalid(context.filters),
    changesFilters: ({ context, event }) => {
      assertEvent(event, 'filters.changed');
      return !sameFilters(context.filters, event.filters);
    },
    hasSources: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.sourcesLoader');
      return event.output.data.length > 0;
    },
  },
}).createMachine({
  id: 'callsBySource',
  context: ({ input }) => ({ filters: input.filters, sources: [], others: null }),
  initial: 'loading',
  on: {
    'filters.changed': { guard: 'changesFilters', target: '.loading', reenter: true, actions: 'storeFilters' },
  },
  states: {
    loading: {
      always: { guard: 'isDateRangeInvalid', target: 'hidden' },
      invoke: {
        id: 'sourcesLoader',
        src: 'sourcesLoader',
        input: ({ context }) => context.filters,
        onDone: [
          { guard: 'hasSources', target: 'loaded', actions: 'storeSources' },
          { target: 'empty', actions: 'storeSources' },
        ],
        onError: { target: 'failed', actions: 'clearSources' },
      },
    },
    loaded: {},
    empty: {},
    failed: {
      on: { 'user.retry': 'loading' },
    },
    hidden: {
      entry: 'clearSources',
    },
  },
});

export type CallsBySourceStatus = 'loading' | 'loaded' | 'empty' | 'failed' | 'hidden';

/** The card's state, as the view renders it. */
export const callsBySourceStatus = (snapshot: { value: unknown }) => snapshot.value as CallsBySourceStatus;
