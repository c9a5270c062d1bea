import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import type { DownloadedFile } from './list.types.ts';
import { createRowFileMachine } from './rowFile.machine.ts';

const recording: DownloadedFile<string> = { name: 'recording-CL-1.wav', content: 'blob:recording' };

const machine = createRowFileMachine<string>();

function start(load: () => Promise<DownloadedFile<string>>) {
  const fileLoader = vi.fn(load);
  const saveFile = vi.fn();
  const notifyLoadFailed = vi.fn();
  const actor = createActor(
    machine.provide({
      actors: { fileLoader: fromPromise(() => fileLoader()) },
      actions: { saveFile: ({ context }) => saveFile(context.file), notifyLoadFailed },
    }),
  ).start();
  return { actor, fileLoader, saveFile, notifyLoadFailed };
}

describe('row file machine', () => {
  it('fetches the file once, on first open, and saves it on demand', async () => {
    const { actor, fileLoader, saveFile } = start(async () => recording);
    expect(fileLoader).not.toHaveBeenCalled();
    actor.send({ type: 'user.open' });
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 1000 });
    expect(actor.getSnapshot().context.file).toEqual(recording);
    actor.send({ type: 'user.open' });
    actor.send({ type: 'user.download' });
    actor.send({ type: 'user.download' });
    expect(fileLoader).toHaveBeenCalledTimes(1);
    expect(saveFile).toHaveBeenCalledTimes(2);
    expect(saveFile).toHaveBeenCalledWith(recording);
  });

  it('shows a notice when the fetch fails and tries again on the next open', async () => {
    const { actor, fileLoader, notifyLoadFailed } = start(async () => recording);
    fileLoader.mockRejectedValueOnce({ status: 404 });
    actor.send({ type: 'user.open' });
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 1000 });
    expect(notifyLoadFailed).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.open' });
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 1000 });
  });
});

describe('row file machine: generated paths', () => {
  const paths = generatePaths(machine, {
    events: [
      { type: 'user.open' },
      { type: 'user.download' },
      { type: 'xstate.done.actor.fileLoader', output: recording },
      { type: 'xstate.error.actor.fileLoader', error: { status: 404 } },
    ],
  });

  it('covers every state and every transition', () => expectFullCoverage(machine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const saveFile = vi.fn();
    const actor = createActor(machine.provide({ actors: { fileLoader: stalled<DownloadedFile<string>>() }, actions: { saveFile } })).start();
    replayPath(path, actor, (snapshot) => {
      if (snapshot.matches('ready')) expect(snapshot.context.file).toEqual(recording);
    });
    if (path.steps.at(-1)?.event.type === 'user.download') expect(saveFile).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
