import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { commonMessages } from '../shared/messages.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { authMachine } from './auth.machine.ts';
import { authMessages } from './auth.messages.ts';
import type { AuthContext, AuthEmitted, AuthUser, Credentials, RegistrationRequest, StoredSession, TokenPair } from './auth.types.ts';

const user: AuthUser = { id: 1, name: 'Demo Client', email: 'demo@example.com', timezone: 'Europe/Berlin' };
const tokens: TokenPair = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const refreshed: TokenPair = { accessToken: 'access-2', refreshToken: 'refresh-2' };
const signedInContext: AuthContext = { authToken: 'access-1', refreshToken: 'refresh-1', user, credentials: null, error: null };
const registration: RegistrationRequest = {
  fullname: 'New Client',
  email: 'New@Example.com',
  phone: '+14155550123',
  password: 'secret1',
  timezone: 'UTC',
  captchaToken: 'token',
};

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakes(overrides: Partial<Record<string, () => Promise<unknown>>> = {}) {
  const calls = {
    sessionRestorer: vi.fn(overrides.sessionRestorer ?? (async () => null as StoredSession | null)),
    tokenRequest: vi.fn(async (_input: unknown) => tokens),
    userLoader: vi.fn(async () => user),
    tokenRefresher: vi.fn(async (_input: unknown) => refreshed),
    tokenRevoker: vi.fn(async (): Promise<void> => undefined),
    registrationRequest: vi.fn(async (_input: unknown): Promise<void> => undefined),
    persistSession: vi.fn(),
    clearStorage: vi.fn(),
    resetMetadata: vi.fn(),
    showNotice: vi.fn(),
  };
  const machine = authMachine.provide({
    actors: {
      sessionRestorer: fromPromise(() => calls.sessionRestorer() as Promise<StoredSession | null>),
      tokenRequest: fromPromise(({ input }) => calls.tokenRequest(input)),
      userLoader: fromPromise(() => calls.userLoader()),
      tokenRefresher: fromPromise(({ input }) => calls.tokenRefresher(input)),
      tokenRevoker: fromPromise(() => calls.tokenRevoker()),
      registrationRequest: fromPromise(({ input }) => calls.registrationRequest(input)),
    },
    actions: {
      persistSession: ({ context }) => calls.persistSession({ ...context }),
      clearStorage: () => calls.clearStorage(),
      resetMetadata: () => calls.resetMetadata(),
      showNotice: (_, { message }) => calls.showNotice(english(message)),
    },
  });
  return { calls, machine };
}

async function signedInActor(f = fakes()) {
  f.calls.sessionRestorer.mockResolvedValue({ authToken: 'access-1', refreshToken: 'refresh-1', user });
  const actor = createActor(f.machine).start();
  await waitFor(actor, (s) => s.matches({ signedIn: { profile: 'idle' } }), { timeout: 1000 });
  return actor;
}

describe('auth machine: single steps', () => {
  it('starts by restoring the session', () => {
    const [snapshot] = initialTransition(authMachine);
    expect(snapshot.value).toBe('restoring');
  });

  it('keeps the credentials and waits before the token request on user.login', () => {
    const idle = authMachine.resolveState({ value: { signedOut: 'idle' }, context: authMachine.config.context as AuthContext });
    const [next] = transition(authMachine, idle, { type: 'user.login', email: 'Demo@Example.com', password: 'demo-password' });
    expect(next.value).toEqual({ signedOut: { loggingIn: 'waiting' } });
    expect(next.context.credentials).toEqual({ email: 'Demo@Example.com', password: 'demo-password' });
  });

  it('starts one refresh when a request fails with the held token', () => {
    const active = authMachine.resolveState({ value: { signedIn: { session: 'active', profile: 'idle' } }, context: signedInContext });
    const [next] = transition(authMachine, active, { type: 'api.accessTokenExpired', token: 'access-1' });
    expect(next.value).toEqual({ signedIn: { session: { refreshing: 'requesting' }, profile: 'idle' } });
  });

  it('ignores further expiries while a refresh is in flight', () => {
    const refreshing = authMachine.resolveState({ value: { signedIn: { session: { refreshing: 'requesting' }, profile: 'idle' } }, context: signedInContext });
    const [next] = transition(authMachine, refreshing, { type: 'api.accessTokenExpired', token: 'access-1' });
    expect(next.value).toEqual(refreshing.value);
  });

  it('hands out the current token to a request that failed with an already replaced one', () => {
    const active = authMachine.resolveState({
      value: { signedIn: { session: 'active', profile: 'idle' } },
      context: { ...signedInContext, authToken: 'access-2' },
    });
    const [next, actions] = transition(authMachine, active, { type: 'api.accessTokenExpired', token: 'access-1' });
    expect(next.value).toEqual(active.value);
    expect(actions.map((a) => a.type)).toContain('xstate.emit');
  });
});

describe('auth machine: flows with fake actors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('logs in after 1 s, stores the tokens, then loads the user', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));

    actor.send({ type: 'user.login', email: ' Demo@Example.COM', password: 'demo-password' });
    await vi.advanceTimersByTimeAsync(999);
    expect(f.calls.tokenRequest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls.tokenRequest).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'demo-password' });

    await vi.waitFor(() => expect(actor.getSnapshot().matches('signedIn')).toBe(true));
    expect(f.calls.userLoader).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ authToken: 'access-1', refreshToken: 'refresh-1', user, credentials: null });
    expect(f.calls.persistSession).toHaveBeenLastCalledWith(expect.objectContaining({ authToken: 'access-1', user }));
  });

  it.each([
    [{ status: 401, code: 'inactive_account' }, authMessages.inactiveAccount],
    [{ status: 401, code: 'invalid_grant' }, authMessages.invalidLogin],
    [{ status: 429, code: 'too_many_attempts' }, commonMessages.tooManyAttempts],
    [new TypeError('Failed to fetch'), commonMessages.unknownError],
  ])('reports a failed login (%o) with the spec message', async (failure, message) => {
    const f = fakes();
    f.calls.tokenRequest.mockRejectedValue(failure);
    const actor = createActor(f.machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    actor.send({ type: 'user.login', email: 'demo@example.com', password: 'wrong-password' });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'loginFailed' }));
    expect(actor.getSnapshot().context.error).toEqual(message);
    expect(actor.getSnapshot().context.credentials).toBeNull();
  });

  it('registers without a token and emits the outcome', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    const heard: AuthEmitted[] = [];
    actor.on('*', (e) => heard.push(e));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    actor.send({ type: 'user.register', registration });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'auth.registered' }]));
    expect(f.calls.registrationRequest).toHaveBeenCalledWith({ ...registration, email: 'new@example.com' });
    expect(actor.getSnapshot().context.authToken).toBeNull();
  });

  it.each([
    [{ status: 409, code: 'account_exists' }, authMessages.accountExists],
    [{ status: 410, code: 'account_deleted' }, authMessages.accountDeleted],
    [{ status: 429, code: 'too_many_attempts' }, commonMessages.tooManyAttempts],
    [{ status: 500, code: 'internal' }, commonMessages.unknownError],
  ])('reports a failed registration (%o)', async (failure, message) => {
    const f = fakes();
    f.calls.registrationRequest.mockRejectedValue(failure);
    const actor = createActor(f.machine).start();
    const heard: AuthEmitted[] = [];
    actor.on('auth.registrationFailed', (e) => heard.push(e));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    actor.send({ type: 'user.register', registration });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'auth.registrationFailed', message }]));
  });

  it('restores a stored session and reloads the user', async () => {
    const f = fakes();
    const actor = await signedInActor(f);
    expect(f.calls.userLoader).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.authToken).toBe('access-1');
  });

  it('refreshes exactly once for many expired requests and tells every waiter', async () => {
    const f = fakes();
    const pending = deferred<TokenPair>();
    f.calls.tokenRefresher.mockReturnValue(pending.promise);
    const actor = await signedInActor(f);
    const heard: AuthEmitted[] = [];
    actor.on('auth.tokenRefreshed', (e) => heard.push(e));
    for (let i = 0; i < 5; i++) actor.send({ type: 'api.accessTokenExpired', token: 'access-1' });
    expect(actor.getSnapshot().matches({ signedIn: { session: 'refreshing' } })).toBe(true);
    pending.resolve(refreshed);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'auth.tokenRefreshed', authToken: 'access-2' }]));
    expect(f.calls.tokenRefresher).toHaveBeenCalledTimes(1);
    expect(f.calls.tokenRefresher).toHaveBeenCalledWith({ refreshToken: 'refresh-1' });
    expect(f.calls.persistSession).toHaveBeenLastCalledWith(expect.objectContaining({ authToken: 'access-2', refreshToken: 'refresh-2' }));

    // A late failure with the replaced token gets the new one at once, without a second refresh.
    actor.send({ type: 'api.accessTokenExpired', token: 'access-1' });
    expect(heard).toHaveLength(2);
    expect(f.calls.tokenRefresher).toHaveBeenCalledTimes(1);
  });

  it('logs out when the refresh fails', async () => {
    const f = fakes();
    f.calls.tokenRefresher.mockRejectedValue({ status: 401, code: 'invalid_grant' });
    const actor = await signedInActor(f);
    const heard: string[] = [];
    actor.on('*', (e) => heard.push(e.type));
    actor.send({ type: 'api.accessTokenExpired', token: 'access-1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    expect(heard).toEqual(['auth.refreshFailed']);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(f.calls.clearStorage).toHaveBeenCalledTimes(1);
    expect(f.calls.resetMetadata).toHaveBeenCalledTimes(1);
  });

  it('logs out when the server answers the refresh with an error (spec §4: if refresh fails, log out)', async () => {
    const f = fakes();
    f.calls.tokenRefresher.mockRejectedValue({ status: 500, code: 'internal_error' });
    const actor = await signedInActor(f);
    const heard: string[] = [];
    actor.on('*', (e) => heard.push(e.type));
    actor.send({ type: 'api.accessTokenExpired', token: 'access-1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    expect(heard).toEqual(['auth.refreshFailed']);
    expect(f.calls.tokenRefresher).toHaveBeenCalledTimes(1);
    expect(f.calls.clearStorage).toHaveBeenCalledTimes(1);
  });

  describe('a refresh that got no answer from the application', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it.each([
      ['a dropped connection', new TypeError('Failed to fetch')],
      ['a gateway that could not reach the application (503)', { status: 503 }],
    ])('after %s, is tried once more after 1 s, and the session goes on when that one succeeds', async (_case, failure) => {
      const f = fakes();
      f.calls.tokenRefresher.mockRejectedValueOnce(failure);
      const actor = await signedInActor(f);
      const heard: string[] = [];
      actor.on('*', (e) => heard.push(e.type));
      actor.send({ type: 'api.accessTokenExpired', token: 'access-1' });
      await vi.advanceTimersByTimeAsync(999);
      expect(f.calls.tokenRefresher).toHaveBeenCalledTimes(1);
      expect(heard).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(f.calls.tokenRefresher).toHaveBeenCalledTimes(2);
      expect(f.calls.tokenRefresher).toHaveBeenLastCalledWith({ refreshToken: 'refresh-1' });
      await vi.waitFor(() => expect(heard).toEqual(['auth.tokenRefreshed']));
      expect(actor.getSnapshot().context).toMatchObject({ authToken: 'access-2', refreshToken: 'refresh-2', user });
      expect(f.calls.clearStorage).not.toHaveBeenCalled();
    });

    it('logs out when the second try fails too', async () => {
      const f = fakes();
      f.calls.tokenRefresher.mockRejectedValue(new TypeError('Failed to fetch'));
      const actor = await signedInActor(f);
      const heard: string[] = [];
      actor.on('*', (e) => heard.push(e.type));
      actor.send({ type: 'api.accessTokenExpired', token: 'access-1' });
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
      expect(f.calls.tokenRefresher).toHaveBeenCalledTimes(2);
      expect(heard).toEqual(['auth.refreshFailed']);
      expect(f.calls.clearStorage).toHaveBeenCalledTimes(1);
    });
  });

  it('answers a refresh request at once when nobody is signed in', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    const heard: string[] = [];
    actor.on('*', (e) => heard.push(e.type));
    actor.send({ type: 'api.accessTokenExpired', token: null });
    expect(heard).toEqual(['auth.refreshFailed']);
    expect(f.calls.tokenRefresher).not.toHaveBeenCalled();
  });

  it('logs out: token-delete call, metadata reset, auth and storage cleared', async () => {
    const f = fakes();
    const actor = await signedInActor(f);
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toEqual({ signingOut: 'revoking' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    expect(f.calls.tokenRevoker).toHaveBeenCalledTimes(1);
    expect(f.calls.resetMetadata).toHaveBeenCalledTimes(1);
    expect(f.calls.clearStorage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ authToken: null, refreshToken: null, user: null });
  });

  it('logs out locally even when the token-delete call fails, with the error notice (spec §8)', async () => {
    const f = fakes();
    f.calls.tokenRevoker.mockRejectedValue({ status: 0 });
    const actor = await signedInActor(f);
    actor.send({ type: 'user.logout' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    expect(f.calls.clearStorage).toHaveBeenCalledTimes(1);
    expect(f.calls.showNotice).toHaveBeenCalledWith('Unknown error occurred.');
  });

  it('refreshes an expired access token once during the logout, so the server really ends the session', async () => {
    const f = fakes();
    const revoked = deferred<void>();
    f.calls.tokenRevoker.mockReturnValue(revoked.promise);
    const actor = await signedInActor(f);
    const heard: AuthEmitted[] = [];
    actor.on('auth.tokenRefreshed', (e) => heard.push(e));
    actor.send({ type: 'user.logout' });
    // The delete call met an expired token: the API client asks for a refresh (and then replays it).
    actor.send({ type: 'api.accessTokenExpired', token: 'access-1' });
    expect(actor.getSnapshot().value).toEqual({ signingOut: 'refreshing' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'auth.tokenRefreshed', authToken: 'access-2' }]));
    expect(f.calls.tokenRefresher).toHaveBeenCalledWith({ refreshToken: 'refresh-1' });
    expect(actor.getSnapshot().value).toEqual({ signingOut: 'revoking' });
    revoked.resolve();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    expect(f.calls.showNotice).not.toHaveBeenCalled();
  });

  it('says so when the refresh on the way out got no answer: the server may still hold the session', async () => {
    const f = fakes();
    const revoked = deferred<void>();
    f.calls.tokenRevoker.mockReturnValue(revoked.promise);
    f.calls.tokenRefresher.mockRejectedValue(new TypeError('Failed to fetch'));
    const actor = await signedInActor(f);
    actor.send({ type: 'user.logout' });
    actor.send({ type: 'api.accessTokenExpired', token: 'access-1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signingOut: 'unconfirmed' }));
    // The API client hands the delete call's 401 back.
    revoked.reject({ status: 401, code: 'invalid_or_expired_access_token' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    expect(f.calls.showNotice).toHaveBeenCalledWith('Unknown error occurred.');
    expect(f.calls.clearStorage).toHaveBeenCalledTimes(1);
  });

  it('ends the sign-out on this device after 10 s when the server does not answer', async () => {
    vi.useFakeTimers();
    try {
      const f = fakes();
      f.calls.tokenRevoker.mockReturnValue(new Promise(() => {}));
      const actor = await signedInActor(f);
      actor.send({ type: 'user.logout' });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(actor.getSnapshot().matches('signingOut')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
      expect(f.calls.clearStorage).toHaveBeenCalledTimes(1);
      expect(f.calls.showNotice).toHaveBeenCalledWith('Unknown error occurred.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs out quietly when the server no longer takes the token (the session had ended)', async () => {
    const f = fakes();
    f.calls.tokenRevoker.mockRejectedValue({ status: 401, code: 'invalid_or_expired_access_token' });
    const actor = await signedInActor(f);
    actor.send({ type: 'user.logout' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' }));
    expect(f.calls.clearStorage).toHaveBeenCalledTimes(1);
    expect(f.calls.showNotice).not.toHaveBeenCalled();
  });

  it('reloads the user on user.reload; a failed reload keeps the user and shows the error notice', async () => {
    const f = fakes();
    const actor = await signedInActor(f);
    f.calls.userLoader.mockResolvedValue({ ...user, name: 'Renamed Client' });
    actor.send({ type: 'user.reload' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.user?.name).toBe('Renamed Client'));
    expect(f.calls.userLoader).toHaveBeenCalledTimes(2);
    expect(f.calls.showNotice).not.toHaveBeenCalled();

    f.calls.userLoader.mockRejectedValue({ status: 500 });
    actor.send({ type: 'user.reload' });
    await vi.waitFor(() => expect(f.calls.showNotice).toHaveBeenCalledWith('Unknown error occurred.'));
    expect(actor.getSnapshot().context.user?.name).toBe('Renamed Client');
  });
});

describe('auth machine: generated paths', () => {
  const paths = generatePaths(authMachine, {
    events: [
      { type: 'xstate.done.actor.sessionRestorer', output: { authToken: 'access-1', refreshToken: 'refresh-1', user } },
      { type: 'xstate.done.actor.sessionRestorer', output: null },
      { type: 'xstate.error.actor.sessionRestorer', error: { status: 0 } },
      { type: 'user.login', email: 'demo@example.com', password: 'demo-password' },
      { type: 'user.register', registration },
      { type: 'xstate.after.loginDelay.auth.signedOut.loggingIn.waiting' },
      { type: 'xstate.done.actor.tokenRequest', output: tokens },
      { type: 'xstate.error.actor.tokenRequest', error: { status: 401, code: 'inactive_account' } },
      { type: 'xstate.error.actor.tokenRequest', error: { status: 401, code: 'invalid_grant' } },
      { type: 'xstate.error.actor.tokenRequest', error: { status: 429, code: 'too_many_attempts' } },
      { type: 'xstate.error.actor.tokenRequest', error: { status: 500 } },
      { type: 'xstate.done.actor.userLoader', output: user },
      { type: 'xstate.error.actor.userLoader', error: { status: 500 } },
      { type: 'xstate.done.actor.registrationRequest', output: undefined },
      { type: 'xstate.error.actor.registrationRequest', error: { status: 409, code: 'account_exists' } },
      { type: 'xstate.error.actor.registrationRequest', error: { status: 410, code: 'account_deleted' } },
      { type: 'xstate.error.actor.registrationRequest', error: { status: 429, code: 'too_many_attempts' } },
      { type: 'xstate.error.actor.registrationRequest', error: { status: 500 } },
      { type: 'api.accessTokenExpired', token: 'access-1' },
      { type: 'api.accessTokenExpired', token: 'access-0' },
      { type: 'xstate.done.actor.tokenRefresher', output: refreshed },
      { type: 'xstate.error.actor.tokenRefresher', error: { status: 401, code: 'invalid_grant' } },
      { type: 'xstate.error.actor.tokenRefresher', error: { status: 503 } },
      { type: 'xstate.error.actor.tokenRefresher', error: { status: 0 } },
      { type: 'xstate.after.refreshRetryDelay.auth.signedIn.session.refreshing.pausing' },
      { type: 'user.reload' },
      { type: 'user.logout' },
      { type: 'xstate.done.actor.tokenRevoker', output: undefined },
      { type: 'xstate.error.actor.tokenRevoker', error: { status: 0 } },
      { type: 'xstate.error.actor.tokenRevoker', error: { status: 401 } },
      { type: 'xstate.after.signOutLimit.auth.signingOut' },
    ],
    contextKey: (s) => `${s.context.authToken}|${s.context.user ? 'user' : '-'}|${s.context.error?.message ?? '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(authMachine, paths);
  });

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(
      authMachine.provide({
        actors: {
          sessionRestorer: stalled<StoredSession | null>(),
          tokenRequest: stalled<TokenPair, Credentials>(),
          userLoader: stalled<AuthUser>(),
          tokenRefresher: stalled<TokenPair, { refreshToken: string }>(),
          tokenRevoker: stalled<void>(),
          registrationRequest: stalled<void, RegistrationRequest>(),
        },
      }),
    ).start();
    replayPath(path, actor, (snapshot) => {
      // Invariants of spec §4: a user held means authenticated; signed out holds no tokens.
      if (snapshot.matches('signedIn')) expect(snapshot.context.user).not.toBeNull();
      if (snapshot.matches('signedOut')) expect(snapshot.context.authToken === null || snapshot.matches({ signedOut: 'loggingIn' })).toBe(true);
      if (snapshot.matches({ signedOut: 'loginFailed' })) expect(snapshot.context.error).not.toBeNull();
    });
    actor.stop();
  });
});
