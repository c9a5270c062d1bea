import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import type { RegistrationRequest } from '../auth/auth.types.ts';
import { authMessages } from '../auth/auth.messages.ts';
import { isDraftValid, visibleError } from '../form/formDraft.ts';
import { commonMessages } from '../shared/messages.ts';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { registrationMachine, type RegistrationInput, type ThankYouPage } from './registration.machine.ts';
import type { RegistrationValues } from './registration.schema.ts';

const valid: RegistrationValues = {
  fullname: 'New Client',
  email: 'New.Client@Example.com',
  phone: '+14155550123',
  password: 'secret1',
  confirmPassword: 'secret1',
  acceptTerms: true,
};

const changes = (Object.keys(valid) as Array<keyof RegistrationValues>).map((field) => ({
  type: 'user.change' as const,
  field,
  value: valid[field],
}));

function fakes(input: RegistrationInput = { timezone: 'Europe/Berlin' }) {
  const calls = {
    botCheck: vi.fn(async () => 'captcha-token'),
    accountRegistration: vi.fn(async (_input: RegistrationRequest): Promise<void> => undefined),
    notifyRegistered: vi.fn(),
    redirectToThankYou: vi.fn(),
    trackConversion: vi.fn(),
    leaveRegistration: vi.fn(),
  };
  const machine = registrationMachine.provide({
    actors: {
      botCheck: fromPromise(() => calls.botCheck()),
      accountRegistration: fromPromise(({ input }) => calls.accountRegistration(input)),
    },
    actions: {
      notifyRegistered: () => calls.notifyRegistered(),
      redirectToThankYou: (_, params) => calls.redirectToThankYou(params.page),
      trackConversion: (_, params) => calls.trackConversion(params.page),
      leaveRegistration: () => calls.leaveRegistration(),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { calls, actor };
}

describe('registration machine: single steps', () => {
  const input = { timezone: 'UTC' };

  it('keeps submit unavailable until every rule holds and the terms are accepted', () => {
    let [snapshot] = initialTransition(registrationMachine, input);
    for (const change of changes.slice(0, -1)) [snapshot] = transition(registrationMachine, snapshot, change);
    expect(isDraftValid(snapshot.context.form)).toBe(false);
    expect(english(snapshot.context.form.errors.acceptTerms)).toBe('Accepting terms & conditions is required.');
    [snapshot] = transition(registrationMachine, snapshot, changes.at(-1)!);
    expect(isDraftValid(snapshot.context.form)).toBe(true);
  });

  it.each([
    ['fullname', 'ab', 'Minimum field length 3'],
    ['fullname', 'x'.repeat(51), 'Maximum field length 50'],
    ['email', 'not-an-email', 'Wrong email format'],
    ['phone', '12345', 'Wrong phone number format'],
    ['password', '1234', 'Minimum field length 5'],
    ['confirmPassword', 'other1', "Password and Confirm Password didn't match"],
    ['email', '', 'Required field'],
  ] as const)('explains a bad %s (%s)', (field, value, message) => {
    let [snapshot] = initialTransition(registrationMachine, input);
    for (const change of changes) [snapshot] = transition(registrationMachine, snapshot, change);
    [snapshot] = transition(registrationMachine, snapshot, { type: 'user.change', field, value });
    [snapshot] = transition(registrationMachine, snapshot, { type: 'user.blur', field });
    expect(english(visibleError(snapshot.context.form, field))).toBe(message);
  });
});

describe('registration machine: flows with fake actors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['ty', 'ty'],
    ['ty2', 'ty2'],
    [undefined, 'main'],
    ['other', 'main'],
  ] as const)('with rel=%s: bot check, registration, toast, thank-you page %s with its conversion event', async (rel, page) => {
    const f = fakes({ timezone: 'Europe/Berlin', rel, leadSource: 'newsletter', sscid: 'abc123' });
    for (const change of changes) f.actor.send(change);
    f.actor.send({ type: 'user.submit' });
    expect(f.actor.getSnapshot().value).toBe('checkingBot');
    await flushPromises();
    expect(f.actor.getSnapshot().value).toBe('registered');
    expect(f.calls.accountRegistration).toHaveBeenCalledWith({
      fullname: 'New Client',
      email: 'new.client@example.com',
      phone: '+14155550123',
      password: 'secret1',
      timezone: 'Europe/Berlin',
      captchaToken: 'captcha-token',
      leadSource: 'newsletter',
      sscid: 'abc123',
    });
    expect(f.calls.notifyRegistered).toHaveBeenCalledTimes(1);
    expect(f.calls.redirectToThankYou).toHaveBeenCalledWith(page as ThankYouPage);
    expect(f.calls.trackConversion).toHaveBeenCalledTimes(1);
    expect(f.calls.trackConversion).toHaveBeenCalledWith(page);
  });

  it('shows the message the auth actor reported and allows another try', async () => {
    const f = fakes();
    f.calls.accountRegistration.mockRejectedValueOnce({ message: authMessages.accountExists });
    for (const change of changes) f.actor.send(change);
    f.actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(f.actor.getSnapshot().value).toBe('editing');
    expect(f.actor.getSnapshot().context.error).toEqual(authMessages.accountExists);
    f.actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(f.actor.getSnapshot().value).toBe('registered');
  });

  it('reports an unknown error when the bot check fails', async () => {
    const f = fakes();
    f.calls.botCheck.mockRejectedValueOnce(new Error('script blocked'));
    for (const change of changes) f.actor.send(change);
    f.actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(f.actor.getSnapshot().context.error).toEqual(commonMessages.unknownError);
    expect(f.calls.accountRegistration).not.toHaveBeenCalled();
  });

  it('leaves on cancel', () => {
    const f = fakes();
    f.actor.send({ type: 'user.cancel' });
    expect(f.calls.leaveRegistration).toHaveBeenCalledTimes(1);
  });
});

describe.each([undefined, 'ty', 'ty2'])('registration machine: generated paths (rel=%s)', (rel) => {
  const input: RegistrationInput = { timezone: 'UTC', rel };
  const paths = generatePaths(registrationMachine, {
    input,
    events: [
      ...changes,
      { type: 'user.change', field: 'phone', value: '555' },
      { type: 'user.blur', field: 'email' },
      { type: 'user.submit' },
      { type: 'user.cancel' },
      { type: 'xstate.done.actor.botCheck', output: 'captcha-token' },
      { type: 'xstate.error.actor.botCheck', error: new Error('blocked') },
      { type: 'xstate.done.actor.accountRegistration', output: undefined },
      { type: 'xstate.error.actor.accountRegistration', error: { message: authMessages.accountExists } },
    ],
    // Count of failing fields rather than the values keeps the graph small but still lets the
    // traversal reach a valid draft.
    contextKey: (s) =>
      `${Object.keys(s.context.form.errors).length}|${s.context.error ? 1 : 0}|${s.context.form.submitAttempted}|${s.context.captchaToken ? 1 : 0}`,
  });

  if (rel === 'ty2') {
    it('covers every state and every transition (all rel variants together)', () => {
      const all = [undefined, 'ty', 'ty2'].flatMap((r) =>
        generatePaths(registrationMachine, {
          input: { timezone: 'UTC', rel: r },
          events: [...changes, { type: 'user.submit' }, { type: 'xstate.done.actor.botCheck', output: 't' }, { type: 'xstate.done.actor.accountRegistration', output: undefined }],
          contextKey: (s) => String(Object.keys(s.context.form.errors).length),
        }),
      );
      expectFullCoverage(registrationMachine, [...paths, ...all]);
    });
  }

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const redirectToThankYou = vi.fn();
    const actor = createActor(
      registrationMachine.provide({
        actors: { botCheck: stalled<string>(), accountRegistration: stalled<void, RegistrationRequest>() },
        actions: { redirectToThankYou: (_, params) => redirectToThankYou(params.page) },
      }),
      { input },
    ).start();
    replayPath(path, actor, (snapshot) => {
      if (snapshot.matches('checkingBot') || snapshot.matches('submitting')) expect(isDraftValid(snapshot.context.form)).toBe(true);
      if (snapshot.matches('registered')) expect(redirectToThankYou).toHaveBeenCalledWith(rel === 'ty' || rel === 'ty2' ? rel : 'main');
    });
    actor.stop();
  });
});
