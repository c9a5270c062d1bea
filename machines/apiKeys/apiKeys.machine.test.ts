import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { apiKeysMachine } from './apiKeys.machine.ts';
import { apiKeyScopeLabels } from './apiKeys.messages.ts';
import { deleteTarget, hasFailed, isDeleting, isLoading, keyHint, listedKeys } from './apiKeys.selectors.ts';
import { apiKeyScopes, type ApiKey, type UnlistedScopes } from './apiKeys.types.ts';

const crm: ApiKey = { id: 7, name: 'CRM sync', scope: 'read', prefix: 'cbk_AbC123', createdAt: '2026-11-24T10:00:00Z', lastUsedAt: '2026-11-25T08:31:00Z' };
const billing: ApiKey = { id: 6, name: 'Billing export', scope: 'write', prefix: 'cbk_x-9_Zq', createdAt: '2026-11-20T10:00:00Z', lastUsedAt: null };

interface Fakes {
  load?: () => Promise<ApiKey[]>;
  remove?: (apiKey: ApiKey) => Promise<void>;
}

function keys({ load = async () => [crm, billing], remove = async () => undefined }: Fakes = {}) {
  const calls = { load: vi.fn(load), remove: vi.fn(remove), notices: [] as { type: string; message: string | undefined }[] };
  const actor = createActor(
    apiKeysMachine.provide({
      actors: {
        keysLoader: fromPromise(() => calls.load()),
        deleteRequest: fromPromise(({ input }) => calls.remove(input)),
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

const failing = async () => {
  throw { status: 500 };
};

describe('API keys: loading', () => {
  it('lists the keys as the server answers them', async () => {
    const { actor } = keys();
    expect(isLoading(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(listedKeys(actor.getSnapshot())).toEqual([crm, billing]);
  });

  it('fails with Try again, which loads again', async () => {
    let attempts = 0;
    const { actor, calls } = keys({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw { status: 0 };
        return [crm];
      },
    });
    await flushPromises();
    expect(hasFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.retry' });
    expect(isLoading(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.load).toHaveBeenCalledTimes(2);
    expect(listedKeys(actor.getSnapshot())).toEqual([crm]);
  });
});

describe('API keys: deleting', () => {
  it('asks before deleting; cancelling sends nothing', async () => {
    const { actor, calls } = keys();
    await flushPromises();
    actor.send({ type: 'user.requestDelete', apiKey: crm });
    expect(deleteTarget(actor.getSnapshot())).toEqual(crm);
    expect(isDeleting(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.cancelDelete' });
    expect(deleteTarget(actor.getSnapshot())).toBeNull();
    expect(calls.remove).not.toHaveBeenCalled();
  });

  it('deletes once confirmed, and the key leaves the list', async () => {
    let answer: () => void = () => {};
    const { actor, calls } = keys({ remove: () => new Promise<void>((resolve) => (answer = resolve)) });
    await flushPromises();
    actor.send({ type: 'user.requestDelete', apiKey: billing });
    actor.send({ type: 'user.confirmDelete' });
    expect(isDeleting(actor.getSnapshot())).toBe(true);
    expect(deleteTarget(actor.getSnapshot())).toEqual(billing);
    // The dialog's buttons are its only way on while it is sent: a second Delete waits.
    actor.send({ type: 'user.requestDelete', apiKey: crm });
    expect(deleteTarget(actor.getSnapshot())).toEqual(billing);
    answer();
    await flushPromises();
    expect(calls.remove).toHaveBeenCalledWith(billing);
    expect(calls.remove).toHaveBeenCalledTimes(1);
    expect(listedKeys(actor.getSnapshot())).toEqual([crm]);
    expect(deleteTarget(actor.getSnapshot())).toBeNull();
    expect(calls.notices).toEqual([{ type: 'success', message: 'The API key is deleted: requests with it are refused from now on.' }]);
  });

  it('counts a key deleted elsewhere (404) as deleted', async () => {
    const { actor, calls } = keys({
      remove: async () => {
        throw { status: 404, code: 'not_found' };
      },
    });
    await flushPromises();
    actor.send({ type: 'user.requestDelete', apiKey: crm });
    actor.send({ type: 'user.confirmDelete' });
    await flushPromises();
    expect(listedKeys(actor.getSnapshot())).toEqual([billing]);
    expect(calls.notices).toEqual([{ type: 'success', message: 'The API key is deleted: requests with it are refused from now on.' }]);
  });

  it('keeps the key when the deletion fails, and says so', async () => {
    const { actor, calls } = keys({ remove: failing });
    await flushPromises();
    actor.send({ type: 'user.requestDelete', apiKey: crm });
    actor.send({ type: 'user.confirmDelete' });
    await flushPromises();
    expect(listedKeys(actor.getSnapshot())).toEqual([crm, billing]);
    expect(deleteTarget(actor.getSnapshot())).toBeNull();
    expect(calls.notices).toEqual([{ type: 'error', message: 'Failed to delete the API key.' }]);
  });
});

describe('API keys: a created key', () => {
  it('joins the list at the top, once, as the server lists newest first', async () => {
    const { actor } = keys();
    await flushPromises();
    const created: ApiKey = { ...crm, id: 8, name: 'Zapier', createdAt: '2026-11-26T10:00:00Z', lastUsedAt: null };
    actor.send({ type: 'form.created', apiKey: created });
    actor.send({ type: 'form.created', apiKey: created });
    expect(listedKeys(actor.getSnapshot())).toEqual([created, crm, billing]);
  });
});

describe('apiKeyScopes', () => {
  it('lists every scope of the contract, once, each with its label', () => {
    // Does not compile when the contract names a scope the list lacks.
    const complete: [UnlistedScopes] extends [never] ? true : false = true;
    expect(complete).toBe(true);
    expect(apiKeyScopes.map((scope) => english(apiKeyScopeLabels[scope]))).toEqual(['Read only', 'Read and write']);
  });
});

describe('keyHint', () => {
  it('shows the key’s first characters with an ellipsis for the rest', () => {
    expect(keyHint(crm)).toBe('cbk_AbC123…');
  });
});

describe('API keys: generated paths', () => {
  const paths = generatePaths(apiKeysMachine, {
    events: [
      { type: 'user.retry' },
      { type: 'user.requestDelete', apiKey: crm },
      { type: 'user.confirmDelete' },
      { type: 'user.cancelDelete' },
      { type: 'form.created', apiKey: billing },
      { type: 'xstate.done.actor.keysLoader', output: [crm] },
      { type: 'xstate.error.actor.keysLoader', error: { status: 0 } },
      { type: 'xstate.done.actor.deleteRequest', output: undefined },
      { type: 'xstate.error.actor.deleteRequest', error: { status: 404, code: 'not_found' } },
      { type: 'xstate.error.actor.deleteRequest', error: { status: 500 } },
    ],
    contextKey: (s) => `${s.context.keys.map((apiKey: ApiKey) => apiKey.id).join(',')}|${s.context.target?.id ?? '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(apiKeysMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(apiKeysMachine.provide({ actors: { keysLoader: stalled(), deleteRequest: stalled() } })).start();
    replayPath(path, actor, (snapshot) => {
      // A key is held exactly while its deletion is asked for or sent, and it is a listed one.
      const acting = snapshot.matches({ ready: 'confirmingDelete' }) || snapshot.matches({ ready: 'deleting' });
      expect(snapshot.context.target !== null).toBe(acting);
      // No key is listed twice.
      const ids = snapshot.context.keys.map((apiKey: ApiKey) => apiKey.id);
      expect(new Set(ids).size).toBe(ids.length);
    });
    actor.stop();
  });
});
