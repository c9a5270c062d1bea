import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { RegistrationRequest } from '../auth/auth.types.ts';
import {
  createDraft,
  draftBlur,
  draftChange,
  draftSubmitAttempt,
  isDraftValid,
  type FormDraft,
  type FormEvent,
} from '../form/formDraft.ts';
import { commonMessages, messageFromFailure } from '../shared/messages.ts';
import { notProvided } from '../shared/notProvided.ts';
import { emptyRegistration, registrationSchema, type RegistrationValues } from './registration.schema.ts';

export const registrationMessages = {
  sent: msg`A sign up verification email was sent to your address!`,
};

/** Where the browser goes after signing up (spec §4 Register: query `rel`). */
export type ThankYouPage = 'ty' | 'ty2' | 'main';

/** The page's query parameters and the browser's guess of the time zone. */
export interface RegistrationInput {
  rel?: string;
  /** query `src` */
  leadSource?: string;
  sscid?: string;
  timezone: string;
}

export interface RegistrationContext extends RegistrationInput {
  form: FormDraft<RegistrationValues>;
  captchaToken: string | null;
  error: MessageDescriptor | null;
}

export type RegistrationEvent =
  | FormEvent<RegistrationValues>
  | { type: 'user.cancel' }
  | DoneActorEvent<string, 'botCheck'>
  | ErrorActorEvent<unknown, 'botCheck'>
  | DoneActorEvent<void, 'accountRegistration'>
  | ErrorActorEvent<unknown, 'accountRegistration'>;

function initialContext({ input }: { input: RegistrationInput }): RegistrationContext {
  return { ...input, form: createDraft(registrationSchema, emptyRegistration), captchaToken: null, error: null };
}

/** spec §7 POST /user/register: src → leadSource, sscid → sscid; e-mail lowercased. */
export function registrationRequestOf(context: RegistrationContext): RegistrationRequest {
  const { fullname, email, phone, password } = context.form.values;
  return {
    fullname: fullname.trim(),
    email: email.trim().toLowerCase(),
    phone,
    password,
    timezone: context.timezone,
    captchaToken: context.captchaToken ?? '',
    ...(context.leadSource ? { leadSource: context.leadSource } : {}),
    ...(context.sscid ? { sscid: context.sscid } : {}),
  };
}

function accountRegistrationInput({ context }: { context: RegistrationContext }) {
  return registrationRequestOf(context);
}

/**
 * Registration (spec §2 Register, §4, §5, §8): submit only when valid and terms accepted; an
 * invisible bot check runs first, then the registration (by the auth actor); on success a toast
 * and the thank-you page chosen by `rel` (ty, ty2, else the main one), each with its own
 * conversion event.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    /** The invisible bot check; answers its token (src: local adapter or reCAPTCHA). */
    botCheck: fromPromise<string>(notProvided),
    /** Registers through the auth actor; rejects with `{ message }` (src). */
    accountRegistration: fromPromise<void, RegistrationRequest>(notProvided),
  },
  actions: {
    updateField: assign({ form: draftChange<RegistrationValues>(registrationSchema) }),
    touchField: assign({ form: draftBlur }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    clearError: assign({ error: null }),
    storeCaptchaToken: assign({
      captchaToken: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.botCheck');
        return event.output;
      },
    }),
    setUnknownError: assign({ error: commonMessages.unknownError }),
    setRegistrationError: assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.accountRegistration');
        return messageFromFailure(event.error) ?? commonMessages.unknownError;
      },
    }),
    /** Shows "A sign up verification email was sent to your address!" (src toast). */
    notifyRegistered: () => {},
    /** Sends the browser to the thank-you page (src). */
    redirectToThankYou: (_, _params: { page: ThankYouPage }) => {},
    /** Reports the sign-up conversion of that thank-you page (src). */
    trackConversion: (_, _params: { page: ThankYouPage }) => {},
    /** Cancel: back to /auth/login (src). */
    leaveRegistration: () => {},
  },
  guards: {
    isFormValid: ({ context }) => isDraftValid(context.form),
    isRelTy: ({ context }) => context.rel === 'ty',
    isRelTy2: ({ context }) => context.rel === 'ty2',
  },
}).createMachine({
  id: 'registration',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.change': { actions: ['updateField', 'clearError'] },
        'user.blur': { actions: 'touchField' },
        'user.submit': [
          { guard: 'isFormValid', target: 'checkingBot', actions: 'clearError' },
          { actions: 'markSubmitAttempted' },
        ],
        'user.cancel': { actions: 'leaveRegistration' },
      },
    },
    // spec §5: an invisible bot check runs before submission.
    checkingBot: {
      invoke: {
        id: 'botCheck',
        src: 'botCheck',
        onDone: { target: 'submitting', actions: 'storeCaptchaToken' },
        onError: { target: 'editing', actions: 'setUnknownError' },
      },
    },
    submitting: {
      invoke: {
        id: 'accountRegistration',
        src: 'accountRegistration',
        input: accountRegistrationInput,
        onDone: [
          {
            guard: 'isRelTy',
            target: 'registered',
            actions: ['notifyRegistered', { type: 'trackConversion', params: { page: 'ty' } }, { type: 'redirectToThankYou', params: { page: 'ty' } }],
          },
          {
            guard: 'isRelTy2',
            target: 'registered',
            actions: ['notifyRegistered', { type: 'trackConversion', params: { page: 'ty2' } }, { type: 'redirectToThankYou', params: { page: 'ty2' } }],
          },
          {
            target: 'registered',
            actions: ['notifyRegistered', { type: 'trackConversion', params: { page: 'main' } }, { type: 'redirectToThankYou', params: { page: 'main' } }],
          },
        ],
        onError: { target: 'editing', actions: 'setRegistrationError' },
      },
    },
    registered: {
      type: 'final',
    },
  },
});
