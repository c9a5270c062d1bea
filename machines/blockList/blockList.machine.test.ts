import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { blockListMachine, type BlockedVisitor } from './blockList.machine.ts';
import type { BlockVisitorValues } from './blockList.schema.ts';
import { hasFailed, isBlocking, isBusy, unblockingId, valueError } from './blockList.selectors.ts';

const spammer: BlockedVisitor = { id: 7, kind: 'number', value: '+14155550199', createdAt: '2026-11-20T10:00:00Z' };
const botnet: BlockedVisitor = { id: 8, kind: 'address', value: '203.0.113.9', createdAt: '2026-11-21T10:00:00Z' };

interface Fakes {
  load?: () => Promise<BlockedVisitor[]>;
  block?: (values: BlockVisitorValues) => Promise<BlockedVisitor>;
  unblock?: (entry: BlockedVisitor) => Promise<void>;
}

function blockList({ load = async () => [botnet, spammer], block, unblock = async () => undefined }: Fakes = {}) {
  const calls = {
    load: vi.fn(load),
    block: vi.fn(block ?? (async (values: BlockVisitorValues) => ({ id: 9, createdAt: '2026-11-24T10:00:00Z', ...values }))),
    unblock: vi.fn(unblock),
    notices: [] as { type: string; message: string | undefined }[],
  };
  const actor = createActor(
    blockListMachine.provide({
      actors: {
        blockListLoader: fromPromise(() => calls.load()),
        blockRequest: fromPromise(({ input }) => calls.block(input)),
        unblockRequest: fromPromise(({ input }) => calls.unblock(input)),
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

const type = (actor: ReturnType<typeof blockList>['actor'], field: 'kind' | 'value', value: string) =>
  actor.send({ type: 'user.change', field, value: value as never });

describe('block list: loading', () => {
  it('lists the entries as the server answers them', async () => {
    const { actor } = blockList();
    await flushPromises();
    expect(actor.getSnapshot().context.entries).toEqual([botnet, spammer]);
  });

  it('fails with Try again, which loads again', async () => {
    let attempts = 0;
    const { actor, calls } = blockList({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw { status: 0 };
        return [spammer];
      },
    });
    await flushPromises();
    expect(hasFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.retry' });
    await flushPromises();
    expect(calls.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.entries).toEqual([spammer]);
  });
});

describe('block list: the block form', () => {
  it('checks the value against its kind as typed (spec §5 Phone pattern; IPv4 or IPv6)', async () => {
    const { actor, calls } = blockList();
    await flushPromises();
    actor.send({ type: 'user.submit' });
    expect(english(valueError(actor.getSnapshot()))).toBe('Phone Number is required.');
    type(actor, 'value', '415 555');
    expect(english(valueError(actor.getSnapshot()))).toBe('Wrong phone number format');
    type(actor, 'value', '+1 (415) 555-0142');
    expect(valueError(actor.getSnapshot())).toBeUndefined();
    type(actor, 'kind', 'address');
    expect(english(valueError(actor.getSnapshot()))).toBe('IP Address is not valid');
    type(actor, 'value', ' ');
    expect(english(valueError(actor.getSnapshot()))).toBe('IP Address is required.');
    type(actor, 'value', '415 555');
    for (const address of ['203.0.113.7', '2001:db8::7', ' 203.0.113.7 ']) {
      type(actor, 'value', address);
      expect(valueError(actor.getSnapshot()), address).toBeUndefined();
    }
    type(actor, 'value', '203.0.113.256');
    actor.send({ type: 'user.submit' });
    expect(calls.block).not.toHaveBeenCalled();
    type(actor, 'kind', 'number');
    type(actor, 'value', `+1 415 555 0142${' '.repeat(50)}`);
    expect(english(valueError(actor.getSnapshot()))).toBe('Maximum field length 64');
  });

  it('blocks: the new entry goes on top, the value empties and the kind stays', async () => {
    const { actor, calls } = blockList();
    await flushPromises();
    type(actor, 'kind', 'address');
    type(actor, 'value', '198.51.100.4');
    actor.send({ type: 'user.submit' });
    expect(isBlocking(actor.getSnapshot())).toBe(true);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.block).toHaveBeenCalledWith({ kind: 'address', value: '198.51.100.4' });
    const { entries, form } = actor.getSnapshot().context;
    expect(entries.map((entry) => entry.value)).toEqual(['198.51.100.4', botnet.value, spammer.value]);
    expect(form.values).toEqual({ kind: 'address', value: '' });
    expect(valueError(actor.getSnapshot())).toBeUndefined();
    expect(calls.notices).toEqual([{ type: 'success', message: 'The visitor is blocked.' }]);
  });

  it('lists an entry once when the server answers one already listed', async () => {
    const { actor } = blockList({ block: async () => spammer });
    await flushPromises();
    type(actor, 'value', '4155550199');
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(actor.getSnapshot().context.entries).toEqual([spammer, botnet]);
  });

  it('keeps the draft when blocking fails, and says when the list is full', async () => {
    const failures = [{ status: 500 }, { status: 409, code: 'block_list_full' }];
    const { actor, calls } = blockList({
      block: async () => {
        throw failures.shift();
      },
    });
    await flushPromises();
    type(actor, 'value', '+14155550142');
    actor.send({ type: 'user.submit' });
    await flushPromises();
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(actor.getSnapshot().context.form.values.value).toBe('+14155550142');
    expect(actor.getSnapshot().context.entries).toEqual([botnet, spammer]);
    expect(calls.notices).toEqual([
      { type: 'error', message: 'Failed to block the visitor.' },
      { type: 'error', message: 'Your block list is full. Unblock an entry to add another.' },
    ]);
  });
});

describe('block list: unblock', () => {
  it('drops the entry once the server has, and keeps it when that fails', async () => {
    let fail = true;
    const { actor, calls } = blockList({
      unblock: async () => {
        if (fail) throw { status: 500 };
      },
    });
    await flushPromises();
    actor.send({ type: 'user.unblock', entry: spammer });
    expect(unblockingId(actor.getSnapshot())).toBe(spammer.id);
    await flushPromises();
    expect(actor.getSnapshot().context.entries).toEqual([botnet, spammer]);
    expect(unblockingId(actor.getSnapshot())).toBeNull();
    fail = false;
    actor.send({ type: 'user.unblock', entry: spammer });
    await flushPromises();
    expect(calls.unblock).toHaveBeenLastCalledWith(spammer);
    expect(actor.getSnapshot().context.entries).toEqual([botnet]);
    expect(calls.notices.map((notice) => notice.message)).toEqual(['Failed to unblock the visitor.', 'The visitor is unblocked.']);
  });

  it('sends one request at a time', async () => {
    const { actor, calls } = blockList({ unblock: () => new Promise(() => {}) });
    await flushPromises();
    actor.send({ type: 'user.unblock', entry: spammer });
    actor.send({ type: 'user.unblock', entry: botnet });
    type(actor, 'value', '+14155550142');
    actor.send({ type: 'user.submit' });
    expect(calls.unblock).toHaveBeenCalledTimes(1);
    expect(calls.block).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.form.values.value).toBe('');
  });
});

describe('block list: generated paths', () => {
  const paths = generatePaths(blockListMachine, {
    events: [
      { type: 'user.change', field: 'value', value: '+14155550142' },
      { type: 'user.blur', field: 'value' },
      { type: 'user.submit' },
      { type: 'user.unblock', entry: spammer },
      { type: 'user.retry' },
      { type: 'xstate.done.actor.blockListLoader', output: [spammer] },
      { type: 'xstate.error.actor.blockListLoader', error: { status: 0 } },
      { type: 'xstate.done.actor.blockRequest', output: { ...spammer, id: 9, value: '+14155550142' } },
      { type: 'xstate.error.actor.blockRequest', error: { status: 409, code: 'block_list_full' } },
      { type: 'xstate.error.actor.blockRequest', error: { status: 500 } },
      { type: 'xstate.done.actor.unblockRequest', output: undefined },
      { type: 'xstate.error.actor.unblockRequest', error: { status: 500 } },
    ],
    contextKey: (s) => `${s.context.form.values.value}|${s.context.entries.length}|${s.context.unblocking ? 'u' : '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(blockListMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(
      blockListMachine.provide({
        actors: { blockListLoader: stalled(), blockRequest: stalled(), unblockRequest: stalled() },
      }),
    ).start();
    replayPath(path, actor, (snapshot) => {
      // An entry is held exactly while its unblock is sent, and its Unblock spins meanwhile.
      const sending = snapshot.matches({ ready: 'unblocking' });
      expect(snapshot.context.unblocking !== null).toBe(sending);
      expect(unblockingId(snapshot as never) !== null).toBe(sending);
    });
    actor.stop();
  });
});
