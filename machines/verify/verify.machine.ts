import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import { timing } from '../shared/timing.ts';

/** The kind of e-mail being verified (spec §2 Verify: query parameter `type`). */
export type VerificationType = 'account' | 'change-email';

export interface VerifyInput {
  verificationCode: string;
  type: VerificationType;
}

export interface VerifyContext extends VerifyInput {
  name: string | null;
  error: MessageDescriptor | null;
}

export type VerifyEvent = DoneActorEvent<{ name: string }, 'emailVerification'> | ErrorActorEvent<unknown, 'emailVerification'>;

export const verifyMessages = {
  invalidCode: msg`Invalid or expired verification code.`,
};

function initialContext({ input }: { input: VerifyInput }): VerifyContext {
  return { ...input, name: null, error: null };
}

function emailVerificationInput({ context }: { context: VerifyContext }): VerifyInput {
  return { verificationCode: context.verificationCode, type: context.type };
}

/**
 * Verify page /verify/{verificationCode}?type=account|change-email (spec §2 Verify): a spinner,
 * then the verified name; for the account type the user is reloaded. After 3 s the route is
 * replaced with /auth/login whether or not it succeeded.
 */
export const verifyMachine = setup({
  types: {
    context: {} as VerifyContext,
    events: {} as VerifyEvent,
    input: {} as VerifyInput,
  },
  actors: {
    /** POST /user/verify-email/{token} or /user/change-email/verify/{token} */
    emailVerification: fromPromise<{ name: string }, VerifyInput>(notProvided),
  },
  actions: {
    storeName: assign({
      name: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.emailVerification');
        return event.output.name;
      },
    }),
    setError: assign({ error: verifyMessages.invalidCode }),
    /** Asks the auth actor to reload the user (src). */
    reloadUser: () => {},
    /** Replaces the route with /auth/login (src). */
    redirectToLogin: () => {},
  },
  guards: {
    isAccountVerification: ({ context }) => context.type === 'account',
  },
  delays: {
    redirectDelay: timing.redirect,
  },
}).createMachine({
  id: 'verify',
  context: initialContext,
  initial: 'verifying',
  states: {
    verifying: {
      invoke: {
        id: 'emailVerification',
        src: 'emailVerification',
        input: emailVerificationInput,
        onDone: [
          { guard: 'isAccountVerification', target: 'verified', actions: ['storeName', 'reloadUser'] },
          { target: 'verified', actions: 'storeName' },
        ],
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    verified: {
      after: { redirectDelay: 'redirected' },
    },
    failed: {
      after: { redirectDelay: 'redirected' },
    },
    redirected: {
      type: 'final',
      entry: 'redirectToLogin',
    },
  },
});
