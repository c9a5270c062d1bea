import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import { blockFailedNotice, blockListMessages } from './blockList.messages.ts';
import type { BlockedVisitor } from './blockList.machine.ts';
import type { BlockVisitorValues } from './blockList.schema.ts';

export interface BlockNumberContext {
  /** The customer number being confirmed or blocked. */
  number: string | null;
}

export type BlockNumberEvent =
  /** A call's Block button: asks for confirmation first. */
  | { type: 'user.requestBlock'; number: string }
  /** "Yes, I am sure." */
  | { type: 'user.confirm' }
  /** "Cancel", Escape or a click outside the confirmation. */
  | { type: 'user.cancel' }
  | DoneActorEvent<BlockedVisitor, 'blockRequest'>
  | ErrorActorEvent<unknown, 'blockRequest'>;

/**
 * Block a caller from Calls History (issue 7, "a block list per client"): a call's Block button
 * asks "Block this number?" first; confirming puts the customer number on the block list (the
 * confirm button spins), cancelling sends nothing. Either outcome closes the confirmation with a
 * notice; the number is then listed in Account Settings, where it can be unblocked.
 */
export const blockNumberMachine = setup({
  types: {
    context: {} as BlockNumberContext,
    events: {} as BlockNumberEvent,
  },
  actors: {
    /** POST /client/blocked-visitors. */
    blockRequest: fromPromise<BlockedVisitor, BlockVisitorValues>(notProvided),
  },
  actions: {
    storeNumber: assign({
      number: ({ event }) => {
        assertEvent(event, 'user.requestBlock');
        return event.number;
      },
    }),
    forgetNumber: assign({ number: null }),
    /** A toast (src). */
    showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
  },
}).createMachine({
  id: 'blockNumber',
  context: { number: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.requestBlock': { target: 'confirming', actions: 'storeNumber' } },
    },
    confirming: {
      on: {
        'user.confirm': 'blocking',
        'user.cancel': { target: 'idle', actions: 'forgetNumber' },
      },
    },
    blocking: {
      invoke: {
        id: 'blockRequest',
        src: 'blockRequest',
        input: ({ context }) => ({ kind: 'number' as const, value: context.number ?? '' }),
        onDone: {
          target: 'idle',
          actions: ['forgetNumber', { type: 'showNotice', params: { type: 'success', message: blockListMessages.blocked } }],
        },
        onError: {
          target: 'idle',
          actions: ['forgetNumber', { type: 'showNotice', params: ({ event }) => ({ type: 'error' as const, message: blockFailedNotice(event.error) }) }],
        },
      },
    },
  },
});
