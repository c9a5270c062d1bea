import type { MessageDescriptor } from '@lingui/core';
import type { AnyRouter } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import type { RegistrationRequest } from '../../../machines/auth/auth.types.ts';
import { registrationMachine, registrationMessages } from '../../../machines/registration/registration.machine.ts';
import { commonMessages } from '../../../machines/shared/messages.ts';
import type { AuthActor } from '../../session/rootActors.ts';
import { notify } from '../../lib/toaster.ts';
import { SIGN_UP_CONVERSION_EVENT } from '../../lib/analytics.ts';
import { runBotCheck } from './botCheck.ts';

/**
 * Registers through the auth actor, which owns the request and its messages (spec §8), and
 * settles with the outcome it emits; rejects with `{ message }` as the machine expects.
 */
export function registerThroughAuth(auth: AuthActor, registration: RegistrationRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const event = { type: 'user.register' as const, registration };
    if (!auth.getSnapshot().can(event)) {
      reject({ message: commonMessages.unknownError });
      return;
    }
    const subscriptions = [
      auth.on('auth.registered', () => {
        stop();
        resolve();
      }),
      auth.on('auth.registrationFailed', (failure: { message: MessageDescriptor }) => {
        stop();
        reject({ message: failure.message });
      }),
    ];
    function stop() {
      for (const subscription of subscriptions) subscription.unsubscribe();
    }
    auth.send(event);
  });
}

/** The registration machine with its real actors and effects. */
export function provideRegistrationMachine(auth: AuthActor, router: AnyRouter) {
  return registrationMachine.provide({
    actors: {
      botCheck: fromPromise(() => runBotCheck()),
      accountRegistration: fromPromise(({ input }) => registerThroughAuth(auth, input)),
    },
    actions: {
      notifyRegistered: () => notify('success', registrationMessages.sent),
      redirectToThankYou: (_, { page }) =>
        void router.navigate({ to: '/auth/thank-you', search: page === 'main' ? {} : { rel: page } }),
      // The analytics integration listens for this event (spec §4: each thank-you page's conversion event).
      trackConversion: (_, { page }) => window.dispatchEvent(new CustomEvent(SIGN_UP_CONVERSION_EVENT, { detail: { page } })),
      leaveRegistration: () => void router.navigate({ to: '/auth/login' }),
    },
  });
}
