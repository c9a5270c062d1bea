import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import type { AuthUser, StoredSession, TokenPair } from '../../machines/auth/auth.types.ts';
import { createAuthSessionPort } from '../session/authSessionPort.ts';
import { createApiClient, EXPIRED_ACCESS_TOKEN } from './client.ts';

// Node has no page origin to resolve /api against.
const baseUrl = 'http://dashboard.test/api';
const user: AuthUser = { id: 1, name: 'Demo Client', email: 'demo@example.com', timezone: 'UTC' };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A server that accepts only `validToken` and echoes what it received. */
function fakeServer(validToken: string) {
  const seen: Array<{ authorization: string | null; body: string }> = [];
  const fetch = vi.fn(async function (this: unknown, input: RequestInfo | URL) {
    // Like window.fetch: calling it as a method of some other object is an illegal invocation.
    if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
    const request = input as Request;
    const authorization = request.headers.get('Authorization');
    const body = await request.text();
    seen.push({ authorization, body });
    if (authorization !== `Bearer ${validToken}`) {
      return json(401, { error: EXPIRED_ACCESS_TOKEN, error_description: EXPIRED_ACCESS_TOKEN });
    }
    return json(200, { id: 1, name: 'Demo Client', email: 'demo@example.com', echo: body });
  });
  return { fetch, seen };
}

async function signedInSession(refresh: () => Promise<TokenPair>) {
  const port = createAuthSessionPort();
  const tokenRefresher = vi.fn(refresh);
  const auth = createActor(
    authMachine.provide({
      actors: {
        sessionRestorer: fromPromise<StoredSession | null>(async () => ({ authToken: 'access-1', refreshToken: 'refresh-1', user })),
        userLoader: fromPromise(async () => user),
        tokenRefresher: fromPromise(() => tokenRefresher()),
      },
    }),
  );
  port.attach(auth);
  auth.start();
  await waitFor(auth, (s) => s.matches({ signedIn: { profile: 'idle' } }), { timeout: 1000 });
  return { auth, port, tokenRefresher };
}

describe('API client auth middleware', () => {
  it('sends the bearer token when one is held, and none otherwise', async () => {
    const server = fakeServer('access-1');
    const { port } = await signedInSession(async () => ({ accessToken: 'x', refreshToken: 'y' }));
    await createApiClient({ session: port, fetch: server.fetch, baseUrl }).GET('/user');
    const anonymous = createAuthSessionPort();
    await createApiClient({ session: anonymous, fetch: server.fetch, baseUrl }).GET('/health');
    expect(server.seen.map((s) => s.authorization)).toEqual(['Bearer access-1', null]);
  });

  it('refreshes once for many parallel expired requests and replays each once', async () => {
    const server = fakeServer('access-2');
    const { port, tokenRefresher, auth } = await signedInSession(
      () => new Promise((resolve) => setTimeout(() => resolve({ accessToken: 'access-2', refreshToken: 'refresh-2' }), 20)),
    );
    const api = createApiClient({ session: port, fetch: server.fetch, baseUrl });

    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => api.GET('/user')),
      api.PUT('/user/password-reset', { body: { email: 'demo@example.com' } }),
    ]);

    expect(tokenRefresher).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Six first attempts with the old token, six replays with the new one; bodies replayed intact.
    expect(server.seen.filter((s) => s.authorization === 'Bearer access-1')).toHaveLength(6);
    expect(server.seen.filter((s) => s.authorization === 'Bearer access-2')).toHaveLength(6);
    expect((results[5].data as unknown as { echo: string }).echo).toBe('{"email":"demo@example.com"}');
    expect(auth.getSnapshot().context.authToken).toBe('access-2');
  });

  it('answers the original 401 and leaves the session signed out when the refresh fails', async () => {
    const server = fakeServer('never-valid');
    const { port, tokenRefresher, auth } = await signedInSession(() => Promise.reject({ status: 401, code: 'invalid_grant' }));
    const api = createApiClient({ session: port, fetch: server.fetch, baseUrl });

    const results = await Promise.all([api.GET('/user'), api.GET('/client/meta')]);

    expect(results.map((r) => r.response.status)).toEqual([401, 401]);
    expect(tokenRefresher).toHaveBeenCalledTimes(1);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(auth.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('does not refresh for other 401 answers', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL) => json(401, { error: 'invalid_grant', error_description: 'Wrong password' }));
    const { port, tokenRefresher } = await signedInSession(async () => ({ accessToken: 'x', refreshToken: 'y' }));
    const result = await createApiClient({ session: port, fetch, baseUrl }).PATCH('/user/password', {
      body: { currentPassword: 'wrong-password', newPassword: 'new-password', invalidateSessions: true },
    });
    expect(result.response.status).toBe(401);
    expect(tokenRefresher).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
