import type { SessionPort } from '../api/client.ts';
import type { AuthActor } from './rootActors.ts';

/**
 * The API client's view of the auth actor. The client is created before the actor (the actor's
 * requests go through it), so the actor is attached afterwards.
 */
export interface AuthSessionPort extends SessionPort {
  attach(auth: AuthActor): void;
}

export function createAuthSessionPort(): AuthSessionPort {
  let auth: AuthActor | null = null;
  return {
    attach(actor) {
      auth = actor;
    },
    accessToken() {
      return auth?.getSnapshot().context.authToken ?? null;
    },
    refreshAccessToken(staleToken) {
      const actor = auth;
      if (!actor) return Promise.resolve(null);
      // spec §4: the statechart decides — one refresh for any number of waiters. Every state of
      // the auth machine answers `api.accessTokenExpired` with one of these two events.
      return new Promise((resolve) => {
        const subscriptions = [
          actor.on('auth.tokenRefreshed', (event) => finish(event.authToken)),
          actor.on('auth.refreshFailed', () => finish(null)),
        ];
        function finish(token: string | null) {
          for (const subscription of subscriptions) subscription.unsubscribe();
          resolve(token);
        }
        actor.send({ type: 'api.accessTokenExpired', token: staleToken });
      });
    },
  };
}
