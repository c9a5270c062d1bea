import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { english } from '../test/messages.ts';
import { flushPromises } from '../test/clock.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { visibleError } from '../form/formDraft.ts';
import { accountDetailsSchema, changeEmailSchema, changePasswordSchema, twilioNumberSchema } from './settings.schema.ts';
import { settingsCardMachine, type CardValues, type SettingsCardInput } from './settingsCard.machine.ts';
import { isConfirming, isHelperShown, isSaveDisabled, isSubmitting } from './settingsCard.selectors.ts';

function card(input: SettingsCardInput, update: (values: CardValues) => Promise<void> = async () => undefined) {
  const calls = { update: vi.fn(update), reloadProfile: vi.fn(), notifySaved: vi.fn(), notifyFailed: vi.fn() };
  const actor = createActor(
    settingsCardMachine.provide({
      actors: { settingsUpdate: fromPromise(({ input: values }) => calls.update(values)) },
      actions: { reloadProfile: calls.reloadProfile, notifySaved: calls.notifySaved, notifyFailed: calls.notifyFailed },
    }),
    { input },
  ).start();
  return { actor, calls };
}

const details = { schema: accountDetailsSchema, values: { name: 'Demo Client', timezone: 'Europe/Berlin' } };

describe('settings card: validation (spec §5)', () => {
  it('disables Save while unchanged or invalid', () => {
    const { actor } = card(details);
    expect(isSaveDisabled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.change', field: 'name', value: 'Al' });
    expect(isSaveDisabled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.submit' });
    expect(english(visibleError(actor.getSnapshot().context.form, 'name'))).toBe('Minimum field length 3');
    actor.send({ type: 'user.change', field: 'name', value: 'Alice Client' });
    expect(isSaveDisabled(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.change', field: 'name', value: 'Demo Client' });
    expect(isSaveDisabled(actor.getSnapshot())).toBe(true);
  });

  it('checks the e-mail format and the password confirmation', () => {
    const email = card({ schema: changeEmailSchema, values: { email: 'demo@example.com', currentPassword: '' } }).actor;
    email.send({ type: 'user.change', field: 'email', value: 'not-an-email' });
    email.send({ type: 'user.blur', field: 'email' });
    expect(english(visibleError(email.getSnapshot().context.form, 'email'))).toBe('Wrong email format');
    // issue 15: a new address needs the current password.
    email.send({ type: 'user.change', field: 'email', value: 'new@example.com' });
    email.send({ type: 'user.submit' });
    expect(english(visibleError(email.getSnapshot().context.form, 'currentPassword'))).toBe('Required field');
    expect(isSubmitting(email.getSnapshot())).toBe(false);

    const blank = { currentPassword: '', newPassword: '', confirmPassword: '' };
    const password = card({ schema: changePasswordSchema, values: blank, clearAfterSave: true }).actor;
    password.send({ type: 'user.change', field: 'currentPassword', value: 'demo-password' });
    password.send({ type: 'user.change', field: 'newPassword', value: 'new-password' });
    password.send({ type: 'user.change', field: 'confirmPassword', value: 'other-password' });
    password.send({ type: 'user.submit' });
    expect(english(visibleError(password.getSnapshot().context.form, 'confirmPassword'))).toBe(
      "Password and Confirm Password didn't match",
    );
    expect(isSubmitting(password.getSnapshot())).toBe(false);
  });

  it('requires a Twilio number', () => {
    const { actor } = card({ schema: twilioNumberSchema, values: { twilioNumberId: '' } });
    actor.send({ type: 'user.submit' });
    expect(english(visibleError(actor.getSnapshot().context.form, 'twilioNumberId'))).toBe('Required field');
  });
});

describe('settings card: flows', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves, reloads the profile, toasts and shows the helper for 5 s', async () => {
    const { actor, calls } = card({
      schema: changeEmailSchema,
      values: { email: 'demo@example.com', currentPassword: '' },
      clearAfterSave: ['currentPassword'],
    });
    actor.send({ type: 'user.change', field: 'email', value: 'new@example.com' });
    actor.send({ type: 'user.change', field: 'currentPassword', value: 'demo-password' });
    actor.send({ type: 'user.submit' });
    expect(isSubmitting(actor.getSnapshot())).toBe(true);
    expect(isSaveDisabled(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.update).toHaveBeenCalledWith({ email: 'new@example.com', currentPassword: 'demo-password' });
    // The password empties, the address stays as sent.
    expect(actor.getSnapshot().context.form.values).toEqual({ email: 'new@example.com', currentPassword: '' });
    expect(calls.reloadProfile).toHaveBeenCalledTimes(1);
    expect(calls.notifySaved).toHaveBeenCalledTimes(1);
    expect(isHelperShown(actor.getSnapshot())).toBe(true);
    expect(isSaveDisabled(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(4999);
    expect(isHelperShown(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(isHelperShown(actor.getSnapshot())).toBe(false);
  });

  it('empties the password card after a save', async () => {
    const blank = { currentPassword: '', newPassword: '', confirmPassword: '' };
    const { actor } = card({ schema: changePasswordSchema, values: blank, clearAfterSave: true });
    for (const [field, value] of Object.entries({ currentPassword: 'demo-password', newPassword: 'new-pass', confirmPassword: 'new-pass' })) {
      actor.send({ type: 'user.change', field, value });
    }
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(actor.getSnapshot().context.form.values).toEqual(blank);
  });

  it('keeps the draft and toasts the failure', async () => {
    const { actor, calls } = card(details, async () => {
      throw { status: 500 };
    });
    actor.send({ type: 'user.change', field: 'timezone', value: 'Asia/Tokyo' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(calls.notifyFailed).toHaveBeenCalledTimes(1);
    expect(calls.reloadProfile).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.form.values.timezone).toBe('Asia/Tokyo');
    expect(isSaveDisabled(actor.getSnapshot())).toBe(false);
  });
});

describe('settings card: a save that asks for a confirmation', () => {
  it('waits for it: Cancel keeps the draft unsaved, Yes saves it; saves that do not ask go at once', async () => {
    const { actor, calls } = card({ ...details, asksToConfirm: (_saved, values) => values.name === 'Deleting Client' });
    actor.send({ type: 'user.change', field: 'name', value: 'Deleting Client' });
    actor.send({ type: 'user.submit' });
    expect(isConfirming(actor.getSnapshot())).toBe(true);
    expect(isSaveDisabled(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.cancel' });
    expect(isConfirming(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.form.values.name).toBe('Deleting Client');
    expect(calls.update).not.toHaveBeenCalled();
    actor.send({ type: 'user.submit' });
    actor.send({ type: 'user.confirm' });
    await flushPromises();
    expect(calls.update).toHaveBeenCalledWith({ name: 'Deleting Client', timezone: 'Europe/Berlin' });
    actor.send({ type: 'user.change', field: 'name', value: 'Plain Client' });
    actor.send({ type: 'user.submit' });
    expect(isConfirming(actor.getSnapshot())).toBe(false);
    expect(isSubmitting(actor.getSnapshot())).toBe(true);
  });
});

describe('settings card: generated paths', () => {
  const input: SettingsCardInput = {
    schema: changeEmailSchema,
    values: { email: 'demo@example.com', currentPassword: '' },
    clearAfterSave: ['currentPassword'],
    // One of the two new addresses asks for a confirmation before it is saved.
    asksToConfirm: (_saved, values) => values.email === 'confirm@example.com',
  };
  const paths = generatePaths(settingsCardMachine, {
    input,
    events: [
      { type: 'user.change', field: 'email', value: 'new@example.com' },
      { type: 'user.change', field: 'email', value: 'confirm@example.com' },
      { type: 'user.confirm' },
      { type: 'user.cancel' },
      { type: 'user.change', field: 'currentPassword', value: 'demo-password' },
      { type: 'user.blur', field: 'email' },
      { type: 'user.submit' },
      { type: 'card.saved' },
      { type: 'xstate.done.actor.settingsUpdate', output: undefined },
      { type: 'xstate.error.actor.settingsUpdate', error: { status: 500 } },
      { type: 'xstate.after.helperDuration.settingsCard.helper.shown' },
    ],
    contextKey: (s) => `${s.context.form.values.email} ${s.context.form.values.currentPassword}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(settingsCardMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(settingsCardMachine.provide({ actors: { settingsUpdate: stalled<void, CardValues>() } }), {
      input,
    }).start();
    replayPath(path, actor);
    actor.stop();
  });
});
