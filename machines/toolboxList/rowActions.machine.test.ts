import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { rowActionsMachine, type RowToggle, type ToolboxRow } from './rowActions.machine.ts';
import { deleteTarget, isDeleting, isToggling, shownActivity } from './rowActions.selectors.ts';

const live: ToolboxRow = { id: 1, name: 'Live widget', isActive: true };
const paused: ToolboxRow = { id: 2, name: 'Paused widget', isActive: false };

function running(options: { toggle?: (toggle: RowToggle) => Promise<unknown>; remove?: (row: ToolboxRow) => Promise<unknown> } = {}) {
  const calls = {
    toggle: vi.fn(options.toggle ?? (async (toggle: RowToggle) => ({ ...toggle.row, isActive: toggle.isActive }))),
    remove: vi.fn(options.remove ?? (async () => undefined)),
    notifyToggled: vi.fn(),
    notifyToggleFailed: vi.fn(),
    notifyDeleted: vi.fn(),
    notifyDeleteFailed: vi.fn(),
    publishChanged: vi.fn(),
  };
  const actor = createActor(
    rowActionsMachine.provide({
      actors: {
        toggleRequest: fromPromise(({ input }) => calls.toggle(input)),
        deleteRequest: fromPromise(({ input }) => calls.remove(input.row)),
      },
      actions: {
        notifyToggled: ({ context }) => calls.notifyToggled(context.toggle),
        notifyToggleFailed: ({ context }) => calls.notifyToggleFailed(context.toggle),
        notifyDeleted: ({ context }) => calls.notifyDeleted(context.deleteTarget),
        notifyDeleteFailed: ({ context }) => calls.notifyDeleteFailed(context.deleteTarget),
        publishChanged: calls.publishChanged,
      },
    }),
  ).start();
  return { actor, calls };
}

const idle = (snapshot: Parameters<typeof isToggling>[0]) => !isToggling(snapshot) && deleteTarget(snapshot) === null;

describe('row actions: single steps', () => {
  it('starts with nothing pending', () => {
    const [snapshot] = initialTransition(rowActionsMachine);
    expect(snapshot.value).toEqual({ toggle: 'idle', delete: 'idle' });
    expect(shownActivity(snapshot, live)).toBe(true);
  });

  it('ignores a switch that asks for the value the row already has', () => {
    const [start] = initialTransition(rowActionsMachine);
    const [next] = transition(rowActionsMachine, start, { type: 'user.toggle', row: live, isActive: true });
    expect(next.value).toEqual(start.value);
  });
});

describe('row actions: toggle (spec §4 Widgets, Agents)', () => {
  it('shows the new value at once, sends the whole row, then notifies and publishes the change', async () => {
    let answer: (row: unknown) => void = () => {};
    const { actor, calls } = running({ toggle: () => new Promise((resolve) => (answer = resolve)) });
    actor.send({ type: 'user.toggle', row: paused, isActive: true });
    expect(isToggling(actor.getSnapshot())).toBe(true);
    expect(shownActivity(actor.getSnapshot(), paused)).toBe(true);
    expect(shownActivity(actor.getSnapshot(), live)).toBe(true);
    expect(calls.toggle).toHaveBeenCalledWith({ row: paused, isActive: true });

    // One toggle at a time: another switch waits.
    actor.send({ type: 'user.toggle', row: live, isActive: false });
    expect(calls.toggle).toHaveBeenCalledTimes(1);

    answer({ ...paused, isActive: true });
    await waitFor(actor, idle, { timeout: 1000 });
    expect(calls.notifyToggled).toHaveBeenCalledWith({ row: paused, isActive: true });
    expect(calls.publishChanged).toHaveBeenCalledTimes(1);
    expect(calls.notifyToggleFailed).not.toHaveBeenCalled();
  });

  it('rolls the switch back with the error notice when the update fails', async () => {
    const { actor, calls } = running({
      toggle: async () => {
        throw { status: 500 };
      },
    });
    actor.send({ type: 'user.toggle', row: live, isActive: false });
    expect(shownActivity(actor.getSnapshot(), live)).toBe(false);
    await waitFor(actor, idle, { timeout: 1000 });
    expect(shownActivity(actor.getSnapshot(), live)).toBe(true);
    expect(calls.notifyToggleFailed).toHaveBeenCalledWith({ row: live, isActive: false });
    expect(calls.notifyToggled).not.toHaveBeenCalled();
    expect(calls.publishChanged).not.toHaveBeenCalled();
  });
});

describe('row actions: delete with confirmation (spec §2 Widgets, Agents)', () => {
  it('sends nothing when the confirmation is cancelled', () => {
    const { actor, calls } = running();
    actor.send({ type: 'user.requestDelete', row: live });
    expect(deleteTarget(actor.getSnapshot())).toEqual(live);
    actor.send({ type: 'user.cancelDelete' });
    expect(deleteTarget(actor.getSnapshot())).toBeNull();
    expect(calls.remove).not.toHaveBeenCalled();
  });

  it('deletes after "Yes, I am sure.", then notifies and publishes the change', async () => {
    let done: () => void = () => {};
    const { actor, calls } = running({ remove: () => new Promise<void>((resolve) => (done = resolve)) });
    actor.send({ type: 'user.requestDelete', row: live });
    actor.send({ type: 'user.confirmDelete' });
    expect(isDeleting(actor.getSnapshot())).toBe(true);
    expect(deleteTarget(actor.getSnapshot())).toEqual(live);
    // The dialog cannot be dismissed while the request runs.
    actor.send({ type: 'user.cancelDelete' });
    expect(isDeleting(actor.getSnapshot())).toBe(true);
    done();
    await waitFor(actor, idle, { timeout: 1000 });
    expect(calls.remove).toHaveBeenCalledWith(live);
    expect(calls.notifyDeleted).toHaveBeenCalledWith(live);
    expect(calls.publishChanged).toHaveBeenCalledTimes(1);
  });

  it('closes the confirmation with the error notice when the deletion fails', async () => {
    const { actor, calls } = running({
      remove: async () => {
        throw { status: 500 };
      },
    });
    actor.send({ type: 'user.requestDelete', row: paused });
    actor.send({ type: 'user.confirmDelete' });
    await waitFor(actor, idle, { timeout: 1000 });
    expect(calls.notifyDeleteFailed).toHaveBeenCalledWith(paused);
    expect(calls.notifyDeleted).not.toHaveBeenCalled();
    expect(calls.publishChanged).not.toHaveBeenCalled();
  });
});

describe('row actions: generated paths', () => {
  const paths = generatePaths(rowActionsMachine, {
    events: [
      { type: 'user.toggle', row: paused, isActive: true },
      { type: 'user.toggle', row: live, isActive: true },
      { type: 'user.requestDelete', row: live },
      { type: 'user.confirmDelete' },
      { type: 'user.cancelDelete' },
      { type: 'xstate.done.actor.toggleRequest', output: { ...paused, isActive: true } },
      { type: 'xstate.error.actor.toggleRequest', error: { status: 500 } },
      { type: 'xstate.done.actor.deleteRequest', output: undefined },
      { type: 'xstate.error.actor.deleteRequest', error: { status: 500 } },
    ],
    contextKey: (s) => `${s.context.toggle ? 'toggle' : '-'}|${s.context.deleteTarget ? 'target' : '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(rowActionsMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const published = vi.fn();
    const actor = createActor(
      rowActionsMachine.provide({
        actors: { toggleRequest: stalled(), deleteRequest: stalled() },
        actions: { publishChanged: published },
      }),
    ).start();
    let publishedBefore = 0;
    replayPath(path, actor, (snapshot, step) => {
      // The switch shows the asked-for value exactly while its request runs.
      if (snapshot.matches({ toggle: 'saving' })) expect(shownActivity(snapshot as never, paused)).toBe(true);
      else expect(shownActivity(snapshot as never, paused)).toBe(false);
      // Only a successful request publishes a change.
      const succeeded = step.event.type.startsWith('xstate.done.actor.');
      expect(published.mock.calls.length - publishedBefore).toBe(succeeded ? 1 : 0);
      publishedBefore = published.mock.calls.length;
      if (snapshot.matches({ delete: 'idle' })) expect(deleteTarget(snapshot as never)).toBeNull();
    });
    actor.stop();
  });
});
