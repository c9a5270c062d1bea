import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import { callLimitsMessages } from './callLimits.messages.ts';

/** The contract's CallLimits. */
export interface CallLimits {
  perWidget: number;
  perAccount: number;
}

export interface CallLimitsContext {
  limits: CallLimits | null;
  error: MessageDescriptor | null;
}

export type CallLimitsEvent =
  /** Sent after the card's form saved: the limits in effect are loaded again. */
  | { type: 'limits.reload' }
  | { type: 'user.retry' }
  | DoneActorEvent<CallLimits, 'callLimitsLoader'>
  | ErrorActorEvent<unknown, 'callLimitsLoader'>;

/**
 * Call Request Limits in Account Settings (issue 15): loads the limits the card's form starts
 * from (a `settingsCard` machine edits and saves them) and reloads them after a save.
 */
export const callLimitsMachine = setup({
  types: {
    context: {} as CallLimitsContext,
    events: {} as CallLimitsEvent,
  },
  actors: {
    /** GET /client/call-limits */
    callLimitsLoader: fromPromise<CallLimits>(notProvided),
  },
  actions: {
    storeLimits: assign({
      limits: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.callLimitsLoader');
        return event.output;
      },
      error: null,
    }),
    setFailure: assign({ error: callLimitsMessages.loadFailed }),
  },
}).createMachine({
  id: 'callLimits',
  context: { limits: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'callLimitsLoader',
        src: 'callLimitsLoader',
        onDone: { target: 'ready', actions: 'storeLimits' },
        onError: { target: 'failed', actions: 'setFailure' },
      },
    },
    ready: {
      on: { 'limits.reload': 'loading' },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
  },
});
