import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import { gettingStartedMessages } from './gettingStarted.steps.ts';
import type { GettingStarted } from './gettingStarted.types.ts';

export interface GettingStartedContext {
  /** The checklist as the server last answered it; null until then. */
  status: GettingStarted | null;
}

export type GettingStartedEvent =
  /** The checklist's dismiss button. */
  | { type: 'user.dismiss' }
  /** The user menu's "Getting started": bring it back, even for an account past its first call. */
  | { type: 'user.reopen' }
  | DoneActorEvent<GettingStarted, 'statusLoader'>
  | ErrorActorEvent<unknown, 'statusLoader'>
  | DoneActorEvent<GettingStarted, 'dismissRequest'>
  | ErrorActorEvent<unknown, 'dismissRequest'>
  | DoneActorEvent<GettingStarted, 'reopenRequest'>
  | ErrorActorEvent<unknown, 'reopenRequest'>;

/**
 * Issue 21, Getting started on Analytics: the set-up checklist of an account that has not yet had
 * a connected call. Its state comes from the server (GET /client/getting-started); it shows only
 * once known, so an established account's screen never makes room for it. Dismissing hides it at
 * once and tells the server (PUT dismissed: true; back with a notice if that fails); the user
 * menu's "Getting started" brings it back (PUT dismissed: false), whatever it was doing.
 * A failed load shows nothing: the checklist is a help, not the screen.
 */
export const gettingStartedMachine = setup({
  types: {
    context: {} as GettingStartedContext,
    events: {} as GettingStartedEvent,
  },
  actors: {
    /** GET /client/getting-started. */
    statusLoader: fromPromise<GettingStarted>(notProvided),
    /** PUT /client/getting-started { dismissed: true }. */
    dismissRequest: fromPromise<GettingStarted>(notProvided),
    /** PUT /client/getting-started { dismissed: false }. */
    reopenRequest: fromPromise<GettingStarted>(notProvided),
  },
  actions: {
    storeStatus: assign({
      status: ({ event }) => {
        assertEvent(event, ['xstate.done.actor.statusLoader', 'xstate.done.actor.dismissRequest', 'xstate.done.actor.reopenRequest']);
        return event.output;
      },
    }),
    /** A toast (implemented in src/: the app's toaster). */
    showNotice: (_, _params: { type: 'error'; message: MessageDescriptor }) => {},
  },
  guards: {
    /** Shown unless put away, or the account has had a connected call that was not a test (issue 21). */
    isToShow: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.statusLoader');
      return !event.output.dismissed && !event.output.completed;
    },
  },
}).createMachine({
  id: 'gettingStarted',
  context: { status: null },
  initial: 'loading',
  on: {
    'user.reopen': '.reopening',
  },
  states: {
    loading: {
      invoke: {
        id: 'statusLoader',
        src: 'statusLoader',
        onDone: [
          { guard: 'isToShow', target: 'shown', actions: 'storeStatus' },
          { target: 'hidden', actions: 'storeStatus' },
        ],
        onError: 'unavailable',
      },
    },
    shown: {
      on: {
        'user.dismiss': 'dismissing',
        // Already there: nothing to bring back.
        'user.reopen': {},
      },
    },
    dismissing: {
      invoke: {
        id: 'dismissRequest',
        src: 'dismissRequest',
        onDone: { target: 'hidden', actions: 'storeStatus' },
        onError: { target: 'shown', actions: { type: 'showNotice', params: { type: 'error', message: gettingStartedMessages.dismissFailed } } },
      },
    },
    reopening: {
      invoke: {
        id: 'reopenRequest',
        src: 'reopenRequest',
        onDone: { target: 'shown', actions: 'storeStatus' },
        onError: { target: 'hidden', actions: { type: 'showNotice', params: { type: 'error', message: gettingStartedMessages.reopenFailed } } },
      },
    },
    hidden: {},
    unavailable: {},
  },
});
