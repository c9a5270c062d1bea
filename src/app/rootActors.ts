import type { AnyRouter } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { isSignedIn } from '../../machines/auth/auth.selectors.ts';
import { createApiClient } from '../api/client.ts';
import { provideAuthMachine } from '../features/auth/auth.actors.ts';
import { provideCreditsMachine } from '../features/billing/credits.actors.ts';
import { createAuthSessionPort } from '../session/authSessionPort.ts';
import type { RootActors } from '../session/rootActors.ts';
import { provideStartupMachine } from './shell/startup.actors.ts';
import { inspect } from '../statecharts/inspector.ts';

/**
 * Creates the root actors once (ARCHITECTURE.md, "Root actors"). The API client exists first
 * because the auth actor's requests go through it; the client then asks the auth actor for
 * tokens and refreshes.
 */
export function createRootActors(): RootActors {
  const session = createAuthSessionPort();
  const api = createApiClient({ session });
  const startup = createActor(provideStartupMachine(api), { inspect });
  const credits = createActor(provideCreditsMachine(api), { inspect });
  const auth = createActor(provideAuthMachine({ api, resetMetadata: () => startup.send({ type: 'auth.signedOut' }) }), { inspect });
  session.attach(auth);
  startup.start();
  credits.start();
  auth.start();
  return { auth, startup, credits, api };
}

/**
 * Keeps the app in step with the session: a session that starts runs startup; any change of
 * signed-in state re-runs the routes' `beforeLoad`, which redirects (to / after login, to
 * /auth/login after a logout or a failed refresh).
 */
export function connectSession({ auth, startup, credits }: RootActors, router: AnyRouter): () => void {
  let signedIn = isSignedIn(auth.getSnapshot());
  if (signedIn) {
    startup.send({ type: 'auth.signedIn' });
    credits.send({ type: 'auth.signedIn' });
  }
  const subscription = auth.subscribe((snapshot) => {
    const now = isSignedIn(snapshot);
    if (now === signedIn) return;
    signedIn = now;
    const event = { type: now ? 'auth.signedIn' : 'auth.signedOut' } as const;
    startup.send(event);
    credits.send(event);
    void router.invalidate();
  });
  // spec §4: the credit banner shows only when widgets exist.
  let hasWidgets = false;
  const widgets = startup.subscribe((snapshot) => {
    const now = snapshot.context.widgets.length > 0;
    if (now === hasWidgets) return;
    hasWidgets = now;
    credits.send({ type: 'widgets.changed', hasWidgets: now });
  });
  // Credits refresh pauses while the tab is hidden and resumes at once when it returns.
  const onVisibility = () => credits.send({ type: document.hidden ? 'page.hidden' : 'page.visible' });
  const hasDocument = typeof document !== 'undefined';
  if (hasDocument) {
    document.addEventListener('visibilitychange', onVisibility);
    if (document.hidden) onVisibility();
  }
  return () => {
    subscription.unsubscribe();
    widgets.unsubscribe();
    if (hasDocument) document.removeEventListener('visibilitychange', onVisibility);
  };
}
