import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { gettingStartedMachine } from './gettingStarted.machine.ts';
import { checklistProgress, checklistSteps, isChecklistShown } from './gettingStarted.selectors.ts';
import type { GettingStarted } from './gettingStarted.types.ts';

const fresh: GettingStarted = {
  steps: [
    { id: 'widget', done: true },
    { id: 'installation', done: false },
    { id: 'agentOrNumber', done: true },
    { id: 'testCall', done: false },
    { id: 'credits', done: false },
  ],
  dismissed: false,
  completed: false,
};
const dismissed: GettingStarted = { ...fresh, dismissed: true };
const completed: GettingStarted = { ...fresh, completed: true };

interface Fakes {
  load?: () => Promise<GettingStarted>;
  dismiss?: () => Promise<GettingStarted>;
  reopen?: () => Promise<GettingStarted>;
}

function checklist({ load = async () => fresh, dismiss = async () => dismissed, reopen = async () => fresh }: Fakes = {}) {
  const calls = { load: vi.fn(load), dismiss: vi.fn(dismiss), reopen: vi.fn(reopen), notices: [] as { type: string; message: string | undefined }[] };
  const actor = createActor(
    gettingStartedMachine.provide({
      actors: {
        statusLoader: fromPromise(() => calls.load()),
        dismissRequest: fromPromise(() => calls.dismiss()),
        reopenRequest: fromPromise(() => calls.reopen()),
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

describe('Getting started: whether it shows', () => {
  it('shows nothing until the server answered, then the steps in its order with their words, places and states', async () => {
    const { actor } = checklist();
    expect(isChecklistShown(actor.getSnapshot())).toBe(false);
    await flushPromises();
    expect(isChecklistShown(actor.getSnapshot())).toBe(true);
    expect(checklistSteps(actor.getSnapshot()).map((step) => [step.id, english(step.label), step.to, step.done])).toEqual([
      ['widget', 'Create a widget', '/widgets/manage/general', true],
      ['installation', 'Install the code on your website', '/websites', false],
      ['agentOrNumber', 'Add an agent or a number to call', '/agents/manage', true],
      ['testCall', 'Make a test call', '/widgets', false],
      ['credits', 'Buy credits or turn on auto-recharge', '/billing', false],
    ]);
    expect(checklistProgress(actor.getSnapshot())).toEqual({ done: 2, total: 5 });
  });

  it('stays hidden when put away, or once the account has had a connected call', async () => {
    for (const status of [dismissed, completed, { ...completed, dismissed: true }]) {
      const { actor } = checklist({ load: async () => status });
      await flushPromises();
      expect(isChecklistShown(actor.getSnapshot())).toBe(false);
    }
  });

  it('shows nothing when it cannot be loaded', async () => {
    const { actor, calls } = checklist({ load: async () => Promise.reject({ status: 500 }) });
    await flushPromises();
    expect(isChecklistShown(actor.getSnapshot())).toBe(false);
    expect(calls.notices).toEqual([]);
  });
});

describe('Getting started: dismissing and bringing it back', () => {
  it('hides at once when dismissed, and tells the server', async () => {
    let answer: () => void = () => {};
    const { actor, calls } = checklist({ dismiss: () => new Promise((resolve) => (answer = () => resolve(dismissed))) });
    await flushPromises();
    actor.send({ type: 'user.dismiss' });
    expect(isChecklistShown(actor.getSnapshot())).toBe(false);
    answer();
    await flushPromises();
    expect(calls.dismiss).toHaveBeenCalledTimes(1);
    expect(isChecklistShown(actor.getSnapshot())).toBe(false);
  });

  it('comes back with a notice when the dismiss fails', async () => {
    const { actor, calls } = checklist({ dismiss: async () => Promise.reject({ status: 0 }) });
    await flushPromises();
    actor.send({ type: 'user.dismiss' });
    await flushPromises();
    expect(isChecklistShown(actor.getSnapshot())).toBe(true);
    expect(calls.notices).toEqual([{ type: 'error', message: 'Failed to hide Getting started.' }]);
  });

  it('comes back from the user menu, even for an account past its first connected call', async () => {
    const { actor, calls } = checklist({ load: async () => ({ ...completed, dismissed: true }), reopen: async () => completed });
    await flushPromises();
    actor.send({ type: 'user.reopen' });
    await flushPromises();
    expect(calls.reopen).toHaveBeenCalledTimes(1);
    expect(isChecklistShown(actor.getSnapshot())).toBe(true);
  });

  it('asked for while loading, is brought back rather than loaded', async () => {
    const { actor, calls } = checklist({ load: () => new Promise(() => {}), reopen: async () => fresh });
    actor.send({ type: 'user.reopen' });
    await flushPromises();
    expect(calls.reopen).toHaveBeenCalledTimes(1);
    expect(isChecklistShown(actor.getSnapshot())).toBe(true);
  });

  it('says so when bringing it back fails', async () => {
    const { actor, calls } = checklist({ load: async () => dismissed, reopen: async () => Promise.reject({ status: 500 }) });
    await flushPromises();
    actor.send({ type: 'user.reopen' });
    await flushPromises();
    expect(isChecklistShown(actor.getSnapshot())).toBe(false);
    expect(calls.notices).toEqual([{ type: 'error', message: 'Failed to show Getting started.' }]);
  });
});

describe('Getting started: generated paths', () => {
  const paths = generatePaths(gettingStartedMachine, {
    events: [
      { type: 'user.dismiss' },
      { type: 'user.reopen' },
      { type: 'xstate.done.actor.statusLoader', output: fresh },
      { type: 'xstate.done.actor.statusLoader', output: dismissed },
      { type: 'xstate.done.actor.statusLoader', output: completed },
      { type: 'xstate.error.actor.statusLoader', error: { status: 500 } },
      { type: 'xstate.done.actor.dismissRequest', output: dismissed },
      { type: 'xstate.error.actor.dismissRequest', error: { status: 0 } },
      { type: 'xstate.done.actor.reopenRequest', output: completed },
      { type: 'xstate.error.actor.reopenRequest', error: { status: 500 } },
    ],
    contextKey: (s) => {
      const { status } = s.context as { status: GettingStarted | null };
      return status ? `${status.dismissed}|${status.completed}` : '-';
    },
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(gettingStartedMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(
      gettingStartedMachine.provide({ actors: { statusLoader: stalled(), dismissRequest: stalled(), reopenRequest: stalled() } }),
    ).start();
    replayPath(path, actor, (snapshot, step) => {
      // Shown only with a state the server answered: nothing is drawn from guesses.
      if (isChecklistShown(snapshot)) expect(snapshot.context.status).not.toBeNull();
      // Loaded on its own, it shows only for an account neither past its first call nor put away.
      if (step.event.type === 'xstate.done.actor.statusLoader' && isChecklistShown(snapshot)) {
        expect(snapshot.context.status).toMatchObject({ dismissed: false, completed: false });
      }
      // Brought back from the user menu, it shows whatever the account has done.
      if (step.event.type === 'xstate.done.actor.reopenRequest') expect(isChecklistShown(snapshot)).toBe(true);
    });
    actor.stop();
  });
});
