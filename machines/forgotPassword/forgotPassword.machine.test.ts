import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { visibleError } from '../form/formDraft.ts';
import { notFoundMessage } from '../shared/messages.ts';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { forgotPasswordMachine } from './forgotPassword.machine.ts';

function fakes() {
  const calls = { passwordResetRequest: vi.fn(async (_input: { email: string }): Promise<void> => undefined), redirectToAuth: vi.fn() };
  const machine = forgotPasswordMachine.provide({
    actors: { passwordResetRequest: fromPromise(({ input }) => calls.passwordResetRequest(input)) },
    actions: { redirectToAuth: () => calls.redirectToAuth() },
  });
  return { calls, machine };
}

describe('forgot password machine: single steps', () => {
  it('does not submit an empty address and shows why', () => {
    const [editing] = initialTransition(forgotPasswordMachine);
    const [next] = transition(forgotPasswordMachine, editing, { type: 'user.submit' });
    expect(next.value).toBe('editing');
    expect(english(visibleError(next.context.form, 'email'))).toBe('Required field');
  });

  it('submits a valid address', () => {
    const [editing] = initialTransition(forgotPasswordMachine);
    const [filled] = transition(forgotPasswordMachine, editing, { type: 'user.change', field: 'email', value: 'demo@example.com' });
    const [next] = transition(forgotPasswordMachine, filled, { type: 'user.submit' });
    expect(next.value).toBe('submitting');
  });
});

describe('forgot password machine: flows with fake actors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the sent message, then redirects after 3 s', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    actor.send({ type: 'user.change', field: 'email', value: 'demo@example.com ' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(f.calls.passwordResetRequest).toHaveBeenCalledWith({ email: 'demo@example.com' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(f.calls.redirectToAuth).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls.redirectToAuth).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows the not-found message with the address and lets the user submit again', async () => {
    const f = fakes();
    f.calls.passwordResetRequest.mockRejectedValueOnce({ status: 404, code: 'not_found' });
    const actor = createActor(f.machine).start();
    actor.send({ type: 'user.change', field: 'email', value: 'nobody@example.com' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(notFoundMessage('nobody@example.com'));
    expect(actor.getSnapshot().context.error?.values).toEqual({ name: 'nobody@example.com' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('sent');
  });
});

describe('forgot password machine: rate-limited', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says "Too many attempts" when the server rate-limits the request, and lets the user submit again', async () => {
    const f = fakes();
    f.calls.passwordResetRequest.mockRejectedValueOnce({ status: 429, code: 'too_many_attempts' });
    const actor = createActor(f.machine).start();
    actor.send({ type: 'user.change', field: 'email', value: 'demo@example.com' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(english(actor.getSnapshot().context.error)).toBe('Too many attempts. Please try again later.');
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('sent');
    actor.stop();
  });
});

describe('forgot password machine: generated paths', () => {
  const paths = generatePaths(forgotPasswordMachine, {
    events: [
      { type: 'user.change', field: 'email', value: 'demo@example.com' },
      { type: 'user.change', field: 'email', value: 'not-an-email' },
      { type: 'user.blur', field: 'email' },
      { type: 'user.submit' },
      { type: 'xstate.done.actor.passwordResetRequest', output: undefined },
      { type: 'xstate.error.actor.passwordResetRequest', error: { status: 404 } },
      { type: 'xstate.error.actor.passwordResetRequest', error: { status: 429, code: 'too_many_attempts' } },
      { type: 'xstate.after.redirectDelay.forgotPassword.sent' },
    ],
    contextKey: (s) => `${s.context.form.values.email}|${s.context.error ? 'error' : '-'}|${s.context.form.submitAttempted}|${Boolean(s.context.form.touched.email)}`,
  });

  it('covers every state and every transition', () => expectFullCoverage(forgotPasswordMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(
      forgotPasswordMachine.provide({ actors: { passwordResetRequest: stalled<void, { email: string }>() } }),
    ).start();
    replayPath(path, actor, (snapshot) => {
      if (snapshot.matches('submitting')) expect(snapshot.context.form.errors).toEqual({});
    });
    actor.stop();
  });
});
