import { createFileRoute, redirect } from '@tanstack/react-router';
import { isSignedIn } from '../../machines/auth/auth.selectors.ts';
import { knownSession, unknownPathTarget } from '../app/routeGuards.ts';

/**
 * spec §2: unknown paths go to /auth/login when signed out; signed in, /index.tsx goes to
 * /dashboard, any /auth path to /, anything else to /error (unknownPathTarget).
 */
export const Route = createFileRoute('/$')({
  beforeLoad: async ({ context, location }) => {
    const signedIn = isSignedIn(await knownSession(context.auth));
    throw redirect({ to: unknownPathTarget(location.pathname, signedIn), replace: true });
  },
});
