import { describe, expect, it, vi } from 'vitest';
import { assertEvent, createActor, fromPromise, waitFor } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { createFileExportMachine, type ExportRequest } from './fileExport.machine.ts';
import type { DownloadedFile } from './list.types.ts';

type Request = { status: string | null };
type Input = ExportRequest<Request>;
const machine = createFileExportMachine<Request, string>();

function start(exporter: (input: Input) => Promise<DownloadedFile<string>>) {
  const fileExporter = vi.fn(exporter);
  const saveFile = vi.fn();
  const notifyExportFailed = vi.fn();
  const actor = createActor(
    machine.provide({
      actors: { fileExporter: fromPromise(({ input }) => fileExporter(input)) },
      actions: { saveFile: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.fileExporter');
        saveFile(event.output);
      }, notifyExportFailed },
    }),
  ).start();
  return { actor, fileExporter, saveFile, notifyExportFailed };
}

describe('file export machine', () => {
  it('exports what it is asked for and saves the file', async () => {
    const { actor, fileExporter, saveFile } = start(async ({ filters }) => ({ name: 'calls.csv', content: `csv of ${filters.status}` }));
    actor.send({ type: 'user.export', filters: { status: 'missed' } });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 1000 });
    expect(fileExporter).toHaveBeenCalledWith({ filters: { status: 'missed' } });
    expect(saveFile).toHaveBeenCalledWith({ name: 'calls.csv', content: 'csv of missed' });
  });

  it('ignores clicks while an export runs', () => {
    const { actor, fileExporter } = start(() => new Promise(() => {}));
    actor.send({ type: 'user.export', filters: { status: null } });
    actor.send({ type: 'user.export', filters: { status: 'busy' } });
    expect(fileExporter).toHaveBeenCalledTimes(1);
  });

  it('shows the failure notice and can export again', async () => {
    const { actor, notifyExportFailed, saveFile } = start(async () => {
      throw { status: 500 };
    });
    actor.send({ type: 'user.export', filters: { status: null } });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 1000 });
    expect(notifyExportFailed).toHaveBeenCalledTimes(1);
    expect(saveFile).not.toHaveBeenCalled();
  });
});

describe('file export machine: generated paths', () => {
  const paths = generatePaths(machine, {
    events: [
      { type: 'user.export', filters: { status: null } },
      { type: 'xstate.done.actor.fileExporter', output: { name: 'calls.csv', content: 'csv' } },
      { type: 'xstate.error.actor.fileExporter', error: { status: 500 } },
    ],
  });

  it('covers every state and every transition', () => expectFullCoverage(machine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const saveFile = vi.fn();
    const notifyExportFailed = vi.fn();
    const actor = createActor(machine.provide({ actors: { fileExporter: stalled<DownloadedFile<string>, Input>() }, actions: { saveFile, notifyExportFailed } })).start();
    replayPath(path, actor);
    const last = path.steps.at(-1)?.event.type;
    expect(saveFile).toHaveBeenCalledTimes(last === 'xstate.done.actor.fileExporter' ? 1 : 0);
    expect(notifyExportFailed).toHaveBeenCalledTimes(last === 'xstate.error.actor.fileExporter' ? 1 : 0);
    actor.stop();
  });
});
