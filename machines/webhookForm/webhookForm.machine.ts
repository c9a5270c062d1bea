import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { isWrongCurrentPassword } from '../form/currentPassword.ts';
import { changeField, createDraft, draftBlur, draftSubmitAttempt, isDraftValid, touchField, type FormDraft, type FormEvent } from '../form/formDraft.ts';
import { toApiFailure, type ApiFailure } from '../shared/apiFailure.ts';
import { notProvided } from '../shared/notProvided.ts';
import type { WebhookEndpoint, WebhookEndpointCreated, WebhookEventType, WebhookUrlRefusal } from '../webhookEndpoints/webhookEndpoints.types.ts';
import { createFailedNotice, urlRefusalMessages, webhookFormMessages } from './webhookForm.messages.ts';
import { defaultWebhookEvents, webhookFormSchema, type WebhookFormValues } from './webhookForm.schema.ts';

/**
 * A refused creation as the `createRequest` actor rejects: the ApiFailure, and for a 400 the
 * server's `reason`, the code of the rule the address broke (contract: WebhookUrlRefusal; a
 * string, as a newer server may send one this build does not know).
 */
export interface WebhookCreateFailure extends ApiFailure {
  readonly reason?: string;
}

export interface WebhookFormContext {
  form: FormDraft<WebhookFormValues>;
  /** Why the server refused the address (400), shown at the URL field until it is changed. */
  refusal: MessageDescriptor | null;
  /** A failure of the last submit other than a refused address or password, shown above the button. */
  failure: MessageDescriptor | null;
  /** The server found the current password wrong (401 invalid_grant): said at the field until it changes. */
  passwordRefused: boolean;
  /** The endpoint just created, with its secret: held only while the secret is shown. */
  created: WebhookEndpointCreated | null;
}

export type WebhookFormEvent =
  | FormEvent<WebhookFormValues>
  /** An event's checkbox. */
  | { type: 'user.toggleEvent'; eventType: WebhookEventType; checked: boolean }
  /** The secret box's Copy button. */
  | { type: 'user.copy' }
  /** The secret box's Done: the secret is gone for good. */
  | { type: 'user.done' }
  | DoneActorEvent<WebhookEndpointCreated, 'createRequest'>
  | ErrorActorEvent<unknown, 'createRequest'>
  | DoneActorEvent<void, 'secretCopier'>
  | ErrorActorEvent<unknown, 'secretCopier'>;

const emptyForm = () => createDraft<WebhookFormValues>(webhookFormSchema, { url: '', events: [...defaultWebhookEvents], currentPassword: '' });

/** The endpoint as the list shows it: everything the server answered but the secret. */
export function withoutSecret({ secret: _secret, ...endpoint }: WebhookEndpointCreated): WebhookEndpoint {
  return endpoint;
}

function createdEndpoint({ event }: { event: { output: WebhookEndpointCreated } }): { endpoint: WebhookEndpoint } {
  return { endpoint: withoutSecret(event.output) };
}

function createInput({ context }: { context: WebhookFormContext }): WebhookFormValues {
  const { url, events, currentPassword } = context.form.values;
  return { url: url.trim(), events, currentPassword };
}

const isKnownRefusal = (reason: string | undefined): reason is WebhookUrlRefusal => reason !== undefined && Object.hasOwn(urlRefusalMessages, reason);

/**
 * What the URL field says of a refused address: the server's reason in the user's language, or a
 * general message for a reason this build does not know (never the server's English text).
 */
function refusalMessage(error: unknown): MessageDescriptor {
  const { reason } = error as WebhookCreateFailure;
  return isKnownRefusal(reason) ? urlRefusalMessages[reason] : webhookFormMessages.urlRefused;
}

function secretOf({ context }: { context: WebhookFormContext }): string {
  if (!context.created) throw new Error('secretCopier runs only while a secret is shown');
  return context.created.secret;
}

/**
 * Add a webhook endpoint (issue 19, "In the dashboard"): an address, the events it gets and the
 * current password, then its signing secret, shown once.
 *
 * - The draft is validated as typed (an address; at least one event, the call events at first;
 *   the current password, required: "sudo mode", every visitor's phone number may go there).
 * - A valid submit sends `createRequest`. A 400 is the server refusing the address (checked
 *   before the password): its reason, translated from the code the server names, shows at the
 *   URL field until the address changes. A wrong
 *   password (401 `invalid_grant`) is said at its field until it changes. Too many password
 *   checks (429), a full list (409) or any other failure shows as a notice; the draft stays.
 * - Created: the password is forgotten, the new endpoint is announced to the list
 *   (`announceCreated`, src) and the secret shown with Copy (`secretCopier`: the clipboard, src).
 *   Done forgets the secret for good (the server never answers it again) and empties the form for
 *   another endpoint.
 */
export const webhookFormMachine = setup({
  types: {
    context: {} as WebhookFormContext,
    events: {} as WebhookFormEvent,
  },
  actors: {
    /** POST /client/webhooks: the new endpoint with its secret; rejects with a WebhookCreateFailure. */
    createRequest: fromPromise<WebhookEndpointCreated, WebhookFormValues>(notProvided),
    /** Puts the secret on the clipboard. */
    secretCopier: fromPromise<void, string>(notProvided),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'user.change');
      return {
        form: changeField(webhookFormSchema, context.form, event.field, event.value),
        refusal: event.field === 'url' ? null : context.refusal,
        passwordRefused: event.field === 'currentPassword' ? false : context.passwordRefused,
      };
    }),
    touchField: assign({ form: draftBlur }),
    toggleEvent: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'user.toggleEvent');
        const others = context.form.values.events.filter((type) => type !== event.eventType);
        const events = event.checked ? [...others, event.eventType] : others;
        // A checkbox is a choice made: "at least one" shows as soon as the last is unchecked.
        return touchField(changeField(webhookFormSchema, context.form, 'events', events), 'events');
      },
    }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    forgetFailure: assign({ failure: null, passwordRefused: false }),
    storeRefusal: assign({
      refusal: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.createRequest');
        return refusalMessage(event.error);
      },
    }),
    storeFailure: assign({
      failure: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.createRequest');
        return createFailedNotice(event.error);
      },
    }),
    storePasswordRefusal: assign({ passwordRefused: true }),
    /** Holds the endpoint while its secret is shown, and lets go of the password it took: it is not needed again. */
    storeCreated: assign({
      created: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.createRequest');
        return event.output;
      },
      form: ({ context }) => changeField(webhookFormSchema, context.form, 'currentPassword', ''),
    }),
    /** Forgets the secret and starts a new, empty draft. */
    resetForm: assign({ form: () => emptyForm(), refusal: null, failure: null, passwordRefused: false, created: null }),
    /** Tells the endpoints list about the new endpoint (src sends it `form.created`). */
    announceCreated: (_, _params: { endpoint: WebhookEndpoint }) => {},
  },
  guards: {
    canSubmit: ({ context }) => isDraftValid(context.form),
    isAddressRefused: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.createRequest');
      return toApiFailure(event.error).status === 400;
    },
    /** 401 invalid_grant: the current password is wrong. */
    isPasswordWrong: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.createRequest');
      return isWrongCurrentPassword(event.error);
    },
  },
}).createMachine({
  id: 'webhookForm',
  context: { form: emptyForm(), refusal: null, failure: null, passwordRefused: false, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.change': { actions: 'updateField' },
        'user.blur': { actions: 'touchField' },
        'user.toggleEvent': { actions: 'toggleEvent' },
        'user.submit': [{ guard: 'canSubmit', target: 'creating', actions: 'forgetFailure' }, { actions: 'markSubmitAttempted' }],
      },
    },
    creating: {
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: createInput,
        onDone: { target: 'secretShown', actions: ['storeCreated', { type: 'announceCreated', params: createdEndpoint }] },
        onError: [
          { guard: 'isAddressRefused', target: 'editing', actions: 'storeRefusal' },
          { guard: 'isPasswordWrong', target: 'editing', actions: 'storePasswordRefusal' },
          { target: 'editing', actions: 'storeFailure' },
        ],
      },
    },
    secretShown: {
      initial: 'idle',
      on: {
        'user.copy': '.copying',
        'user.done': { target: 'editing', actions: 'resetForm' },
      },
      states: {
        idle: {},
        copying: {
          invoke: {
            id: 'secretCopier',
            src: 'secretCopier',
            input: secretOf,
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
