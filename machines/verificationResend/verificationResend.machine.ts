import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { toApiFailure } from '../shared/apiFailure.ts';
import { commonMessages } from '../shared/messages.ts';
import { notProvided } from '../shared/notProvided.ts';
import { registrationMessages } from '../registration/registration.machine.ts';

export const verificationResendMessages = {
  /** spec §8 Sign-up/auth: the verification mail could not be sent. */
  failed: msg`Failed to send verification code.`,
};

export interface VerificationResendContext {
  /** The address the link is sent to (the login form's e-mail). */
  email: string | null;
}

export type VerificationResendEvent =
  /** "Send the link again" under "Verify your e-mail address to login". */
  | { type: 'user.resend'; email: string }
  | DoneActorEvent<unknown, 'resendRequest'>
  | ErrorActorEvent<unknown, 'resendRequest'>;

/** The notice of a failed resend: the rate limit says so, anything else is spec §8's. */
export function resendFailure(error: unknown): MessageDescriptor {
  return toApiFailure(error).status === 429 ? commonMessages.tooManyAttempts : verificationResendMessages.failed;
}

/**
 * The sign-up verification link sent again from the sign-in page, after a login refused with
 * "Verify your e-mail address to login" (spec §2, §8): PUT /user/verification-email with the
 * form's address; the button spins meanwhile. Success says "A sign up verification email was
 * sent to your address!", failure "Failed to send verification code." (or that there were too
 * many attempts).
 */
export const verificationResendMachine = setup({
  types: {
    context: {} as VerificationResendContext,
    events: {} as VerificationResendEvent,
  },
  actors: {
    /** PUT /user/verification-email. */
    resendRequest: fromPromise<unknown, { email: string }>(notProvided),
  },
  actions: {
    storeEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'user.resend');
        return event.email;
      },
    }),
    /** A toast (src). */
    showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
  },
}).createMachine({
  id: 'verificationResend',
  context: { email: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.resend': { target: 'sending', actions: 'storeEmail' } },
    },
    sending: {
      invoke: {
        id: 'resendRequest',
        src: 'resendRequest',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: { target: 'idle', actions: { type: 'showNotice', params: { type: 'success', message: registrationMessages.sent } } },
        onError: {
          target: 'idle',
          actions: { type: 'showNotice', params: ({ event }) => ({ type: 'error' as const, message: resendFailure(event.error) }) },
        },
      },
    },
  },
});
