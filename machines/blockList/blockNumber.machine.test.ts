import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import type { BlockedVisitor } from './blockList.machine.ts';
import type { BlockVisitorValues } from './blockList.schema.ts';
import { blockNumberMachine } from './blockNumber.machine.ts';

const listed: BlockedVisitor = { id: 1, kind: 'number', value: '+14155550199', createdAt: '2026-11-24T10:00:00Z' };

function blocker(block: (values: BlockVisitorValues) => Promise<BlockedVisitor> = async () => listed) {
  const calls = { block: vi.fn(block), notices: [] as { type: string; message: string | undefined }[] };
  const actor = createActor(
    blockNumberMachine.provide({
      actors: { blockRequest: fromPromise(({ input }) => calls.block(input)) },
      actions: {
        showNotice: (_, params: { type: string; message: MessageDescriptor }) => {
          calls.notices.push({ type: params.type, message: english(params.message) });
        },
      },
    }),
  ).start();
  return { actor, calls };
}

describe('block a number from Calls History', () => {
  it('asks first, then blocks the customer number and says so', async () => {
    const { actor, calls } = blocker();
    actor.send({ type: 'user.requestBlock', number: '+14155550199' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(calls.block).not.toHaveBeenCalled();
    actor.send({ type: 'user.confirm' });
    expect(actor.getSnapshot().matches('blocking')).toBe(true);
    await flushPromises();
    expect(calls.block).toHaveBeenCalledWith({ kind: 'number', value: '+14155550199' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.number).toBeNull();
    expect(calls.notices).toEqual([{ type: 'success', message: 'The visitor is blocked.' }]);
  });

  it('sends nothing when cancelled', () => {
    const { actor, calls } = blocker();
    actor.send({ type: 'user.requestBlock', number: '+14155550199' });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.number).toBeNull();
    expect(calls.block).not.toHaveBeenCalled();
  });

  it('closes with the failure, and says when the list is full', async () => {
    const failures = [{ status: 500 }, { status: 409, code: 'block_list_full' }];
    const { actor, calls } = blocker(async () => {
      throw failures.shift();
    });
    for (let i = 0; i < 2; i++) {
      actor.send({ type: 'user.requestBlock', number: '+14155550199' });
      actor.send({ type: 'user.confirm' });
      await flushPromises();
    }
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls.notices).toEqual([
      { type: 'error', message: 'Failed to block the visitor.' },
      { type: 'error', message: 'Your block list is full. Unblock an entry to add another.' },
    ]);
  });
});

describe('block number: generated paths', () => {
  const paths = generatePaths(blockNumberMachine, {
    events: [
      { type: 'user.requestBlock', number: '+14155550199' },
      { type: 'user.confirm' },
      { type: 'user.cancel' },
      { type: 'xstate.done.actor.blockRequest', output: listed },
      { type: 'xstate.error.actor.blockRequest', error: { status: 500 } },
    ],
    contextKey: (s) => String(s.context.number),
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(blockNumberMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(blockNumberMachine.provide({ actors: { blockRequest: stalled() } })).start();
    replayPath(path, actor, (snapshot) => {
      // A number is held exactly while it is confirmed or sent.
      expect(snapshot.context.number !== null).toBe(!snapshot.matches('idle'));
    });
    actor.stop();
  });
});
