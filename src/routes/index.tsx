import { createFileRoute, redirect } from '@tanstack/react-router';
import { isSignedIn } from '../../machines/auth/auth.selectors.ts';
import { knownSession } from '../app/routeGuards.ts';

/** spec §2: / goes to /dashboard for a signed-in user, else to /auth/login. */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    const signedIn = isSignedIn(await knownSession(context.auth));
    throw redirect({ to: signedIn ? '/dashboard' : '/auth/login', replace: true });
  },
});
