import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertEvent, assign, fromPromise, setup, type ErrorActorEvent, type DoneActorEvent } from 'xstate';
import {
  createDraft,
  draftBlur,
  draftChange,
  draftSubmitAttempt,
  isDraftValid,
  type FormDraft,
  type FormEvent,
} from '../form/formDraft.ts';
import { toApiFailure } from '../shared/apiFailure.ts';
import { commonMessages, notFoundMessage } from '../shared/messages.ts';
import { notProvided } from '../shared/notProvided.ts';
import { timing } from '../shared/timing.ts';
import { forgotPasswordSchema, type ForgotPasswordValues } from './forgotPassword.schema.ts';

export const forgotPasswordMessages = {
  sent: msg`We're sending an email to this address for creating a new password.`,
};

export interface ForgotPasswordContext {
  form: FormDraft<ForgotPasswordValues>;
  error: MessageDescriptor | null;
}

export type ForgotPasswordEvent =
  | FormEvent<ForgotPasswordValues>
  | DoneActorEvent<void, 'passwordResetRequest'>
  | ErrorActorEvent<unknown, 'passwordResetRequest'>;

function passwordResetRequestInput({ context }: { context: ForgotPasswordContext }) {
  return { email: context.form.values.email.trim() };
}

/**
 * Forgot password (spec §2, §4, §5, §8): submit the address; on success show "We're sending an
 * email…" and go to /auth after 3 s; on failure show the not-found message with the e-mail (or,
 * when rate-limited, "Too many attempts") and enable the submit again.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    /** PUT /user/password-reset */
    passwordResetRequest: fromPromise<void, { email: string }>(notProvided),
  },
  actions: {
    updateField: assign({ form: draftChange<ForgotPasswordValues>(forgotPasswordSchema) }),
    touchField: assign({ form: draftBlur }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    clearError: assign({ error: null }),
    setNotFoundError: assign({ error: ({ context }) => notFoundMessage(context.form.values.email.trim()) }),
    setTooManyAttemptsError: assign({ error: commonMessages.tooManyAttempts }),
    /** Replaces the route with /auth (src). */
    redirectToAuth: () => {},
  },
  guards: {
    isFormValid: ({ context }) => isDraftValid(context.form),
    /** 429: the server's limit on reset mails for this address or from this client address. */
    isThrottled: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.passwordResetRequest');
      return toApiFailure(event.error).status === 429;
    },
  },
  delays: {
    redirectDelay: timing.redirect,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { form: createDraft(forgotPasswordSchema, { email: '' }), error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.change': { actions: ['updateField', 'clearError'] },
        'user.blur': { actions: 'touchField' },
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearError' },
          { actions: 'markSubmitAttempted' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'passwordResetRequest',
        src: 'passwordResetRequest',
        input: passwordResetRequestInput,
        onDone: { target: 'sent' },
        onError: [
          { guard: 'isThrottled', target: 'editing', actions: 'setTooManyAttemptsError' },
          { target: 'editing', actions: 'setNotFoundError' },
        ],
      },
    },
    sent: {
      after: { redirectDelay: 'redirected' },
    },
    redirected: {
      type: 'final',
      entry: 'redirectToAuth',
    },
  },
});
