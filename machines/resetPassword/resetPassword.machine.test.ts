import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { isDraftFilled } from '../form/form.selectors.ts';
import { visibleError } from '../form/formDraft.ts';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { resetPasswordMachine } from './resetPassword.machine.ts';

const input = { verificationCode: 'code-123' };

function fakes() {
  const calls = {
    passwordReset: vi.fn(async (_input: { verificationCode: string; password: string }): Promise<void> => undefined),
    redirectToAuth: vi.fn(),
  };
  const machine = resetPasswordMachine.provide({
    actors: { passwordReset: fromPromise(({ input }) => calls.passwordReset(input)) },
    actions: { redirectToAuth: () => calls.redirectToAuth() },
  });
  return { calls, machine };
}

describe('reset password machine: single steps', () => {
  it('is empty at first, so submit is disabled', () => {
    const [editing] = initialTransition(resetPasswordMachine, input);
    expect(isDraftFilled(editing.context.form)).toBe(false);
  });

  it('refuses a confirmation that does not match', () => {
    const [editing] = initialTransition(resetPasswordMachine, input);
    const [a] = transition(resetPasswordMachine, editing, { type: 'user.change', field: 'password', value: 'secret1' });
    const [b] = transition(resetPasswordMachine, a, { type: 'user.change', field: 'confirmPassword', value: 'secret2' });
    const [next] = transition(resetPasswordMachine, b, { type: 'user.submit' });
    expect(next.value).toBe('editing');
    expect(english(visibleError(next.context.form, 'confirmPassword'))).toBe("Password and Confirm Password didn't match");
  });
});

describe('reset password machine: flows with fake actors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function submitted(f: ReturnType<typeof fakes>) {
    const actor = createActor(f.machine, { input }).start();
    actor.send({ type: 'user.change', field: 'password', value: 'secret1' });
    actor.send({ type: 'user.change', field: 'confirmPassword', value: 'secret1' });
    actor.send({ type: 'user.submit' });
    return actor;
  }

  it('resets, shows the success message and goes to /auth after 3 s', async () => {
    const f = fakes();
    const actor = await submitted(f);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('reset');
    expect(f.calls.passwordReset).toHaveBeenCalledWith({ verificationCode: 'code-123', password: 'secret1' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(f.calls.redirectToAuth).toHaveBeenCalledTimes(1);
  });

  it('shows the not-found message on a bad code', async () => {
    const f = fakes();
    f.calls.passwordReset.mockRejectedValueOnce({ status: 404, code: 'invalid_code' });
    const actor = await submitted(f);
    await flushPromises();
    expect(english(actor.getSnapshot().context.error)).toBe('The requested password reset link is not found');
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('reset password machine: generated paths', () => {
  const paths = generatePaths(resetPasswordMachine, {
    input,
    events: [
      { type: 'user.change', field: 'password', value: 'secret1' },
      { type: 'user.change', field: 'confirmPassword', value: 'secret1' },
      { type: 'user.change', field: 'confirmPassword', value: 'other' },
      { type: 'user.blur', field: 'password' },
      { type: 'user.submit' },
      { type: 'xstate.done.actor.passwordReset', output: undefined },
      { type: 'xstate.error.actor.passwordReset', error: { status: 404 } },
      { type: 'xstate.after.redirectDelay.resetPassword.reset' },
    ],
    contextKey: (s) => JSON.stringify([s.context.form.values, s.context.error ? 1 : 0, s.context.form.submitAttempted]),
  });

  it('covers every state and every transition', () => expectFullCoverage(resetPasswordMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(
      resetPasswordMachine.provide({ actors: { passwordReset: stalled<void, { verificationCode: string; password: string }>() } }),
      { input },
    ).start();
    replayPath(path, actor, (snapshot) => {
      if (snapshot.matches('submitting')) {
        expect(snapshot.context.form.values.password).toBe(snapshot.context.form.values.confirmPassword);
      }
    });
    actor.stop();
  });
});
