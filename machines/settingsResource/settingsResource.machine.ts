import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';

export interface SettingsResourceInput {
  /** The message a failed load shows, e.g. "Failed to load the call request limits." */
  loadFailed: MessageDescriptor;
}

export interface SettingsResourceContext {
  /** What the server holds (the contract's shape, typed by the card that reads it); null until loaded. */
  resource: unknown;
  error: MessageDescriptor | null;
  loadFailed: MessageDescriptor;
}

export type SettingsResourceEvent =
  /** Sent after the card's form saved: what is in effect is loaded again. */
  | { type: 'resource.reload' }
  | { type: 'user.retry' }
  | DoneActorEvent<unknown, 'resourceLoader'>
  | ErrorActorEvent<unknown, 'resourceLoader'>;

/**
 * A settings card's own resource in Account Settings (Call Request Limits, Call recordings):
 * loads what the card's form starts from (a `settingsCard` machine edits and saves it), shows a
 * failed load with Try again, and loads it again after a save.
 */
export const settingsResourceMachine = setup({
  types: {
    context: {} as SettingsResourceContext,
    events: {} as SettingsResourceEvent,
    input: {} as SettingsResourceInput,
  },
  actors: {
    /** GET the card's resource. */
    resourceLoader: fromPromise<unknown>(notProvided),
  },
  actions: {
    storeResource: assign({
      resource: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.resourceLoader');
        return event.output;
      },
      error: null,
    }),
    setFailure: assign({ error: ({ context }) => context.loadFailed }),
  },
}).createMachine({
  id: 'settingsResource',
  context: ({ input }) => ({ resource: null, error: null, loadFailed: input.loadFailed }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'resourceLoader',
        src: 'resourceLoader',
        onDone: { target: 'ready', actions: 'storeResource' },
        onError: { target: 'failed', actions: 'setFailure' },
      },
    },
    ready: {
      on: { 'resource.reload': 'loading' },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
  },
});
