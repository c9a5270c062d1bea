import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { ga4SettingsMachine } from './ga4Settings.machine.ts';
import { ga4FailureReasonMessages } from './ga4Settings.messages.ts';
import {
  apiSecretError,
  formValues,
  hasFailed,
  isBusy,
  isConfirmingDisconnect,
  isConnected,
  isDisconnecting,
  isLoading,
  isSaving,
  lastFailureMessage,
  measurementIdError,
  secretEnding,
  storedSettings,
  submitFailure,
} from './ga4Settings.selectors.ts';
import { ga4FailureReasons, notConnected, type Ga4Settings, type Ga4SettingsInput, type UnlistedFailureReasons } from './ga4Settings.types.ts';

const connected: Ga4Settings = {
  configured: true,
  measurementId: 'G-ABC123XYZ9',
  apiSecretHint: '…Xy9Q',
  isActive: true,
  pendingEvents: 2,
  lastSentAt: '2026-11-24T10:00:00Z',
  lastFailure: { at: '2026-11-24T09:00:00Z', reason: 'timeout', responseCode: null },
  updatedAt: '2026-11-20T08:00:00Z',
};

interface Fakes {
  load?: () => Promise<Ga4Settings>;
  save?: (input: Ga4SettingsInput) => Promise<Ga4Settings>;
  disconnect?: () => Promise<void>;
}

/** What the server answers a save: the connection as sent, the secret by its end. */
const savedAs = async (input: Ga4SettingsInput): Promise<Ga4Settings> => ({
  ...connected,
  measurementId: input.measurementId,
  isActive: input.isActive,
  ...(input.apiSecret ? { apiSecretHint: `…${input.apiSecret.slice(-4)}` } : {}),
});

function ga4({ load = async () => notConnected, save = savedAs, disconnect = async () => undefined }: Fakes = {}) {
  const calls = { load: vi.fn(load), save: vi.fn(save), disconnect: vi.fn(disconnect), notices: [] as { type: string; message: string | undefined }[] };
  const actor = createActor(
    ga4SettingsMachine.provide({
      actors: {
        settingsLoader: fromPromise(() => calls.load()),
        saveRequest: fromPromise(({ input }) => calls.save(input)),
        disconnectRequest: fromPromise(() => calls.disconnect()),
      },
      actions: {
        showNotice: (_, params: { type: string; message: MessageDescriptor }) => {
          calls.notices.push({ type: params.type, message: english(params.message) });
        },
      },
    }),
  ).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof ga4>['actor'];
const type = (actor: Actor, field: 'measurementId' | 'apiSecret', value: string) => actor.send({ type: 'user.change', field, value });
const shownIdError = (actor: Actor) => english(measurementIdError(actor.getSnapshot()));
const shownSecretError = (actor: Actor) => english(apiSecretError(actor.getSnapshot()));
const failing = (status: number) => async () => {
  throw { status, code: status === 400 ? 'invalid_request' : undefined };
};

describe('GA4 settings: loading', () => {
  it('shows the stored connection, and starts the form from it with an empty secret field', async () => {
    const { actor } = ga4({ load: async () => ({ ...connected, isActive: false }) });
    expect(isLoading(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(storedSettings(actor.getSnapshot())).toEqual({ ...connected, isActive: false });
    expect(isConnected(actor.getSnapshot())).toBe(true);
    expect(formValues(actor.getSnapshot())).toEqual({ measurementId: 'G-ABC123XYZ9', apiSecret: '', isActive: false });
  });

  it('starts a new connection empty, sending on', async () => {
    const { actor } = ga4();
    await flushPromises();
    expect(isConnected(actor.getSnapshot())).toBe(false);
    expect(formValues(actor.getSnapshot())).toEqual({ measurementId: '', apiSecret: '', isActive: true });
  });

  it('fails with Try again, which loads again', async () => {
    let attempts = 0;
    const { actor, calls } = ga4({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw { status: 0 };
        return connected;
      },
    });
    await flushPromises();
    expect(hasFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.retry' });
    expect(isLoading(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.load).toHaveBeenCalledTimes(2);
    expect(storedSettings(actor.getSnapshot())).toEqual(connected);
  });
});

describe('GA4 settings: the form', () => {
  it('checks the measurement id as the contract does: G- and 4 to 20 capital letters or digits, spaces around it aside', async () => {
    const { actor, calls } = ga4();
    await flushPromises();
    actor.send({ type: 'user.submit' });
    expect(calls.save).not.toHaveBeenCalled();
    expect(shownIdError(actor)).toBe('Measurement ID is required.');
    const invalid = 'Enter the measurement ID as GA4 shows it: G- and 4 to 20 capital letters or digits, such as G-ABC123XYZ9.';
    for (const value of ['UA-12345-1', 'G-abc123', 'G-ABC', `G-${'A'.repeat(21)}`, 'G-ABC 123', 'ABC123XYZ9']) {
      type(actor, 'measurementId', value);
      expect(shownIdError(actor), value).toBe(invalid);
    }
    for (const value of ['G-ABCD', ` G-${'A1'.repeat(10)} `]) {
      type(actor, 'measurementId', value);
      expect(measurementIdError(actor.getSnapshot()), value).toBeUndefined();
    }
  });

  it('requires the secret while none is stored, and checks it as the contract does', async () => {
    const { actor } = ga4();
    await flushPromises();
    actor.send({ type: 'user.submit' });
    expect(shownSecretError(actor)).toBe('API secret is required.');
    type(actor, 'apiSecret', '   ');
    expect(shownSecretError(actor)).toBe('API secret is required.');
    type(actor, 'apiSecret', 'abc def');
    expect(shownSecretError(actor)).toBe('Paste the API secret as GA4 shows it, without spaces.');
    type(actor, 'apiSecret', 'geheimnis€');
    expect(shownSecretError(actor)).toBe('Paste the API secret as GA4 shows it, without spaces.');
    type(actor, 'apiSecret', 'a'.repeat(101));
    expect(shownSecretError(actor)).toBe('Maximum field length 100');
    type(actor, 'apiSecret', ` ${'a'.repeat(100)} `);
    expect(apiSecretError(actor.getSnapshot())).toBeUndefined();
  });

  it('takes an empty secret field once a secret is stored (it keeps it)', async () => {
    const { actor } = ga4({ load: async () => connected });
    await flushPromises();
    actor.send({ type: 'user.submit' });
    expect(apiSecretError(actor.getSnapshot())).toBeUndefined();
    expect(isSaving(actor.getSnapshot())).toBe(true);
  });

  it('shows an error only once the field was left or a submit tried', async () => {
    const { actor } = ga4();
    await flushPromises();
    type(actor, 'measurementId', 'UA-1');
    expect(measurementIdError(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'user.blur', field: 'measurementId' });
    expect(shownIdError(actor)).toBeDefined();
    expect(apiSecretError(actor.getSnapshot())).toBeUndefined();
  });
});

describe('GA4 settings: saving', () => {
  it('connects with the trimmed id and secret, shows the answer and empties the secret field', async () => {
    let answer: () => void = () => {};
    const { actor, calls } = ga4({ save: (input) => new Promise((resolve) => (answer = () => resolve(savedAs(input)))) });
    await flushPromises();
    type(actor, 'measurementId', ' G-ABC123XYZ9 ');
    type(actor, 'apiSecret', ' s3cr3t-Xy9Q ');
    actor.send({ type: 'user.submit' });
    expect(isSaving(actor.getSnapshot())).toBe(true);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    // One request at a time: the form waits meanwhile.
    actor.send({ type: 'user.submit' });
    type(actor, 'measurementId', 'G-OTHER1');
    answer();
    await flushPromises();
    expect(calls.save).toHaveBeenCalledTimes(1);
    expect(calls.save).toHaveBeenCalledWith({ measurementId: 'G-ABC123XYZ9', apiSecret: 's3cr3t-Xy9Q', isActive: true });
    expect(storedSettings(actor.getSnapshot())).toMatchObject({ configured: true, measurementId: 'G-ABC123XYZ9', apiSecretHint: '…Xy9Q' });
    expect(formValues(actor.getSnapshot())).toEqual({ measurementId: 'G-ABC123XYZ9', apiSecret: '', isActive: true });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('s3cr3t');
    expect(calls.notices).toEqual([{ type: 'success', message: 'Saved: call outcomes are sent to Google Analytics 4.' }]);
  });

  it('keeps the stored secret by leaving it out, and says when sending is paused', async () => {
    const { actor, calls } = ga4({ load: async () => connected });
    await flushPromises();
    type(actor, 'measurementId', 'G-NEW2024');
    actor.send({ type: 'user.toggleActive', isActive: false });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(calls.save).toHaveBeenCalledWith({ measurementId: 'G-NEW2024', isActive: false });
    expect(storedSettings(actor.getSnapshot())).toMatchObject({ measurementId: 'G-NEW2024', apiSecretHint: '…Xy9Q', isActive: false });
    expect(calls.notices).toEqual([{ type: 'success', message: 'Saved: sending call outcomes to Google Analytics 4 is paused.' }]);
  });

  it('keeps the draft when the save fails, and says when the server refused the id or the secret', async () => {
    const failures = [{ status: 500 }, { status: 400, code: 'invalid_request' }];
    const { actor, calls } = ga4({
      save: async () => {
        throw failures.shift();
      },
    });
    await flushPromises();
    type(actor, 'measurementId', 'G-ABC123XYZ9');
    type(actor, 'apiSecret', 'secret');
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(english(submitFailure(actor.getSnapshot()))).toBe('Failed to save the Google Analytics 4 settings.');
    actor.send({ type: 'user.submit' });
    expect(submitFailure(actor.getSnapshot())).toBeNull();
    await flushPromises();
    expect(english(submitFailure(actor.getSnapshot()))).toBe('The measurement ID or the API secret was refused: check them and save again.');
    expect(formValues(actor.getSnapshot())).toEqual({ measurementId: 'G-ABC123XYZ9', apiSecret: 'secret', isActive: true });
    expect(storedSettings(actor.getSnapshot())).toEqual(notConnected);
    expect(calls.notices).toEqual([]);
  });
});

describe('GA4 settings: disconnecting', () => {
  it('is offered only while connected', async () => {
    const { actor } = ga4();
    await flushPromises();
    actor.send({ type: 'user.requestDisconnect' });
    expect(isConfirmingDisconnect(actor.getSnapshot())).toBe(false);
  });

  it('asks first; cancelling sends nothing and keeps the draft', async () => {
    const { actor, calls } = ga4({ load: async () => connected });
    await flushPromises();
    type(actor, 'measurementId', 'G-DRAFT1');
    actor.send({ type: 'user.requestDisconnect' });
    expect(isConfirmingDisconnect(actor.getSnapshot())).toBe(true);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.cancelDisconnect' });
    expect(isConfirmingDisconnect(actor.getSnapshot())).toBe(false);
    expect(calls.disconnect).not.toHaveBeenCalled();
    expect(formValues(actor.getSnapshot()).measurementId).toBe('G-DRAFT1');
  });

  it('disconnects once confirmed: no connection, an empty form that requires a secret again', async () => {
    let answer: () => void = () => {};
    const { actor, calls } = ga4({ load: async () => connected, disconnect: () => new Promise<void>((resolve) => (answer = resolve)) });
    await flushPromises();
    actor.send({ type: 'user.requestDisconnect' });
    actor.send({ type: 'user.confirmDisconnect' });
    expect(isDisconnecting(actor.getSnapshot())).toBe(true);
    expect(isConfirmingDisconnect(actor.getSnapshot())).toBe(true);
    answer();
    await flushPromises();
    expect(calls.disconnect).toHaveBeenCalledTimes(1);
    expect(storedSettings(actor.getSnapshot())).toEqual(notConnected);
    expect(isConfirmingDisconnect(actor.getSnapshot())).toBe(false);
    expect(formValues(actor.getSnapshot())).toEqual({ measurementId: '', apiSecret: '', isActive: true });
    expect(calls.notices).toEqual([{ type: 'success', message: 'Google Analytics 4 is disconnected: call outcomes are no longer sent.' }]);
    type(actor, 'measurementId', 'G-ABC123XYZ9');
    actor.send({ type: 'user.submit' });
    expect(shownSecretError(actor)).toBe('API secret is required.');
  });

  it('keeps the connection when disconnecting fails, and says so', async () => {
    const { actor, calls } = ga4({ load: async () => connected, disconnect: failing(500) });
    await flushPromises();
    actor.send({ type: 'user.requestDisconnect' });
    actor.send({ type: 'user.confirmDisconnect' });
    await flushPromises();
    expect(storedSettings(actor.getSnapshot())).toEqual(connected);
    expect(isConfirmingDisconnect(actor.getSnapshot())).toBe(false);
    expect(calls.notices).toEqual([{ type: 'error', message: 'Failed to disconnect Google Analytics 4.' }]);
  });
});

describe('GA4 settings: the connection as shown', () => {
  it('names the stored secret by its last characters, with or without the hint’s ellipsis, and none when the hint shows none', () => {
    expect(secretEnding(connected)).toBe('Xy9Q');
    expect(secretEnding({ ...connected, apiSecretHint: 'Xy9Q' })).toBe('Xy9Q');
    // A short secret's end is not shown.
    expect(secretEnding({ ...connected, apiSecretHint: '…' })).toBeNull();
    expect(secretEnding(notConnected)).toBeNull();
  });

  it('says why the last send failed in its own words, for every reason of the contract', () => {
    // Does not compile when the contract names a reason the list lacks.
    const complete: [UnlistedFailureReasons] extends [never] ? true : false = true;
    expect(complete).toBe(true);
    expect(ga4FailureReasons.map((reason) => english(ga4FailureReasonMessages[reason]))).toEqual([
      'Google Analytics could not be reached.',
      'Google Analytics did not answer within 10 seconds.',
      'Google Analytics answered with an error.',
    ]);
    const failure = (reason: 'unreachable' | 'timeout' | 'http_error', responseCode: number | null) => ({ ...connected, lastFailure: { at: connected.lastSentAt!, reason, responseCode } });
    expect(english(lastFailureMessage(failure('http_error', 403)) ?? undefined)).toBe('Google Analytics answered with an error (HTTP 403).');
    expect(english(lastFailureMessage(failure('http_error', null)) ?? undefined)).toBe('Google Analytics answered with an error.');
    expect(english(lastFailureMessage(failure('timeout', null)) ?? undefined)).toBe('Google Analytics did not answer within 10 seconds.');
    expect(lastFailureMessage(notConnected)).toBeNull();
  });
});

describe('GA4 settings: generated paths', () => {
  const paths = generatePaths(ga4SettingsMachine, {
    events: [
      { type: 'user.change', field: 'measurementId', value: 'G-ABC123XYZ9' },
      { type: 'user.change', field: 'apiSecret', value: 's3cr3t' },
      { type: 'user.blur', field: 'measurementId' },
      { type: 'user.toggleActive', isActive: false },
      { type: 'user.submit' },
      { type: 'user.retry' },
      { type: 'user.requestDisconnect' },
      { type: 'user.confirmDisconnect' },
      { type: 'user.cancelDisconnect' },
      { type: 'xstate.done.actor.settingsLoader', output: connected },
      { type: 'xstate.error.actor.settingsLoader', error: { status: 0 } },
      { type: 'xstate.done.actor.saveRequest', output: connected },
      { type: 'xstate.error.actor.saveRequest', error: { status: 400, code: 'invalid_request' } },
      { type: 'xstate.error.actor.saveRequest', error: { status: 500 } },
      { type: 'xstate.done.actor.disconnectRequest', output: undefined },
      { type: 'xstate.error.actor.disconnectRequest', error: { status: 500 } },
    ],
    contextKey: (s) => {
      const { settings, form, failure } = s.context as { settings: Ga4Settings | null; form: { values: { measurementId: string; apiSecret: string } }; failure: unknown };
      return `${settings?.configured ?? '-'}|${form.values.measurementId}|${form.values.apiSecret}|${failure ? 'f' : '-'}`;
    },
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(ga4SettingsMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(ga4SettingsMachine.provide({ actors: { settingsLoader: stalled(), saveRequest: stalled(), disconnectRequest: stalled() } })).start();
    replayPath(path, actor, (snapshot, step) => {
      // Disconnecting is asked for or sent only while a connection is stored.
      if (snapshot.matches({ ready: 'confirmingDisconnect' }) || snapshot.matches({ ready: 'disconnecting' })) expect(snapshot.context.settings?.configured).toBe(true);
      // A failure shows only with the draft it failed for, never while a request runs.
      if (snapshot.context.failure !== null) expect(snapshot.matches({ ready: 'editing' })).toBe(true);
      // The secret field is empty whenever the form starts from the stored connection.
      if (step.event.type.startsWith('xstate.done.actor')) expect(snapshot.context.form.values.apiSecret).toBe('');
    });
    actor.stop();
  });
});
