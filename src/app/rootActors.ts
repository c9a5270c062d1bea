import type { AnyRouter } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { isSignedIn } from '../../machines/auth/auth.selectors.ts';
import { createApiClient } from '../api/client.ts';
import { provideAuthMachine } from '../features/auth/auth.actors.ts';
import { createAuthSessionPort } from '../session/authSessionPort.ts';
import type { RootActors } from '../session/rootActors.ts';
import { provideStartupMachine } from './shell/startup.actors.ts';

/**
 * Creates the root actors once (ARCHITECTURE.md, "Root actors"). The API client exists first
 * because the auth actor's requests go through it; the client then asks the auth actor for
 * tokens and refreshes.
 */
export function createRootActors(): RootActors {
  const session = createAuthSessionPort();
  const api = createApiClient({ session });
  const startup = createActor(provideStartupMachine(api));
  const auth = createActor(provideAuthMachine({ api, resetMetadata: () => startup.send({ type: 'auth.signedOut' }) }));
  session.attach(auth);
  startup.start();
  auth.start();
  return { auth, startup, api };
}

/**
 * Keeps the app in step with the session: a session that starts runs startup; any change of
 * signed-in state re-runs the routes' `beforeLoad`, which redirects (to / after login, to
 * /auth/login after a logout or a failed refresh).
 */
export function connectSession({ auth, startup }: RootActors, router: AnyRouter): () => void {
  let signedIn = isSignedIn(auth.getSnapshot());
  if (signedIn) startup.send({ type: 'auth.signedIn' });
  const subscription = auth.subscribe((snapshot) => {
    const now = isSignedIn(snapshot);
    if (now === signedIn) return;
    signedIn = now;
    startup.send({ type: now ? 'auth.signedIn' : 'auth.signedOut' });
    void router.invalidate();
  });
  return () => subscription.unsubscribe();
}
