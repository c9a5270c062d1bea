import type { MessageDescriptor } from '@lingui/core';
import { and, assertEvent, assign, emit, fromPromise, not, setup, stateIn } from 'xstate';
import { toApiFailure } from '../shared/apiFailure.ts';
import { commonMessages } from '../shared/messages.ts';
import { notProvided } from '../shared/notProvided.ts';
import { timing } from '../shared/timing.ts';
import { authMessages } from './auth.messages.ts';
import type {
  AuthContext,
  AuthEmitted,
  AuthEvent,
  AuthUser,
  Credentials,
  RegistrationRequest,
  StoredSession,
  TokenPair,
} from './auth.types.ts';

// Invoke inputs, named so the config holds no inline code.

/** spec §7: the username is the lowercased e-mail address. */
function tokenRequestInput({ context }: { context: AuthContext }): Credentials {
  const credentials = context.credentials ?? { email: '', password: '' };
  return { email: credentials.email.trim().toLowerCase(), password: credentials.password };
}

function tokenRefresherInput({ context }: { context: AuthContext }): { refreshToken: string } {
  return { refreshToken: context.refreshToken ?? '' };
}

function registrationRequestInput({ event }: { event: AuthEvent }): RegistrationRequest {
  assertEvent(event, 'user.register');
  return { ...event.registration, email: event.registration.email.trim().toLowerCase() };
}

/** A refresh that succeeded: the new tokens are kept and handed to the waiting requests. */
const refreshed = { target: '#auth.signedIn.session.active', actions: ['storeTokens', 'persistSession', 'emitTokenRefreshed'] } as const;
/** spec §4: if refresh fails, log out (the token is dead: no revoke call). */
const refreshFailed = { target: '#auth.signedOut', actions: ['emitRefreshFailed', 'clearSession', 'clearStorage', 'resetMetadata'] } as const;

/** spec §8: a sign-out the server did not confirm shows the error notice. */
const signOutUnconfirmed = { type: 'showNotice', params: { type: 'error', message: commonMessages.unknownError } } as const;

const signedOutContext: AuthContext = { authToken: null, refreshToken: null, user: null, credentials: null, error: null };

/**
 * The session of the dashboard (spec §4 Auth and Token refresh; ARCHITECTURE.md, root actors).
 *
 * - restores the stored session, then reloads the user to check it;
 * - login: 1 s delay, token request, tokens stored, then the user loaded (a user held means
 *   authenticated); failures end in `signedOut.loginFailed` with the spec's message;
 * - registration is token-less (the e-mail must be verified first): it reports its outcome by
 *   emitting `auth.registered` or `auth.registrationFailed`;
 * - token refresh: `api.accessTokenExpired` from any number of failing requests starts exactly
 *   one refresh; waiters hear `auth.tokenRefreshed` or `auth.refreshFailed`; a refresh that
 *   fails ends the session (spec §4), after one more try when the first got no answer from the
 *   application (a dropped connection, a gateway's 502/503/504);
 * - logout: token-delete call (an expired access token refreshed once on the way), then metadata
 *   reset and auth and local storage cleared.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    /** Reads the persisted session (local storage in src). */
    sessionRestorer: fromPromise<StoredSession | null>(notProvided),
    /** POST /oauth2/token, password grant. */
    tokenRequest: fromPromise<TokenPair, Credentials>(notProvided),
    /** GET /user with the held access token. */
    userLoader: fromPromise<AuthUser>(notProvided),
    /** POST /oauth2/token, refresh_token grant. */
    tokenRefresher: fromPromise<TokenPair, { refreshToken: string }>(notProvided),
    /** DELETE /oauth2/token. */
    tokenRevoker: fromPromise<void>(notProvided),
    /** POST /user/register. */
    registrationRequest: fromPromise<void, RegistrationRequest>(notProvided),
  },
  actions: {
    restoreSession: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.sessionRestorer');
      const session = event.output;
      return session
        ? { authToken: session.authToken, refreshToken: session.refreshToken, user: session.user }
        : {};
    }),
    storeCredentials: assign({
      credentials: ({ event }) => {
        assertEvent(event, 'user.login');
        return { email: event.email, password: event.password };
      },
    }),
    forgetCredentials: assign({ credentials: null }),
    storeTokens: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.tokenRequest', 'xstate.done.actor.tokenRefresher']);
      return { authToken: event.output.accessToken, refreshToken: event.output.refreshToken };
    }),
    storeUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.userLoader');
        return event.output;
      },
    }),
    setError: assign({ error: (_, params: { message: MessageDescriptor }) => params.message }),
    clearError: assign({ error: null }),
    clearSession: assign(signedOutContext),
    /** Writes tokens and user to local storage (src). */
    persistSession: () => {},
    /** Clears local storage (src; spec §2 /logout). */
    clearStorage: () => {},
    /** Resets the startup metadata (src; spec §4 Logout). */
    resetMetadata: () => {},
    /** A toast in src (spec §2 Shell notifications). */
    showNotice: (_, _params: { type: 'error'; message: MessageDescriptor }) => {},
    emitTokenRefreshed: emit(({ context }) => ({ type: 'auth.tokenRefreshed' as const, authToken: context.authToken ?? '' })),
    emitRefreshFailed: emit({ type: 'auth.refreshFailed' as const }),
    emitRegistered: emit({ type: 'auth.registered' as const }),
    emitRegistrationFailed: emit(({ context }) => ({
      type: 'auth.registrationFailed' as const,
      message: context.error ?? commonMessages.unknownError,
    })),
  },
  guards: {
    isSessionStored: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.sessionRestorer');
      return event.output !== null;
    },
    /** spec §8: 401 with `inactive_account` means the e-mail is not verified yet. */
    isInactiveAccount: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.tokenRequest');
      const failure = toApiFailure(event.error);
      return failure.status === 401 && failure.code === 'inactive_account';
    },
    /** spec §8: any other 401 at login means wrong details. */
    isLoginRejected: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.tokenRequest');
      return toApiFailure(event.error).status === 401;
    },
    /** 429: the server's failed-login limit for this account from this address. */
    isLoginThrottled: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.tokenRequest');
      return toApiFailure(event.error).status === 429;
    },
    /** 429: the server's sign-up limit for this address or this e-mail address. */
    isRegistrationThrottled: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.registrationRequest');
      return toApiFailure(event.error).status === 429;
    },
    isAccountExisting: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.registrationRequest');
      return toApiFailure(event.error).status === 409;
    },
    isAccountDeleted: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.registrationRequest');
      return toApiFailure(event.error).status === 410;
    },
    /** The server refused the refresh token (400/401 invalid_grant): the session is over on its side. */
    isRefreshRefused: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.tokenRefresher');
      const { status } = toApiFailure(event.error);
      return status === 400 || status === 401;
    },
    /** The token-delete call was refused with 401: the token was already dead. */
    isTokenRefused: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.tokenRevoker');
      return toApiFailure(event.error).status === 401;
    },
    /**
     * No answer from the application: the connection failed (status 0), or a proxy in front of
     * it answered that it could not reach it (502, 503, 504: a deploy, a restart).
     */
    isNoAnswer: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.tokenRefresher');
      return [0, 502, 503, 504].includes(toApiFailure(event.error).status);
    },
    /** The request failed with a token that a finished refresh already replaced. */
    isTokenAlreadyReplaced: ({ context, event }) => {
      assertEvent(event, 'api.accessTokenExpired');
      return context.authToken !== null && event.token !== context.authToken;
    },
  },
  delays: {
    loginDelay: timing.loginDelay,
    refreshRetryDelay: timing.refreshRetry,
    signOutLimit: timing.signOutLimit,
  },
}).createMachine({
  id: 'auth',
  context: signedOutContext,
  initial: 'restoring',
  states: {
    restoring: {
      on: { 'api.accessTokenExpired': { actions: 'emitRefreshFailed' } },
      invoke: {
        id: 'sessionRestorer',
        src: 'sessionRestorer',
        onDone: [
          // The stored user may be stale and the token expired: reload to check both.
          { guard: 'isSessionStored', target: '#auth.signedIn.profile.reloading', actions: 'restoreSession' },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      initial: 'idle',
      on: { 'api.accessTokenExpired': { actions: 'emitRefreshFailed' } },
      states: {
        idle: {
          on: {
            'user.login': { target: 'loggingIn', actions: ['clearError', 'storeCredentials'] },
            'user.register': { target: 'registering', actions: 'clearError' },
          },
        },
        loginFailed: {
          on: {
            'user.login': { target: 'loggingIn', actions: ['clearError', 'storeCredentials'] },
            'user.register': { target: 'registering', actions: 'clearError' },
          },
        },
        loggingIn: {
          initial: 'waiting',
          states: {
            // spec §4 Login: 1 second delay, then the token request.
            waiting: {
              after: { loginDelay: 'requestingToken' },
            },
            requestingToken: {
              invoke: {
                id: 'tokenRequest',
                src: 'tokenRequest',
                input: tokenRequestInput,
                onDone: { target: 'loadingUser', actions: ['forgetCredentials', 'storeTokens'] },
                onError: [
                  {
                    guard: 'isInactiveAccount',
                    target: '#auth.signedOut.loginFailed',
                    actions: ['forgetCredentials', { type: 'setError', params: { message: authMessages.inactiveAccount } }],
                  },
                  {
                    guard: 'isLoginRejected',
                    target: '#auth.signedOut.loginFailed',
                    actions: ['forgetCredentials', { type: 'setError', params: { message: authMessages.invalidLogin } }],
                  },
                  {
                    guard: 'isLoginThrottled',
                    target: '#auth.signedOut.loginFailed',
                    actions: ['forgetCredentials', { type: 'setError', params: { message: commonMessages.tooManyAttempts } }],
                  },
                  {
                    target: '#auth.signedOut.loginFailed',
                    actions: ['forgetCredentials', { type: 'setError', params: { message: commonMessages.unknownError } }],
                  },
                ],
              },
            },
            loadingUser: {
              invoke: {
                id: 'userLoader',
                src: 'userLoader',
                onDone: { target: '#auth.signedIn', actions: ['storeUser', 'persistSession'] },
                onError: {
                  target: '#auth.signedOut.loginFailed',
                  actions: ['clearSession', { type: 'setError', params: { message: commonMessages.unknownError } }],
                },
              },
            },
          },
        },
        registering: {
          invoke: {
            id: 'registrationRequest',
            src: 'registrationRequest',
            input: registrationRequestInput,
            onDone: { target: 'idle', actions: 'emitRegistered' },
            onError: [
              {
                guard: 'isAccountExisting',
                target: 'idle',
                actions: [{ type: 'setError', params: { message: authMessages.accountExists } }, 'emitRegistrationFailed'],
              },
              {
                guard: 'isAccountDeleted',
                target: 'idle',
                actions: [{ type: 'setError', params: { message: authMessages.accountDeleted } }, 'emitRegistrationFailed'],
              },
              {
                guard: 'isRegistrationThrottled',
                target: 'idle',
                actions: [{ type: 'setError', params: { message: commonMessages.tooManyAttempts } }, 'emitRegistrationFailed'],
              },
              {
                target: 'idle',
                actions: [{ type: 'setError', params: { message: commonMessages.unknownError } }, 'emitRegistrationFailed'],
              },
            ],
          },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      on: { 'user.logout': 'signingOut' },
      states: {
        session: {
          initial: 'active',
          states: {
            active: {
              on: {
                'api.accessTokenExpired': [
                  // A refresh already finished since that request left: hand out the new token.
                  { guard: 'isTokenAlreadyReplaced', actions: 'emitTokenRefreshed' },
                  { target: 'refreshing' },
                ],
              },
            },
            // spec §4: refresh once, and if the refresh fails, log out. Further
            // `api.accessTokenExpired` events while refreshing are not handled here: their
            // senders wait for the one outcome emitted below.
            refreshing: {
              initial: 'requesting',
              states: {
                requesting: {
                  invoke: {
                    id: 'tokenRefresher',
                    src: 'tokenRefresher',
                    input: tokenRefresherInput,
                    onDone: refreshed,
                    onError: [
                      // No answer from the application (a dropped connection, a gateway error):
                      // the request may not have reached it, so it is tried once more before the
                      // session ends.
                      { guard: 'isNoAnswer', target: 'pausing' },
                      refreshFailed,
                    ],
                  },
                },
                pausing: {
                  after: { refreshRetryDelay: 'retrying' },
                },
                retrying: {
                  invoke: {
                    id: 'tokenRefresher',
                    src: 'tokenRefresher',
                    input: tokenRefresherInput,
                    onDone: refreshed,
                    onError: refreshFailed,
                  },
                },
              },
            },
          },
        },
        profile: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'user.reload': 'reloading' },
            },
            reloading: {
              on: { 'user.reload': { target: 'reloading', reenter: true } },
              invoke: {
                id: 'userLoader',
                src: 'userLoader',
                onDone: { target: 'idle', actions: ['storeUser', 'persistSession'] },
                // A failed reload keeps the held user (an expired session is handled by refresh)
                // and says so (spec §8: every failed call shows an error notice).
                onError: { target: 'idle', actions: { type: 'showNotice', params: { type: 'error', message: commonMessages.unknownError } } },
              },
            },
          },
        },
      },
    },
    signingOut: {
      // The token-delete call runs for the whole state; an expired access token is refreshed
      // once on the way (the API client then sends the call again), so the server really ends
      // the session instead of leaving its refresh token alive.
      invoke: {
        id: 'tokenRevoker',
        src: 'tokenRevoker',
        onDone: { target: 'signedOut', actions: ['clearSession', 'clearStorage', 'resetMetadata'] },
        // spec §4: logout ends the local session even when the server call fails (spec §8: with
        // an error notice, as every failed call).
        onError: [
          // Refused because the server refused the refresh too: that session had ended already.
          {
            guard: and(['isTokenRefused', not(stateIn({ signingOut: 'unconfirmed' }))]),
            target: 'signedOut',
            actions: ['clearSession', 'clearStorage', 'resetMetadata'],
          },
          { target: 'signedOut', actions: ['clearSession', 'clearStorage', 'resetMetadata', signOutUnconfirmed] },
        ],
      },
      // A server that does not answer never keeps anyone signed in on this device.
      after: { signOutLimit: { target: 'signedOut', actions: ['clearSession', 'clearStorage', 'resetMetadata', signOutUnconfirmed] } },
      initial: 'revoking',
      states: {
        revoking: {
          on: {
            'api.accessTokenExpired': [
              // A request sent before the refresh below finished: hand out the new token.
              { guard: 'isTokenAlreadyReplaced', actions: 'emitTokenRefreshed' },
              { target: 'refreshing' },
            ],
          },
        },
        refreshing: {
          invoke: {
            id: 'tokenRefresher',
            src: 'tokenRefresher',
            input: tokenRefresherInput,
            onDone: { target: 'revoking', actions: ['storeTokens', 'emitTokenRefreshed'] },
            onError: [
              { guard: 'isRefreshRefused', target: 'revoking', actions: 'emitRefreshFailed' },
              // No answer: whether the server still holds the session is unknown, so the
              // sign-out ends with the error notice.
              { target: 'unconfirmed', actions: 'emitRefreshFailed' },
            ],
          },
        },
        unconfirmed: {},
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
