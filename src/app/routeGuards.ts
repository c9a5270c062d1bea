import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isSessionKnown, isSignedIn } from '../../machines/auth/auth.selectors.ts';
import type { AuthActor, RootActors } from '../session/rootActors.ts';

/** Waits until the stored session has been read (STYLE.md: wait for the root actor with waitFor). */
export async function knownSession(auth: AuthActor) {
  return waitFor(auth, isSessionKnown, { timeout: 15_000 });
}

/** The signed-in area: anonymous users go to /auth/login (spec §2, §6). */
export async function requireSignedIn({ context }: { context: RootActors }) {
  if (!isSignedIn(await knownSession(context.auth))) throw redirect({ to: '/auth/login', replace: true });
}

/** The /auth pages: a signed-in user goes to / (spec §2 Unauthenticated area). */
export async function requireSignedOut({ context }: { context: RootActors }) {
  if (isSignedIn(await knownSession(context.auth))) throw redirect({ to: '/', replace: true });
}

/**
 * Where a path that no route matches goes (spec §2): anonymous users to /auth/login; a signed-in
 * user on /index.tsx to /dashboard, on any /auth path (unknown ones included) to /, elsewhere to
 * /error.
 */
export function unknownPathTarget(pathname: string, signedIn: boolean): '/auth/login' | '/dashboard' | '/' | '/error' {
  if (!signedIn) return '/auth/login';
  if (pathname === '/index.tsx') return '/dashboard';
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return '/';
  return '/error';
}
