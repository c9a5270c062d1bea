import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isSignedIn } from '../../machines/auth/auth.selectors.ts';
import { knownSession } from '../app/routeGuards.ts';

/** spec §2 /logout: the logout action (token delete, storage cleared), then /auth/login. */
export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context, preload }) => {
    // The router preloads on intent: focusing or hovering the Sign Out link must not sign out.
    if (preload) return;
    const session = await knownSession(context.auth);
    if (isSignedIn(session)) context.auth.send({ type: 'user.logout' });
    // Also when a logout is already on its way (this runs again as the session changes): the
    // page leaves once the session has ended, here and on the server.
    if (!context.auth.getSnapshot().matches('signedOut')) {
      await waitFor(context.auth, (snapshot) => snapshot.matches('signedOut'), { timeout: 15_000 }).catch(() => undefined);
    }
    throw redirect({ to: '/auth/login', replace: true });
  },
});
