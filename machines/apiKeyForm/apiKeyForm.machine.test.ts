import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiKey, ApiKeyCreated } from '../apiKeys/apiKeys.types.ts';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { apiKeyFormMachine, withoutKey } from './apiKeyForm.machine.ts';
import type { ApiKeyFormValues } from './apiKeyForm.schema.ts';
import { createdKey, currentPasswordError, formValues, hasCopyFailed, isCopied, isCopying, isCreating, nameError, shownKey, submitFailure } from './apiKeyForm.selectors.ts';

const created: ApiKeyCreated = {
  id: 7,
  name: 'CRM sync',
  scope: 'read',
  prefix: 'cbk_AbC123',
  createdAt: '2026-11-24T10:00:00Z',
  lastUsedAt: null,
  key: 'cbk_AbC123defghijklmnopqrstuvwxyz0123456789-_ABCDE',
};

interface Fakes {
  create?: (values: ApiKeyFormValues) => Promise<ApiKeyCreated>;
  copy?: (key: string) => Promise<void>;
}

function form({ create = async () => created, copy = async () => undefined }: Fakes = {}) {
  const calls = { create: vi.fn(create), copy: vi.fn(copy), announced: [] as ApiKey[] };
  const actor = createActor(
    apiKeyFormMachine.provide({
      actors: {
        createRequest: fromPromise(({ input }) => calls.create(input)),
        keyCopier: fromPromise(({ input }) => calls.copy(input)),
      },
      actions: {
        announceCreated: (_, params: { apiKey: ApiKey }) => {
          calls.announced.push(params.apiKey);
        },
      },
    }),
  ).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof form>['actor'];
const typeName = (actor: Actor, name: string) => actor.send({ type: 'user.change', field: 'name', value: name });
const typePassword = (actor: Actor, password: string) => actor.send({ type: 'user.change', field: 'currentPassword', value: password });
const shownNameError = (actor: Actor) => english(nameError(actor.getSnapshot()));
const shownPasswordError = (actor: Actor) => english(currentPasswordError(actor.getSnapshot()));
/** A draft the form sends: a name and the password. */
function fillIn(actor: Actor, name = 'CRM sync') {
  typeName(actor, name);
  typePassword(actor, 'correct horse');
}

describe('create API key: the form', () => {
  it('starts empty, read only', () => {
    const { actor } = form();
    expect(formValues(actor.getSnapshot())).toEqual({ name: '', scope: 'read', currentPassword: '' });
  });

  it('asks for the current password: required, as long as a password may be, spaces kept (issue 19, "sudo mode")', () => {
    const { actor, calls } = form();
    typeName(actor, 'CRM sync');
    actor.send({ type: 'user.submit' });
    expect(calls.create).not.toHaveBeenCalled();
    expect(shownPasswordError(actor)).toBe('Current Password is required.');
    typePassword(actor, 'p'.repeat(51));
    expect(shownPasswordError(actor)).toBe('Maximum field length 50');
    typePassword(actor, ' ');
    expect(currentPasswordError(actor.getSnapshot())).toBeUndefined();
  });

  it('checks the name as the server stores it: required, 100 characters at most, spaces around it aside', () => {
    const { actor, calls } = form();
    actor.send({ type: 'user.submit' });
    expect(calls.create).not.toHaveBeenCalled();
    expect(shownNameError(actor)).toBe('Name is required.');
    typeName(actor, '   ');
    expect(shownNameError(actor)).toBe('Name is required.');
    typeName(actor, 'a'.repeat(101));
    expect(shownNameError(actor)).toBe('Maximum field length 100');
    typeName(actor, ` ${'a'.repeat(100)} `);
    expect(nameError(actor.getSnapshot())).toBeUndefined();
  });

  it('shows an error only once the field was left or a submit tried', () => {
    const { actor } = form();
    typeName(actor, 'a'.repeat(101));
    expect(nameError(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'user.blur', field: 'name' });
    expect(shownNameError(actor)).toBe('Maximum field length 100');
  });
});

describe('create API key: creating', () => {
  it('sends the trimmed name and the chosen scope, announces the key without the key itself and shows the key once', async () => {
    const { actor, calls } = form({ create: async ({ name, scope }) => ({ ...created, name, scope }) });
    fillIn(actor, '  Billing export ');
    actor.send({ type: 'user.chooseScope', scope: 'write' });
    actor.send({ type: 'user.submit' });
    expect(isCreating(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.create).toHaveBeenCalledWith({ name: 'Billing export', scope: 'write', currentPassword: 'correct horse' });
    expect(shownKey(actor.getSnapshot())).toBe(created.key);
    // The password is let go as soon as it has done its work.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('correct horse');
    expect(createdKey(actor.getSnapshot())).toMatchObject({ name: 'Billing export', scope: 'write' });
    // The list never gets the key.
    expect(calls.announced).toEqual([withoutKey({ ...created, name: 'Billing export', scope: 'write' })]);
    expect(JSON.stringify(calls.announced)).not.toContain(created.key);

    actor.send({ type: 'user.done' });
    expect(shownKey(actor.getSnapshot())).toBeNull();
    expect(createdKey(actor.getSnapshot())).toBeNull();
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(created.key);
    expect(formValues(actor.getSnapshot())).toEqual({ name: '', scope: 'read', currentPassword: '' });
  });

  it('copies the key, and says how to copy it by hand when the clipboard refuses', async () => {
    let refuse = false;
    let answer: () => void = () => {};
    const { actor, calls } = form({
      copy: () =>
        new Promise<void>((resolve, reject) => {
          answer = () => (refuse ? reject(new Error('denied')) : resolve());
        }),
    });
    fillIn(actor);
    actor.send({ type: 'user.submit' });
    await flushPromises();
    actor.send({ type: 'user.copy' });
    expect(isCopying(actor.getSnapshot())).toBe(true);
    answer();
    await flushPromises();
    expect(calls.copy).toHaveBeenCalledWith(created.key);
    expect(isCopied(actor.getSnapshot())).toBe(true);
    refuse = true;
    actor.send({ type: 'user.copy' });
    answer();
    await flushPromises();
    expect(hasCopyFailed(actor.getSnapshot())).toBe(true);
    expect(shownKey(actor.getSnapshot())).toBe(created.key);
  });

  it('keeps the draft when creating fails, and says when the account has 20 keys', async () => {
    const failures = [{ status: 500 }, { status: 409, code: 'api_keys_full' }];
    const { actor, calls } = form({
      create: async () => {
        throw failures.shift();
      },
    });
    fillIn(actor);
    actor.send({ type: 'user.chooseScope', scope: 'write' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(english(submitFailure(actor.getSnapshot()))).toBe('Failed to create the API key.');
    actor.send({ type: 'user.submit' });
    expect(submitFailure(actor.getSnapshot())).toBeNull();
    await flushPromises();
    expect(english(submitFailure(actor.getSnapshot()))).toBe('You already have 20 API keys. Delete one you no longer use to create another.');
    expect(formValues(actor.getSnapshot())).toEqual({ name: 'CRM sync', scope: 'write', currentPassword: 'correct horse' });
    expect(calls.announced).toEqual([]);
  });

  it('says a wrong password at its field until it changes, and too many checks of it above the button', async () => {
    const failures = [{ status: 401, code: 'invalid_grant' }, { status: 429, code: 'too_many_attempts' }];
    const { actor, calls } = form({
      create: async () => {
        throw failures.shift();
      },
    });
    fillIn(actor);
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(shownPasswordError(actor)).toBe('The login detail is incorrect');
    expect(submitFailure(actor.getSnapshot())).toBeNull();
    // The name may change: the password stays the one found wrong.
    typeName(actor, 'CRM export');
    expect(shownPasswordError(actor)).toBe('The login detail is incorrect');
    typePassword(actor, 'correct horse battery');
    expect(currentPasswordError(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(english(submitFailure(actor.getSnapshot()))).toBe('Too many attempts. Please try again later.');
    expect(currentPasswordError(actor.getSnapshot())).toBeUndefined();
    expect(formValues(actor.getSnapshot())).toEqual({ name: 'CRM export', scope: 'read', currentPassword: 'correct horse battery' });
    expect(calls.announced).toEqual([]);
  });
});

describe('create API key: generated paths', () => {
  const paths = generatePaths(apiKeyFormMachine, {
    events: [
      { type: 'user.change', field: 'name', value: 'CRM sync' },
      { type: 'user.change', field: 'currentPassword', value: 'correct horse' },
      { type: 'user.blur', field: 'name' },
      { type: 'user.chooseScope', scope: 'write' },
      { type: 'user.submit' },
      { type: 'user.copy' },
      { type: 'user.done' },
      { type: 'xstate.done.actor.createRequest', output: created },
      { type: 'xstate.error.actor.createRequest', error: { status: 401, code: 'invalid_grant' } },
      { type: 'xstate.error.actor.createRequest', error: { status: 429, code: 'too_many_attempts' } },
      { type: 'xstate.error.actor.createRequest', error: { status: 409, code: 'api_keys_full' } },
      { type: 'xstate.error.actor.createRequest', error: { status: 500 } },
      { type: 'xstate.done.actor.keyCopier', output: undefined },
      { type: 'xstate.error.actor.keyCopier', error: new Error('denied') },
    ],
    contextKey: (s) =>
      `${s.context.form.values.name}|${s.context.form.values.scope}|${s.context.form.values.currentPassword}|${s.context.failure ? 'f' : '-'}|${s.context.passwordRefused ? 'r' : '-'}|${s.context.created ? 'c' : '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(apiKeyFormMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(apiKeyFormMachine.provide({ actors: { createRequest: stalled(), keyCopier: stalled() } })).start();
    replayPath(path, actor, (snapshot) => {
      // The key is held exactly while it is shown, and a failure is shown only with the draft it failed for.
      expect(snapshot.context.created !== null).toBe(snapshot.matches('keyShown'));
      if (snapshot.context.failure !== null) expect(snapshot.matches('editing')).toBe(true);
      // The password is held only while it may still be sent; a refusal of it shows only at the draft.
      if (snapshot.matches('keyShown')) expect(snapshot.context.form.values.currentPassword).toBe('');
      if (snapshot.context.passwordRefused) expect(snapshot.matches('editing')).toBe(true);
    });
    actor.stop();
  });
});
