import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import {
  createDraft,
  draftBlur,
  draftChange,
  draftSubmitAttempt,
  isDraftValid,
  type FormDraft,
  type FormEvent,
} from '../form/formDraft.ts';
import { notFoundMessage } from '../shared/messages.ts';
import { notProvided } from '../shared/notProvided.ts';
import { timing } from '../shared/timing.ts';
import { resetPasswordSchema, type ResetPasswordValues } from './resetPassword.schema.ts';

export const resetPasswordMessages = {
  reset: msg`Your account has been successfully reset.`,
  /** What was not found when the reset fails: the link's code. */
  resetLink: msg`password reset link`,
};

export interface ResetPasswordContext {
  verificationCode: string;
  form: FormDraft<ResetPasswordValues>;
  error: MessageDescriptor | null;
}

export type ResetPasswordEvent =
  | FormEvent<ResetPasswordValues>
  | DoneActorEvent<void, 'passwordReset'>
  | ErrorActorEvent<unknown, 'passwordReset'>;

function initialContext({ input }: { input: { verificationCode: string } }): ResetPasswordContext {
  return {
    verificationCode: input.verificationCode,
    form: createDraft(resetPasswordSchema, { password: '', confirmPassword: '' }),
    error: null,
  };
}

function passwordResetInput({ context }: { context: ResetPasswordContext }) {
  return { verificationCode: context.verificationCode, password: context.form.values.password };
}

/**
 * New password at /reset/{verificationCode} (spec §2, §4, §5, §8): on success "Your account has
 * been successfully reset." then /auth after 3 s; a failure shows the not-found message.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { verificationCode: string },
  },
  actors: {
    /** POST /user/password-reset/{verificationCode} */
    passwordReset: fromPromise<void, { verificationCode: string; password: string }>(notProvided),
  },
  actions: {
    updateField: assign({ form: draftChange<ResetPasswordValues>(resetPasswordSchema) }),
    touchField: assign({ form: draftBlur }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    clearError: assign({ error: null }),
    setNotFoundError: assign({ error: notFoundMessage(resetPasswordMessages.resetLink) }),
    /** Replaces the route with /auth (src). */
    redirectToAuth: () => {},
  },
  guards: {
    isFormValid: ({ context }) => isDraftValid(context.form),
  },
  delays: {
    redirectDelay: timing.redirect,
  },
}).createMachine({
  id: 'resetPassword',
  context: initialContext,
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
        id: 'passwordReset',
        src: 'passwordReset',
        input: passwordResetInput,
        onDone: { target: 'reset' },
        onError: { target: 'editing', actions: 'setNotFoundError' },
      },
    },
    reset: {
      after: { redirectDelay: 'redirected' },
    },
    redirected: {
      type: 'final',
      entry: 'redirectToAuth',
    },
  },
});
