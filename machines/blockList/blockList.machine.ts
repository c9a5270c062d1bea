import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import {
  createDraft,
  draftBlur,
  draftChange,
  draftSubmitAttempt,
  isDraftValid,
  type FormDraft,
  type FormEvent,
} from '../form/formDraft.ts';
import { notProvided } from '../shared/notProvided.ts';
import { blockFailedNotice, blockListMessages } from './blockList.messages.ts';
import { blockVisitorSchema, type BlockedVisitorKind, type BlockVisitorValues } from './blockList.schema.ts';

/** One entry of the block list (contract: BlockedVisitor). */
export interface BlockedVisitor {
  id: number;
  kind: BlockedVisitorKind;
  value: string;
  createdAt: string;
}

export interface BlockListContext {
  /** Newest first, as listed by the server. */
  entries: BlockedVisitor[];
  form: FormDraft<BlockVisitorValues>;
  /** The entry whose Unblock is being sent. */
  unblocking: BlockedVisitor | null;
}

export type BlockListEvent =
  | FormEvent<BlockVisitorValues>
  /** An entry's Unblock button. */
  | { type: 'user.unblock'; entry: BlockedVisitor }
  /** Try again after the list failed to load. */
  | { type: 'user.retry' }
  | DoneActorEvent<BlockedVisitor[], 'blockListLoader'>
  | ErrorActorEvent<unknown, 'blockListLoader'>
  | DoneActorEvent<BlockedVisitor, 'blockRequest'>
  | ErrorActorEvent<unknown, 'blockRequest'>
  | DoneActorEvent<void, 'unblockRequest'>
  | ErrorActorEvent<unknown, 'unblockRequest'>;

const emptyForm = (kind: BlockedVisitorKind = 'number') => createDraft<BlockVisitorValues>(blockVisitorSchema, { kind, value: '' });

/**
 * The client's block list (issue 7, "a block list per client"), a card of Account Settings: the
 * numbers and addresses whose widget call and schedule requests the server refuses.
 *
 * - Loads the list; a failed load shows the error with Try again.
 * - Block: the form (kind and value) is validated as typed; a valid submit sends `blockRequest`
 *   and, once listed, puts the entry on top (once: blocking a listed entry answers that entry),
 *   empties the value and keeps the kind. A failure keeps the draft; a full list says so.
 * - Unblock: one entry at a time; the list drops it once the server has.
 * One request at a time: the form and the Unblock buttons wait meanwhile.
 */
export const blockListMachine = setup({
  types: {
    context: {} as BlockListContext,
    events: {} as BlockListEvent,
  },
  actors: {
    /** GET /client/blocked-visitors. */
    blockListLoader: fromPromise<BlockedVisitor[]>(notProvided),
    /** POST /client/blocked-visitors with the draft. */
    blockRequest: fromPromise<BlockedVisitor, BlockVisitorValues>(notProvided),
    /** DELETE /client/blocked-visitors/{id}. */
    unblockRequest: fromPromise<void, BlockedVisitor>(notProvided),
  },
  actions: {
    storeEntries: assign({
      entries: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.blockListLoader');
        return event.output;
      },
    }),
    updateField: assign({ form: draftChange<BlockVisitorValues>(blockVisitorSchema) }),
    touchField: assign({ form: draftBlur }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    addEntry: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.blockRequest');
      const listed = event.output;
      return {
        entries: [listed, ...context.entries.filter((entry) => entry.id !== listed.id)],
        form: emptyForm(context.form.values.kind),
      };
    }),
    storeUnblocking: assign({
      unblocking: ({ event }) => {
        assertEvent(event, 'user.unblock');
        return event.entry;
      },
    }),
    dropEntry: assign(({ context }) => ({
      entries: context.entries.filter((entry) => entry.id !== context.unblocking?.id),
      unblocking: null,
    })),
    forgetUnblocking: assign({ unblocking: null }),
    /** A toast (src). */
    showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
  },
  guards: {
    canSubmit: ({ context }) => isDraftValid(context.form),
  },
}).createMachine({
  id: 'blockList',
  context: { entries: [], form: emptyForm(), unblocking: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'blockListLoader',
        src: 'blockListLoader',
        onDone: { target: 'ready', actions: 'storeEntries' },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.change': { actions: 'updateField' },
            'user.blur': { actions: 'touchField' },
            'user.submit': [{ guard: 'canSubmit', target: 'blocking' }, { actions: 'markSubmitAttempted' }],
            'user.unblock': { target: 'unblocking', actions: 'storeUnblocking' },
          },
        },
        blocking: {
          invoke: {
            id: 'blockRequest',
            src: 'blockRequest',
            input: ({ context }) => context.form.values,
            onDone: {
              target: 'idle',
              actions: ['addEntry', { type: 'showNotice', params: { type: 'success', message: blockListMessages.blocked } }],
            },
            onError: {
              target: 'idle',
              actions: { type: 'showNotice', params: ({ event }) => ({ type: 'error' as const, message: blockFailedNotice(event.error) }) },
            },
          },
        },
        unblocking: {
          invoke: {
            id: 'unblockRequest',
            src: 'unblockRequest',
            input: ({ context }) => {
              if (!context.unblocking) throw new Error('unblockRequest runs only with a stored entry');
              return context.unblocking;
            },
            onDone: {
              target: 'idle',
              actions: ['dropEntry', { type: 'showNotice', params: { type: 'success', message: blockListMessages.unblocked } }],
            },
            onError: {
              target: 'idle',
              actions: ['forgetUnblocking', { type: 'showNotice', params: { type: 'error', message: blockListMessages.unblockFailed } }],
            },
          },
        },
      },
    },
  },
});
