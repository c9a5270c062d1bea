import { createFileRoute, redirect } from '@tanstack/react-router';
import { isSignedIn } from '../../machines/auth/auth.selectors.ts';
import { knownSession } from '../app/routeGuards.ts';

/** spec §2: unknown paths go to /auth/login when signed out and to /error inside the app. */
export const Route = createFileRoute('/$')({
  beforeLoad: async ({ context }) => {
    const signedIn = isSignedIn(await knownSession(context.auth));
    throw redirect({ to: signedIn ? '/error' : '/auth/login', replace: true });
  },
});
