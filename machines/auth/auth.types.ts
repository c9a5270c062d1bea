import type { MessageDescriptor } from '@lingui/core';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

/**
 * The fields of the contract's `User` the statecharts rely on (machines stay independent of
 * src/, so they name only what they read; the real actors return the full contract type).
 */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  timezone: string;
}

/** Answer of the token endpoint (password and refresh_token grants). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** What survives a reload (spec §4: auth state is persisted locally). */
export interface StoredSession {
  authToken: string;
  refreshToken: string;
  user: AuthUser;
}

export interface Credentials {
  email: string;
  password: string;
}

/** spec §7 POST /user/register. */
export interface RegistrationRequest {
  fullname: string;
  email: string;
  phone: string;
  password: string;
  timezone: string;
  captchaToken: string;
  leadSource?: string;
  sscid?: string;
  metadata?: Record<string, unknown>;
}

export interface AuthContext {
  authToken: string | null;
  refreshToken: string | null;
  user: AuthUser | null;
  /** The credentials of a login in progress, kept only until the token request starts. */
  credentials: Credentials | null;
  /** The last sign-in or registration failure, as a translatable message. */
  error: MessageDescriptor | null;
}

export type AuthEvent =
  | { type: 'user.login'; email: string; password: string }
  | { type: 'user.register'; registration: RegistrationRequest }
  | { type: 'user.logout' }
  | { type: 'user.reload' }
  /** A request made with `token` was refused as expired (spec §4 Token refresh). */
  | { type: 'api.accessTokenExpired'; token: string | null }
  // Outcomes of the invoked actors, listed so named actions can narrow them with assertEvent.
  | DoneActorEvent<StoredSession | null, 'sessionRestorer'>
  | ErrorActorEvent<unknown, 'sessionRestorer'>
  | DoneActorEvent<TokenPair, 'tokenRequest'>
  | ErrorActorEvent<unknown, 'tokenRequest'>
  | DoneActorEvent<AuthUser, 'userLoader'>
  | ErrorActorEvent<unknown, 'userLoader'>
  | DoneActorEvent<TokenPair, 'tokenRefresher'>
  | ErrorActorEvent<unknown, 'tokenRefresher'>
  | DoneActorEvent<void, 'tokenRevoker'>
  | ErrorActorEvent<unknown, 'tokenRevoker'>
  | DoneActorEvent<void, 'registrationRequest'>
  | ErrorActorEvent<unknown, 'registrationRequest'>;

/** Events the auth actor emits to whoever listens (the API middleware, the registration form). */
export type AuthEmitted =
  | { type: 'auth.tokenRefreshed'; authToken: string }
  | { type: 'auth.refreshFailed' }
  | { type: 'auth.registered' }
  | { type: 'auth.registrationFailed'; message: MessageDescriptor };
