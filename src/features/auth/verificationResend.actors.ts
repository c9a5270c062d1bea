import { fromPromise } from 'xstate';
import { verificationResendMachine } from '../../../machines/verificationResend/verificationResend.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { okOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';

/** "Send the link again" with its real request (PUT /user/verification-email) and toasts. */
export function provideVerificationResend(api: ApiClient) {
  return verificationResendMachine.provide({
    actors: {
      resendRequest: fromPromise(async ({ input }) => okOrThrow(await api.PUT('/user/verification-email', { body: { email: input.email } }))),
    },
    actions: { showNotice },
  });
}
