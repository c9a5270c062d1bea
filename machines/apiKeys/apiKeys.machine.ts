import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { toApiFailure } from '../shared/apiFailure.ts';
import { notProvided } from '../shared/notProvided.ts';
import { apiKeysMessages } from './apiKeys.messages.ts';
import type { ApiKey } from './apiKeys.types.ts';

export interface ApiKeysContext {
  /** Newest first, as listed by the server. */
  keys: ApiKey[];
  /** The key whose deletion is asked for or being sent. */
  target: ApiKey | null;
}

export type ApiKeysEvent =
  /** Try again after the list failed to load. */
  | { type: 'user.retry' }
  /** A key's Delete: opens the confirmation. */
  | { type: 'user.requestDelete'; apiKey: ApiKey }
  /** "Yes, I am sure." */
  | { type: 'user.confirmDelete' }
  /** "Cancel", Escape or a click outside the confirmation. */
  | { type: 'user.cancelDelete' }
  /** The create form made one (machines/apiKeyForm; src forwards its announcement), without the key itself. */
  | { type: 'form.created'; apiKey: ApiKey }
  | DoneActorEvent<ApiKey[], 'keysLoader'>
  | ErrorActorEvent<unknown, 'keysLoader'>
  | DoneActorEvent<void, 'deleteRequest'>
  | ErrorActorEvent<unknown, 'deleteRequest'>;

function targetOf({ context }: { context: ApiKeysContext }): ApiKey {
  if (!context.target) throw new Error('deleteRequest runs only with a stored target');
  return context.target;
}

/**
 * The API keys of the Integrations screen (issue 19, "In the dashboard"): the list and each key's
 * Delete.
 *
 * - Loads the list; a failed load shows the error with Try again.
 * - Delete asks first (apps using the key stop working at once); confirming deletes it (the
 *   confirm button spins) and drops it from the list. A 404 is a key already deleted elsewhere:
 *   what the user asked for is done.
 * - A key the create form made joins the list at the top (the server lists newest first).
 */
export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
  },
  actors: {
    /** GET /client/api-keys. */
    keysLoader: fromPromise<ApiKey[]>(notProvided),
    /** DELETE /client/api-keys/{id}. */
    deleteRequest: fromPromise<void, ApiKey>(notProvided),
  },
  actions: {
    storeKeys: assign({
      keys: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.keysLoader');
        return event.output;
      },
    }),
    addKey: assign({
      keys: ({ context, event }) => {
        assertEvent(event, 'form.created');
        return [event.apiKey, ...context.keys.filter((apiKey) => apiKey.id !== event.apiKey.id)];
      },
    }),
    storeTarget: assign({
      target: ({ event }) => {
        assertEvent(event, 'user.requestDelete');
        return event.apiKey;
      },
    }),
    forgetTarget: assign({ target: null }),
    dropTarget: assign({ keys: ({ context }) => context.keys.filter((apiKey) => apiKey.id !== context.target?.id) }),
    /** A toast (src). */
    showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
  },
  guards: {
    /** 404: the key was deleted already (in another tab or window). */
    isGone: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.deleteRequest');
      return toApiFailure(event.error).status === 404;
    },
  },
}).createMachine({
  id: 'apiKeys',
  context: { keys: [], target: null },
  initial: 'loading',
  on: {
    'form.created': { actions: 'addKey' },
  },
  states: {
    loading: {
      invoke: {
        id: 'keysLoader',
        src: 'keysLoader',
        onDone: { target: 'ready', actions: 'storeKeys' },
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
            'user.requestDelete': { target: 'confirmingDelete', actions: 'storeTarget' },
          },
        },
        confirmingDelete: {
          on: {
            'user.confirmDelete': 'deleting',
            'user.cancelDelete': { target: 'idle', actions: 'forgetTarget' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteRequest',
            src: 'deleteRequest',
            input: targetOf,
            onDone: {
              target: 'idle',
              actions: ['dropTarget', 'forgetTarget', { type: 'showNotice', params: { type: 'success', message: apiKeysMessages.deleted } }],
            },
            onError: [
              // Gone already: what the user asked for is done.
              { target: 'idle', guard: 'isGone', actions: ['dropTarget', 'forgetTarget', { type: 'showNotice', params: { type: 'success', message: apiKeysMessages.deleted } }] },
              { target: 'idle', actions: ['forgetTarget', { type: 'showNotice', params: { type: 'error', message: apiKeysMessages.deleteFailed } }] },
            ],
          },
        },
      },
    },
  },
});
