import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import { callDestinationsMessages } from './callDestinations.messages.ts';

/** contract: CallDestinations. */
export interface CallDestinations {
  /** ISO 3166-1 alpha-2 codes, alphabetical. */
  countries: string[];
  /** The account's own country (from its phone number). */
  homeCountry: string;
}

export interface CallDestinationsContext {
  /** What the server holds; null until loaded. */
  saved: CallDestinations | null;
  /** The countries ticked in the card, alphabetical. */
  selected: string[];
}

export type CallDestinationsEvent =
  /** A country ticked or unticked. */
  | { type: 'user.toggle'; country: string }
  | { type: 'user.save' }
  /** Back to what the server holds. */
  | { type: 'user.reset' }
  /** Try again after the load failed. */
  | { type: 'user.retry' }
  | DoneActorEvent<CallDestinations, 'callDestinationsLoader'>
  | ErrorActorEvent<unknown, 'callDestinationsLoader'>
  | DoneActorEvent<CallDestinations, 'callDestinationsSaver'>
  | ErrorActorEvent<unknown, 'callDestinationsSaver'>;

const sameCountries = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((code, i) => code === b[i]);

/**
 * The Call Destinations card of Account Settings (issue 15): the countries whose numbers the
 * widgets call (the server refuses the others; by default the client's own country).
 *
 * - Loads them; a failed load shows the error with Try again.
 * - Ticking a country adds it, unticking removes it; Save sends the selection when it differs
 *   from what is saved and holds at least one country (the server refuses an empty list), then
 *   shows what the server answered. A failure keeps the selection. Reset goes back to the saved
 *   countries. Nothing changes while a save is sent.
 */
export const callDestinationsMachine = setup({
  types: {
    context: {} as CallDestinationsContext,
    events: {} as CallDestinationsEvent,
  },
  actors: {
    /** GET /client/call-destinations. */
    callDestinationsLoader: fromPromise<CallDestinations>(notProvided),
    /** PUT /client/call-destinations with the selection. */
    callDestinationsSaver: fromPromise<CallDestinations, string[]>(notProvided),
  },
  actions: {
    storeSaved: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.callDestinationsLoader', 'xstate.done.actor.callDestinationsSaver']);
      return { saved: event.output, selected: [...event.output.countries].sort() };
    }),
    toggle: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'user.toggle');
        const without = context.selected.filter((code) => code !== event.country);
        return without.length < context.selected.length ? without : [...context.selected, event.country].sort();
      },
    }),
    reset: assign({ selected: ({ context }) => [...(context.saved?.countries ?? [])].sort() }),
    /** A toast (src). */
    showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
  },
  guards: {
    canSave: ({ context }) => context.selected.length > 0 && !sameCountries(context.selected, context.saved?.countries ?? []),
  },
}).createMachine({
  id: 'callDestinations',
  context: { saved: null, selected: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'callDestinationsLoader',
        src: 'callDestinationsLoader',
        onDone: { target: 'ready', actions: 'storeSaved' },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: {
        'user.toggle': { actions: 'toggle' },
        'user.reset': { actions: 'reset' },
        'user.save': { guard: 'canSave', target: 'saving' },
      },
    },
    saving: {
      invoke: {
        id: 'callDestinationsSaver',
        src: 'callDestinationsSaver',
        input: ({ context }) => context.selected,
        onDone: {
          target: 'ready',
          actions: ['storeSaved', { type: 'showNotice', params: { type: 'success', message: callDestinationsMessages.saved } }],
        },
        onError: {
          target: 'ready',
          actions: { type: 'showNotice', params: { type: 'error', message: callDestinationsMessages.saveFailed } },
        },
      },
    },
  },
});
