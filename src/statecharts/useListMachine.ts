import { useEffect } from 'react';
import type { ListMachine } from '../../machines/list/list.machine.ts';
import type { ListFilters, ListView } from '../../machines/list/list.types.ts';
import { searchFromView, viewFromSearch, type ListSearch } from '../../machines/list/list.view.ts';
import { useInspectedActorRef } from './useInspectedActorRef.ts';

export interface UseListMachineOptions<TFilters extends ListFilters, TRow, TSummary = undefined> {
  /** The screen's list machine with its loader and notices provided. */
  machine: ListMachine<TFilters, TRow, TSummary>;
  /** The screen's defaults (spec §9); keep the object stable between renders. */
  defaults: ListView<TFilters>;
  /** The route's validated search. */
  search: ListSearch<TFilters>;
  /** Replaces the route's search (the router, with replace: true). */
  onSearchChange: (search: ListSearch<TFilters>) => void;
}

/**
 * Runs a list screen's machine with the URL as the place its view lives (STYLE.md: filters and
 * page in the URL). The machine writes its view with `syncUrl`; a URL that changes from outside
 * (back, forward, a pasted link) goes to the machine as `url.changed`, which it ignores when it
 * names the view it already shows.
 */
export function useListMachine<TFilters extends ListFilters, TRow, TSummary = undefined>({ machine, defaults, search, onSearchChange }: UseListMachineOptions<TFilters, TRow, TSummary>) {
  // @xstate/react hands the latest render's implementations to the running actor, so syncUrl
  // always writes through the current router callback.
  const actor = useInspectedActorRef(
    machine.provide({
      actions: {
        syncUrl: ({ context }) => onSearchChange(searchFromView(context.view, context.defaults)),
      },
    }),
    { input: { view: viewFromSearch(search, defaults), defaults } },
  );

  useEffect(() => {
    actor.send({ type: 'url.changed', view: viewFromSearch(search, defaults) });
  }, [actor, search, defaults]);

  return actor;
}
