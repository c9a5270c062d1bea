import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { changeField, createDraft, draftBlur, draftSubmitAttempt, isDraftValid, type FormDraft, type FormEvent } from '../form/formDraft.ts';
import { toApiFailure } from '../shared/apiFailure.ts';
import { notProvided } from '../shared/notProvided.ts';
import { ga4SettingsMessages } from './ga4Settings.messages.ts';
import { ga4SettingsSchema, type Ga4FormValues } from './ga4Settings.schema.ts';
import { notConnected, type Ga4Settings, type Ga4SettingsInput } from './ga4Settings.types.ts';

export interface Ga4SettingsContext {
  /** The connection as the server last answered it; null until loaded. */
  settings: Ga4Settings | null;
  form: FormDraft<Ga4FormValues>;
  /** Why the last save failed, shown above the buttons until the next one. */
  failure: MessageDescriptor | null;
}

export type Ga4SettingsEvent =
  /** The two text fields (the switch is a choice of its own, typed, below). */
  | FormEvent<Pick<Ga4FormValues, 'measurementId' | 'apiSecret'>>
  /** "Send call outcomes". */
  | { type: 'user.toggleActive'; isActive: boolean }
  /** Try again after the settings failed to load. */
  | { type: 'user.retry' }
  /** Disconnect: opens the confirmation. */
  | { type: 'user.requestDisconnect' }
  /** "Yes, I am sure." */
  | { type: 'user.confirmDisconnect' }
  /** "Cancel", Escape or a click outside the confirmation. */
  | { type: 'user.cancelDisconnect' }
  | DoneActorEvent<Ga4Settings, 'settingsLoader'>
  | ErrorActorEvent<unknown, 'settingsLoader'>
  | DoneActorEvent<Ga4Settings, 'saveRequest'>
  | ErrorActorEvent<unknown, 'saveRequest'>
  | DoneActorEvent<void, 'disconnectRequest'>
  | ErrorActorEvent<unknown, 'disconnectRequest'>;

const schemaOf = (settings: Ga4Settings | null) => ga4SettingsSchema(settings?.configured ?? false);

/**
 * The form as a connection starts it: its measurement id, an empty secret field (the secret is
 * never answered) and its switch; sending on, for a new connection.
 */
export function draftFrom(settings: Ga4Settings | null): FormDraft<Ga4FormValues> {
  const values = { measurementId: settings?.measurementId ?? '', apiSecret: '', isActive: settings?.configured ? settings.isActive : true };
  return createDraft<Ga4FormValues>(schemaOf(settings), values);
}

/** PUT's body: the trimmed texts; an empty secret field is left out, which keeps the stored secret. */
function saveInput({ context }: { context: Ga4SettingsContext }): Ga4SettingsInput {
  const { measurementId, apiSecret, isActive } = context.form.values;
  const secret = apiSecret.trim();
  return { measurementId: measurementId.trim(), isActive, ...(secret === '' ? {} : { apiSecret: secret }) };
}

/** The notice of a save, as the server answered it: sending or paused. */
function savedNotice({ event }: { event: { output: Ga4Settings } }): { type: 'success'; message: MessageDescriptor } {
  return { type: 'success', message: event.output.isActive ? ga4SettingsMessages.savedActive : ga4SettingsMessages.savedPaused };
}

/**
 * The Google Analytics 4 section of the Integrations screen (issue 19, "Analytics events",
 * server-side): whether call outcomes go to the client's GA4 property, and the form that sets it.
 *
 * - Loads the connection; a failed load shows the error with Try again.
 * - The form starts from what is stored. The measurement id and the secret are checked as the
 *   contract does; the secret is required only while none is stored (then an empty field keeps
 *   it, and it is left out of the request).
 * - Save PUTs the draft; the answer is the connection shown and the form starts from it again
 *   (the secret field empty). A 400 says the server refused the id or the secret (none stored
 *   any more: disconnected elsewhere); any other failure says the save failed. The draft stays.
 * - Disconnect, only while connected, asks first (waiting events are dropped); confirmed, the
 *   section shows no connection and an empty form.
 * One request at a time: the form waits meanwhile.
 */
export const ga4SettingsMachine = setup({
  types: {
    context: {} as Ga4SettingsContext,
    events: {} as Ga4SettingsEvent,
  },
  actors: {
    /** GET /client/integrations/ga4. */
    settingsLoader: fromPromise<Ga4Settings>(notProvided),
    /** PUT /client/integrations/ga4: answers the connection as saved; rejects with an ApiFailure. */
    saveRequest: fromPromise<Ga4Settings, Ga4SettingsInput>(notProvided),
    /** DELETE /client/integrations/ga4. */
    disconnectRequest: fromPromise<void>(notProvided),
  },
  actions: {
    storeSettings: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.settingsLoader', 'xstate.done.actor.saveRequest']);
      return { settings: event.output, form: draftFrom(event.output), failure: null };
    }),
    storeDisconnected: assign({ settings: notConnected, form: () => draftFrom(notConnected), failure: null }),
    updateField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'user.change');
        return changeField(schemaOf(context.settings), context.form, event.field, event.value);
      },
    }),
    touchField: assign({ form: draftBlur }),
    setActive: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'user.toggleActive');
        return changeField(schemaOf(context.settings), context.form, 'isActive', event.isActive);
      },
    }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    forgetFailure: assign({ failure: null }),
    storeFailure: assign({ failure: (_, params: { message: MessageDescriptor }) => params.message }),
    /** A toast (src). */
    showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
  },
  guards: {
    canSubmit: ({ context }) => isDraftValid(context.form),
    /** Disconnect is offered only while a connection is stored. */
    isConnected: ({ context }) => context.settings?.configured === true,
    /** 400 invalid_request: the server refused the measurement id or the secret. */
    isRefused: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.saveRequest');
      return toApiFailure(event.error).status === 400;
    },
  },
}).createMachine({
  id: 'ga4Settings',
  context: { settings: null, form: draftFrom(null), failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'settingsLoader',
        src: 'settingsLoader',
        onDone: { target: 'ready', actions: 'storeSettings' },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.change': { actions: 'updateField' },
            'user.blur': { actions: 'touchField' },
            'user.toggleActive': { actions: 'setActive' },
            'user.submit': [{ guard: 'canSubmit', target: 'saving', actions: 'forgetFailure' }, { actions: 'markSubmitAttempted' }],
            'user.requestDisconnect': { guard: 'isConnected', target: 'confirmingDisconnect', actions: 'forgetFailure' },
          },
        },
        saving: {
          invoke: {
            id: 'saveRequest',
            src: 'saveRequest',
            input: saveInput,
            onDone: { target: 'editing', actions: ['storeSettings', { type: 'showNotice', params: savedNotice }] },
            onError: [
              { guard: 'isRefused', target: 'editing', actions: { type: 'storeFailure', params: { message: ga4SettingsMessages.refused } } },
              { target: 'editing', actions: { type: 'storeFailure', params: { message: ga4SettingsMessages.saveFailed } } },
            ],
          },
        },
        confirmingDisconnect: {
          on: {
            'user.confirmDisconnect': 'disconnecting',
            'user.cancelDisconnect': 'editing',
          },
        },
        disconnecting: {
          invoke: {
            id: 'disconnectRequest',
            src: 'disconnectRequest',
            onDone: { target: 'editing', actions: ['storeDisconnected', { type: 'showNotice', params: { type: 'success', message: ga4SettingsMessages.disconnected } }] },
            onError: { target: 'editing', actions: { type: 'showNotice', params: { type: 'error', message: ga4SettingsMessages.disconnectFailed } } },
          },
        },
      },
    },
  },
});
