import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import { timing } from '../shared/timing.ts';
import type { StartupAgent, StartupContext, StartupEvent, StartupMetadata, StartupWebsite, StartupWidget } from './startup.types.ts';

export const startupMessages = {
  failed: msg`Failed to start application`,
  /** spec §8: the metadata fetch failed (at startup, or when refreshing the stored copy). */
  metadataFailed: msg`Failed to get metadata.`,
  /** spec §8: a refresh after a toolbox change that fails keeps the app and the old rows. */
  widgetsFailed: msg`Failed to get widgets.`,
  websitesFailed: msg`Failed to get websites.`,
  agentsFailed: msg`Failed to get agents.`,
};

const emptyContext: StartupContext = { metadata: null, widgets: [], websites: [], agents: [], error: null };

/**
 * Application startup of a signed-in session (spec §2 Shell): metadata, widgets, websites and
 * agents are fetched in sequence; any failure shows "Failed to start application" with a retry.
 * Metadata is persisted locally (spec §4): when a stored copy exists, startup goes on with it at
 * once and fetches the current metadata beside the sequence, storing it when it comes (a failed
 * refresh keeps the stored copy and says "Failed to get metadata.").
 * The initial splash screen is hidden 3 s after the session starts at the latest (spec §2), and
 * as soon as startup has settled (loaded, or failed with its message and retry) when that comes
 * first: a splash over a screen that is ready only delays it.
 *
 * Once ready, `toolbox.changed` (sent after a widget or agent is saved, toggled or deleted)
 * fetches widgets, websites and agents again in the same order, inside `ready`: the shell stays
 * usable (no loader, no splash). A failed refresh keeps the rows it had (each list is replaced
 * only by a successful answer) and shows the list's "Failed to get …" notice (spec §8); a
 * second change while refreshing starts over, so the last change is always reflected.
 */
export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    events: {} as StartupEvent,
  },
  actors: {
    /** GET /client/meta */
    metadataLoader: fromPromise<StartupMetadata>(notProvided),
    /** The metadata stored locally by an earlier startup (src: local storage), or null. */
    storedMetadataReader: fromPromise<StartupMetadata | null>(notProvided),
    /** GET /client/widgets */
    widgetsLoader: fromPromise<StartupWidget[]>(notProvided),
    /** GET /client/websites */
    websitesLoader: fromPromise<StartupWebsite[]>(notProvided),
    /** GET /client/agents */
    agentsLoader: fromPromise<StartupAgent[]>(notProvided),
  },
  actions: {
    storeMetadata: assign({
      metadata: ({ event }) => {
        assertEvent(event, ['xstate.done.actor.metadataLoader', 'xstate.done.actor.metadataRefresher']);
        return event.output;
      },
    }),
    storeRestoredMetadata: assign({
      metadata: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.storedMetadataReader');
        return event.output;
      },
    }),
    /** Keeps the metadata just stored locally for the next startup (src: local storage; reads `context.metadata`). */
    persistMetadata: () => {},
    announceMetadataRestored: raise({ type: 'startup.metadataRestored' }),
    storeWidgets: assign({
      widgets: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.widgetsLoader');
        return event.output;
      },
    }),
    storeWebsites: assign({
      websites: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.websitesLoader');
        return event.output;
      },
    }),
    storeAgents: assign({
      agents: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.agentsLoader');
        return event.output;
      },
    }),
    setFailure: assign({ error: startupMessages.failed }),
    clearFailure: assign({ error: null }),
    resetData: assign(emptyContext),
    /** Tells the splash region that the data region has an answer to show. */
    announceSettled: raise({ type: 'startup.settled' }),
    /** The "Failed to get …" notice of a failed fetch: startup's metadata, a refresh's lists (src: a toast). */
    notifyFetchFailed: (_, _params: { message: MessageDescriptor }) => {},
  },
  guards: {
    hasStoredMetadata: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.storedMetadataReader');
      return event.output !== null;
    },
  },
  delays: {
    splashDuration: timing.splash,
  },
}).createMachine({
  id: 'startup',
  context: emptyContext,
  initial: 'idle',
  states: {
    idle: {
      on: { 'auth.signedIn': 'running' },
    },
    running: {
      type: 'parallel',
      on: { 'auth.signedOut': { target: 'idle', actions: 'resetData' } },
      states: {
        data: {
          initial: 'restoringMetadata',
          states: {
            restoringMetadata: {
              invoke: {
                id: 'storedMetadataReader',
                src: 'storedMetadataReader',
                onDone: [
                  { guard: 'hasStoredMetadata', target: 'loadingWidgets', actions: ['storeRestoredMetadata', 'announceMetadataRestored'] },
                  { target: 'loadingMetadata' },
                ],
                onError: { target: 'loadingMetadata' },
              },
            },
            loadingMetadata: {
              invoke: {
                id: 'metadataLoader',
                src: 'metadataLoader',
                onDone: { target: 'loadingWidgets', actions: ['storeMetadata', 'persistMetadata'] },
                onError: {
                  target: 'failed',
                  actions: ['setFailure', { type: 'notifyFetchFailed', params: { message: startupMessages.metadataFailed } }],
                },
              },
            },
            loadingWidgets: {
              invoke: {
                id: 'widgetsLoader',
                src: 'widgetsLoader',
                onDone: { target: 'loadingWebsites', actions: 'storeWidgets' },
                onError: { target: 'failed', actions: 'setFailure' },
              },
            },
            loadingWebsites: {
              invoke: {
                id: 'websitesLoader',
                src: 'websitesLoader',
                onDone: { target: 'loadingAgents', actions: 'storeWebsites' },
                onError: { target: 'failed', actions: 'setFailure' },
              },
            },
            loadingAgents: {
              invoke: {
                id: 'agentsLoader',
                src: 'agentsLoader',
                onDone: { target: 'ready', actions: 'storeAgents' },
                onError: { target: 'failed', actions: 'setFailure' },
              },
            },
            ready: {
              entry: 'announceSettled',
              initial: 'current',
              on: { 'toolbox.changed': { target: '.refreshingWidgets', reenter: true } },
              states: {
                current: {},
                refreshingWidgets: {
                  invoke: {
                    id: 'widgetsLoader',
                    src: 'widgetsLoader',
                    onDone: { target: 'refreshingWebsites', actions: 'storeWidgets' },
                    onError: { target: 'current', actions: { type: 'notifyFetchFailed', params: { message: startupMessages.widgetsFailed } } },
                  },
                },
                refreshingWebsites: {
                  invoke: {
                    id: 'websitesLoader',
                    src: 'websitesLoader',
                    onDone: { target: 'refreshingAgents', actions: 'storeWebsites' },
                    onError: { target: 'current', actions: { type: 'notifyFetchFailed', params: { message: startupMessages.websitesFailed } } },
                  },
                },
                refreshingAgents: {
                  invoke: {
                    id: 'agentsLoader',
                    src: 'agentsLoader',
                    onDone: { target: 'current', actions: 'storeAgents' },
                    onError: { target: 'current', actions: { type: 'notifyFetchFailed', params: { message: startupMessages.agentsFailed } } },
                  },
                },
              },
            },
            failed: {
              entry: 'announceSettled',
              on: { 'user.retry': { target: 'loadingMetadata', actions: 'clearFailure' } },
            },
          },
        },
        // The stored metadata's refresh, beside the startup sequence (spec §4: persisted locally).
        metadata: {
          initial: 'current',
          states: {
            current: {
              on: { 'startup.metadataRestored': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'metadataRefresher',
                src: 'metadataLoader',
                onDone: { target: 'current', actions: ['storeMetadata', 'persistMetadata'] },
                onError: { target: 'current', actions: { type: 'notifyFetchFailed', params: { message: startupMessages.metadataFailed } } },
              },
            },
          },
        },
        splash: {
          initial: 'visible',
          states: {
            visible: {
              after: { splashDuration: 'hidden' },
              on: { 'startup.settled': 'hidden' },
            },
            hidden: {},
          },
        },
      },
    },
  },
});

export type StartupMachine = typeof startupMachine;
