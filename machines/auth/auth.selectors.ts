import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine.ts';
import { authMessages } from './auth.messages.ts';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** spec §4: a user held in state means authenticated. */
export function isSignedIn(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('signedIn') && snapshot.context.user !== null;
}

/** Routes wait for this before deciding on redirects. */
export function isSessionKnown(snapshot: AuthSnapshot): boolean {
  return !snapshot.matches('restoring');
}

export function isLoggingIn(snapshot: AuthSnapshot): boolean {
  return snapshot.matches({ signedOut: 'loggingIn' });
}

/** The login failure message to show, if the last login failed. */
export function loginError(snapshot: AuthSnapshot) {
  return snapshot.matches({ signedOut: 'loginFailed' }) ? snapshot.context.error : null;
}

/** The last login was refused because the e-mail is not verified yet: the page offers to send the link again. */
export function needsVerification(snapshot: AuthSnapshot): boolean {
  return loginError(snapshot) === authMessages.inactiveAccount;
}
