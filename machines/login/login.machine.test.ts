import { describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { visibleError } from '../form/formDraft.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath } from '../test/pathCoverage.ts';
import { loginMachine } from './login.machine.ts';

describe('login form machine: single steps', () => {
  it('shows the rules only after a field was left or submit was tried', () => {
    const [editing] = initialTransition(loginMachine);
    expect(visibleError(editing.context.form, 'email')).toBeUndefined();
    const [blurred] = transition(loginMachine, editing, { type: 'user.blur', field: 'email' });
    expect(english(visibleError(blurred.context.form, 'email'))).toBe('Required field');
  });

  it.each([
    ['email', 'ab', 'Minimum field length 3'],
    ['email', 'abc', 'Wrong email format'],
    ['email', `${'a'.repeat(45)}@x.com`, 'Maximum field length 50'],
    ['password', '1234', 'Minimum field length 5'],
    ['password', 'x'.repeat(51), 'Maximum field length 50'],
  ] as const)('explains a bad %s (%s)', (field, value, message) => {
    const [editing] = initialTransition(loginMachine);
    const [changed] = transition(loginMachine, editing, { type: 'user.change', field, value });
    const [submitted] = transition(loginMachine, changed, { type: 'user.submit' });
    expect(english(visibleError(submitted.context.form, field))).toBe(message);
  });
});

describe('login form machine: running actor', () => {
  it('asks the auth actor to sign in only with a valid draft', () => {
    const requestSignIn = vi.fn();
    const actor = createActor(
      loginMachine.provide({ actions: { requestSignIn: ({ context }) => requestSignIn(context.form.values) } }),
    ).start();
    actor.send({ type: 'user.submit' });
    expect(requestSignIn).not.toHaveBeenCalled();
    actor.send({ type: 'user.change', field: 'email', value: 'demo@example.com' });
    actor.send({ type: 'user.change', field: 'password', value: 'demo-password' });
    actor.send({ type: 'user.submit' });
    expect(requestSignIn).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'demo-password' });
  });
});

describe('login form machine: generated paths', () => {
  const paths = generatePaths(loginMachine, {
    events: [
      { type: 'user.change', field: 'email', value: 'demo@example.com' },
      { type: 'user.change', field: 'password', value: 'demo-password' },
      { type: 'user.blur', field: 'email' },
      { type: 'user.submit' },
    ],
    contextKey: (s) => JSON.stringify([s.context.form.values, s.context.form.submitAttempted, s.context.form.touched]),
  });

  it('covers every state and every transition', () => expectFullCoverage(loginMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const requestSignIn = vi.fn();
    const actor = createActor(loginMachine.provide({ actions: { requestSignIn } })).start();
    replayPath(path, actor);
    const last = path.steps.at(-1);
    if (last?.event.type === 'user.submit') {
      expect(requestSignIn).toHaveBeenCalledTimes(Object.keys(last.state.context.form.errors).length === 0 ? 1 : 0);
    }
    actor.stop();
  });
});
