import { fromPromise } from 'xstate';
import { authMachine } from '../../../machines/auth/auth.machine.ts';
import type { AuthUser } from '../../../machines/auth/auth.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';
import { clearLocalStorage, readStoredSession, writeStoredSession } from '../../session/sessionStorage.ts';

/** The SPA's fixed OAuth2 client id (spec §7). */
export const CLIENT_ID = 'dashboard';

/** spec §7: the token endpoint takes a form body, as the original product sends. */
function formBody(body: Record<string, string>): string {
  return new URLSearchParams(body).toString();
}

const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

interface AuthActorDependencies {
  api: ApiClient;
  /** Resets the startup metadata (spec §4 Logout). */
  resetMetadata: () => void;
}

/** The auth machine with its real actors: the contract's auth and user calls, local storage. */
export function provideAuthMachine({ api, resetMetadata }: AuthActorDependencies) {
  return authMachine.provide({
    actors: {
      sessionRestorer: fromPromise(async () => readStoredSession()),
      tokenRequest: fromPromise(async ({ input }) =>
        dataOrThrow(
          await api.POST('/oauth2/token', {
            body: { grant_type: 'password', username: input.email, password: input.password, client_id: CLIENT_ID },
            bodySerializer: formBody,
            headers: formHeaders,
          }),
        ),
      ),
      tokenRefresher: fromPromise(async ({ input }) =>
        dataOrThrow(
          await api.POST('/oauth2/token', {
            body: { grant_type: 'refresh_token', refresh_token: input.refreshToken, client_id: CLIENT_ID },
            bodySerializer: formBody,
            headers: formHeaders,
          }),
        ),
      ),
      // The contract's full User; the machine names only the fields it reads.
      userLoader: fromPromise<AuthUser>(async () => dataOrThrow(await api.GET('/user'))),
      tokenRevoker: fromPromise(async () => okOrThrow(await api.DELETE('/oauth2/token'))),
      registrationRequest: fromPromise(async ({ input }) => okOrThrow(await api.POST('/user/register', { body: input }))),
    },
    actions: {
      persistSession: ({ context }) => writeStoredSession(context),
      clearStorage: () => clearLocalStorage(),
      resetMetadata: () => resetMetadata(),
      showNotice,
    },
  });
}
