import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { verifyMachine, verifyMessages, type VerifyInput } from './verify.machine.ts';

function fakes() {
  const calls = {
    emailVerification: vi.fn(async (_input: VerifyInput) => ({ name: 'Demo Client' })),
    reloadUser: vi.fn(),
    redirectToLogin: vi.fn(),
  };
  const machine = verifyMachine.provide({
    actors: { emailVerification: fromPromise(({ input }) => calls.emailVerification(input)) },
    actions: { reloadUser: () => calls.reloadUser(), redirectToLogin: () => calls.redirectToLogin() },
  });
  return { calls, machine };
}

describe('verify machine: single steps', () => {
  it('starts verifying (spinner)', () => {
    const [snapshot] = initialTransition(verifyMachine, { verificationCode: 'abc', type: 'account' });
    expect(snapshot.value).toBe('verifying');
    expect(snapshot.context.name).toBeNull();
  });
});

describe('verify machine: flows with fake actors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the name, reloads the user for an account, then goes to /auth/login after 3 s', async () => {
    const f = fakes();
    const actor = createActor(f.machine, { input: { verificationCode: 'abc', type: 'account' } }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().context.name).toBe('Demo Client');
    expect(f.calls.emailVerification).toHaveBeenCalledWith({ verificationCode: 'abc', type: 'account' });
    expect(f.calls.reloadUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(f.calls.redirectToLogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls.redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('does not reload the user for a changed e-mail', async () => {
    const f = fakes();
    const actor = createActor(f.machine, { input: { verificationCode: 'abc', type: 'change-email' } }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('verified');
    expect(f.calls.reloadUser).not.toHaveBeenCalled();
  });

  it('redirects after 3 s when verification fails too', async () => {
    const f = fakes();
    f.calls.emailVerification.mockRejectedValueOnce({ status: 404, code: 'invalid_code' });
    const actor = createActor(f.machine, { input: { verificationCode: 'bad', type: 'account' } }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual(verifyMessages.invalidCode);
    await vi.advanceTimersByTimeAsync(3000);
    expect(f.calls.redirectToLogin).toHaveBeenCalledTimes(1);
  });
});

describe.each(['account', 'change-email'] as const)('verify machine: generated paths (%s)', (type) => {
  const input: VerifyInput = { verificationCode: 'abc', type };
  const paths = generatePaths(verifyMachine, {
    input,
    events: [
      { type: 'xstate.done.actor.emailVerification', output: { name: 'Demo Client' } },
      { type: 'xstate.error.actor.emailVerification', error: { status: 404 } },
      { type: 'xstate.after.redirectDelay.verify.verified' },
      { type: 'xstate.after.redirectDelay.verify.failed' },
    ],
  });

  it('covers every state and every transition', () => {
    const other = generatePaths(verifyMachine, {
      input: { ...input, type: type === 'account' ? 'change-email' : 'account' },
      events: [{ type: 'xstate.done.actor.emailVerification', output: { name: 'Demo Client' } }],
    });
    // Both kinds together take both branches of the success transition.
    expectFullCoverage(verifyMachine, [...paths, ...other]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const reloadUser = vi.fn();
    const actor = createActor(
      verifyMachine.provide({ actors: { emailVerification: stalled<{ name: string }, VerifyInput>() }, actions: { reloadUser } }),
      { input },
    ).start();
    replayPath(path, actor, (snapshot) => {
      if (snapshot.matches('verified')) {
        expect(snapshot.context.name).toBe('Demo Client');
        expect(reloadUser).toHaveBeenCalledTimes(type === 'account' ? 1 : 0);
      }
    });
    actor.stop();
  });
});
