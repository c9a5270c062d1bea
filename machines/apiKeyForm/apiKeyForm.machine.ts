import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ApiKey, ApiKeyCreated, ApiKeyScope } from '../apiKeys/apiKeys.types.ts';
import { isTooManyAttempts, isWrongCurrentPassword } from '../form/currentPassword.ts';
import { changeField, createDraft, draftBlur, draftSubmitAttempt, isDraftValid, type FormDraft, type FormEvent } from '../form/formDraft.ts';
import { toApiFailure } from '../shared/apiFailure.ts';
import { commonMessages } from '../shared/messages.ts';
import { notProvided } from '../shared/notProvided.ts';
import { apiKeyFormMessages } from './apiKeyForm.messages.ts';
import { apiKeyFormSchema, DEFAULT_API_KEY_SCOPE, type ApiKeyFormValues } from './apiKeyForm.schema.ts';

export interface ApiKeyFormContext {
  form: FormDraft<ApiKeyFormValues>;
  /** Why the last submit failed (a full list, too many password checks, or anything else), shown above the button. */
  failure: MessageDescriptor | null;
  /** The server found the current password wrong (401 invalid_grant): said at the field until it changes. */
  passwordRefused: boolean;
  /** The key just created, with the key itself: held only while it is shown. */
  created: ApiKeyCreated | null;
}

export type ApiKeyFormEvent =
  /** The name and current-password fields (the scope is a choice of its own, typed, below). */
  | FormEvent<Pick<ApiKeyFormValues, 'name' | 'currentPassword'>>
  /** The scope's radio buttons. */
  | { type: 'user.chooseScope'; scope: ApiKeyScope }
  /** The key box's Copy button. */
  | { type: 'user.copy' }
  /** The key box's Done: the key is gone for good. */
  | { type: 'user.done' }
  | DoneActorEvent<ApiKeyCreated, 'createRequest'>
  | ErrorActorEvent<unknown, 'createRequest'>
  | DoneActorEvent<void, 'keyCopier'>
  | ErrorActorEvent<unknown, 'keyCopier'>;

const emptyForm = () => createDraft<ApiKeyFormValues>(apiKeyFormSchema, { name: '', scope: DEFAULT_API_KEY_SCOPE, currentPassword: '' });

/** The key as the list shows it: everything the server answered but the key itself. */
export function withoutKey({ key: _key, ...apiKey }: ApiKeyCreated): ApiKey {
  return apiKey;
}

function createdKey({ event }: { event: { output: ApiKeyCreated } }): { apiKey: ApiKey } {
  return { apiKey: withoutKey(event.output) };
}

function createInput({ context }: { context: ApiKeyFormContext }): ApiKeyFormValues {
  const { name, scope, currentPassword } = context.form.values;
  return { name: name.trim(), scope, currentPassword };
}

function keyOf({ context }: { context: ApiKeyFormContext }): string {
  if (!context.created) throw new Error('keyCopier runs only while a key is shown');
  return context.created.key;
}

/**
 * Create an API key (issue 19, "In the dashboard": "create shows the key once with a copy box"):
 * a name, a scope and the current password, then the key, shown once.
 *
 * - The draft is validated as typed (a name of 1 to 100 characters, spaces around it aside; the
 *   current password, required: "sudo mode", a key outlives a change of password); the scope is
 *   read only until the user chooses read and write.
 * - A valid submit sends `createRequest`. A wrong password (401 `invalid_grant`) is said at its
 *   field until it changes; too many password checks (429) and a full list (409 `api_keys_full`)
 *   say so; any other failure says the key was not created. The draft stays either way.
 * - Created: the password is forgotten, the new key is announced to the list without the key
 *   itself (`announceCreated`, src) and the key shown with Copy (`keyCopier`: the clipboard,
 *   src). Done forgets the key for good (the server keeps only its hash) and empties the form for
 *   another key.
 */
export const apiKeyFormMachine = setup({
  types: {
    context: {} as ApiKeyFormContext,
    events: {} as ApiKeyFormEvent,
  },
  actors: {
    /** POST /client/api-keys: the new key's row with the key; rejects with an ApiFailure. */
    createRequest: fromPromise<ApiKeyCreated, ApiKeyFormValues>(notProvided),
    /** Puts the key on the clipboard. */
    keyCopier: fromPromise<void, string>(notProvided),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'user.change');
      return {
        form: changeField(apiKeyFormSchema, context.form, event.field, event.value),
        passwordRefused: event.field === 'currentPassword' ? false : context.passwordRefused,
      };
    }),
    touchField: assign({ form: draftBlur }),
    chooseScope: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'user.chooseScope');
        return changeField(apiKeyFormSchema, context.form, 'scope', event.scope);
      },
    }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    forgetFailure: assign({ failure: null, passwordRefused: false }),
    storeFailure: assign({ failure: (_, params: { message: MessageDescriptor }) => params.message }),
    storePasswordRefusal: assign({ passwordRefused: true }),
    /** Holds the key while it is shown, and lets go of the password it took: it is not needed again. */
    storeCreated: assign({
      created: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.createRequest');
        return event.output;
      },
      form: ({ context }) => changeField(apiKeyFormSchema, context.form, 'currentPassword', ''),
    }),
    /** Forgets the key and starts a new, empty draft. */
    resetForm: assign({ form: () => emptyForm(), failure: null, passwordRefused: false, created: null }),
    /** Tells the keys list about the new key (src sends it `form.created`). */
    announceCreated: (_, _params: { apiKey: ApiKey }) => {},
  },
  guards: {
    canSubmit: ({ context }) => isDraftValid(context.form),
    /** 409 api_keys_full: the account has 20 keys. */
    hasAllKeys: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.createRequest');
      return toApiFailure(event.error).code === 'api_keys_full';
    },
    /** 401 invalid_grant: the current password is wrong. */
    isPasswordWrong: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.createRequest');
      return isWrongCurrentPassword(event.error);
    },
    /** 429 too_many_attempts: 5 checks of the password in 15 minutes, whichever form made them. */
    hasTooManyAttempts: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.createRequest');
      return isTooManyAttempts(event.error);
    },
  },
}).createMachine({
  id: 'apiKeyForm',
  context: { form: emptyForm(), failure: null, passwordRefused: false, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.change': { actions: 'updateField' },
        'user.blur': { actions: 'touchField' },
        'user.chooseScope': { actions: 'chooseScope' },
        'user.submit': [{ guard: 'canSubmit', target: 'creating', actions: 'forgetFailure' }, { actions: 'markSubmitAttempted' }],
      },
    },
    creating: {
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: createInput,
        onDone: { target: 'keyShown', actions: ['storeCreated', { type: 'announceCreated', params: createdKey }] },
        onError: [
          { guard: 'isPasswordWrong', target: 'editing', actions: 'storePasswordRefusal' },
          { guard: 'hasTooManyAttempts', target: 'editing', actions: { type: 'storeFailure', params: { message: commonMessages.tooManyAttempts } } },
          { guard: 'hasAllKeys', target: 'editing', actions: { type: 'storeFailure', params: { message: apiKeyFormMessages.keysFull } } },
          { target: 'editing', actions: { type: 'storeFailure', params: { message: apiKeyFormMessages.createFailed } } },
        ],
      },
    },
    keyShown: {
      initial: 'idle',
      on: {
        'user.copy': '.copying',
        'user.done': { target: 'editing', actions: 'resetForm' },
      },
      states: {
        idle: {},
        copying: {
          invoke: {
            id: 'keyCopier',
            src: 'keyCopier',
            input: keyOf,
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {},
        copyFailed: {},
      },
    },
  },
});
