import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import type { AuthUser, Credentials, StoredSession, TokenPair } from '../../machines/auth/auth.types.ts';
import { creditsMachine } from '../../machines/credits/credits.machine.ts';
import { startupMachine } from '../../machines/startup/startup.machine.ts';
import { createApiClient } from '../api/client.ts';
import { createAuthSessionPort } from '../session/authSessionPort.ts';
import { connectSession } from './rootActors.ts';

const user: AuthUser = { id: 1, name: 'Demo Client', email: 'demo@example.com', timezone: 'UTC' };

describe('connectSession', () => {
  it('starts startup and re-runs the route guards when the session starts and ends', async () => {
    const auth = createActor(
      authMachine.provide({
        actors: {
          sessionRestorer: fromPromise<StoredSession | null>(async () => null),
          tokenRequest: fromPromise<TokenPair, Credentials>(async () => ({ accessToken: 'a', refreshToken: 'r' })),
          userLoader: fromPromise<AuthUser>(async () => user),
          tokenRevoker: fromPromise<void>(async () => undefined),
        },
      }),
    ).start();
    const startup = createActor(startupMachine);
    const sent = vi.spyOn(startup, 'send');
    const credits = createActor(creditsMachine);
    const creditsSent = vi.spyOn(credits, 'send');
    const router = { invalidate: vi.fn(async () => undefined) };
    connectSession({ auth, startup, credits, api: createApiClient({ session: createAuthSessionPort() }) }, router as never);

    await waitFor(auth, (s) => s.matches('signedOut'), { timeout: 1000 });
    vi.useFakeTimers();
    auth.send({ type: 'user.login', email: 'demo@example.com', password: 'demo-password' });
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    await waitFor(auth, (s) => s.matches('signedIn'), { timeout: 1000 });
    expect(sent).toHaveBeenLastCalledWith({ type: 'auth.signedIn' });
    expect(creditsSent).toHaveBeenLastCalledWith({ type: 'auth.signedIn' });
    expect(router.invalidate).toHaveBeenCalledTimes(1);

    auth.send({ type: 'user.logout' });
    await waitFor(auth, (s) => s.matches('signedOut'), { timeout: 1000 });
    expect(sent).toHaveBeenLastCalledWith({ type: 'auth.signedOut' });
    expect(creditsSent).toHaveBeenLastCalledWith({ type: 'auth.signedOut' });
    expect(router.invalidate).toHaveBeenCalledTimes(2);
  });
});
