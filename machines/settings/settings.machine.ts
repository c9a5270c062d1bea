import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import { settingsMessages } from './settings.messages.ts';

/** The part of the contract's User the settings cards edit (spec §3 User). */
export interface SettingsProfile {
  name: string;
  email: string;
  timezone: string;
  twilioNumberId: number | null;
  pendingEmail: string | null;
}

export interface SettingsContext {
  profile: SettingsProfile | null;
  error: MessageDescriptor | null;
}

export type SettingsEvent =
  /** Sent after a card saved: the profile is reloaded (spec §4 Settings). */
  | { type: 'profile.reload' }
  | { type: 'user.retry' }
  | DoneActorEvent<SettingsProfile, 'profileLoader'>
  | ErrorActorEvent<unknown, 'profileLoader'>;

/**
 * Account Settings (spec §2 Settings): loads the profile the four cards start from, and
 * reloads it after every save. Each card is a `settingsCard` machine of its own.
 */
export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
  },
  actors: {
    /** GET /user */
    profileLoader: fromPromise<SettingsProfile>(notProvided),
  },
  actions: {
    storeProfile: assign({
      profile: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.profileLoader');
        return event.output;
      },
      error: null,
    }),
    setFailure: assign({ error: settingsMessages.profileFailed }),
  },
}).createMachine({
  id: 'settings',
  context: { profile: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'profileLoader',
        src: 'profileLoader',
        onDone: { target: 'ready', actions: 'storeProfile' },
        onError: { target: 'failed', actions: 'setFailure' },
      },
    },
    ready: {
      on: { 'profile.reload': 'loading' },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
  },
});
