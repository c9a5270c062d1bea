import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import type { ChosenFile } from '../upload/upload.rules.ts';
import { createWidgetPictureMachine } from './widgetPicture.machine.ts';
import { isPictureBusy, pictureTargetId } from './widgetPicture.selectors.ts';

interface Row {
  id: number;
  name: string;
}

const widgetPictureMachine = createWidgetPictureMachine<Row>();
// (the same definition as the exported widgetPictureMachine, typed with this test's rows)
const row: Row = { id: 7, name: 'Evening popup' };
const photo: ChosenFile = { name: 'agent.png', type: 'image/png', size: 120_000 };

function running(upload: (file: ChosenFile) => Promise<string> = async () => '/files/agent.png', save: (row: Row, src: string) => Promise<unknown> = async () => undefined) {
  const calls = { upload: vi.fn(upload), save: vi.fn(save), published: vi.fn(), notices: [] as { type: string; message: string | undefined }[] };
  const actor = createActor(
    widgetPictureMachine.provide({
      actors: {
        pictureUploader: fromPromise(({ input }) => calls.upload(input.file)),
        pictureSaver: fromPromise(({ input }) => calls.save(input.row, input.src)),
      },
      actions: {
        showNotice: (_, params: { type: string; message: MessageDescriptor }) => void calls.notices.push({ type: params.type, message: english(params.message) }),
        publishChanged: calls.published,
      },
    }),
  ).start();
  return { actor, calls };
}

describe('a widget picture updated in place (spec §4, §8)', () => {
  it('uploads the file, saves the widget with it and says so', async () => {
    const { actor, calls } = running();
    actor.send({ type: 'user.choosePicture', row, file: photo });
    expect(isPictureBusy(actor.getSnapshot())).toBe(true);
    expect(pictureTargetId(actor.getSnapshot())).toBe(7);
    await flushPromises();
    expect(calls.upload).toHaveBeenCalledWith(photo);
    expect(calls.save).toHaveBeenCalledWith(row, '/files/agent.png');
    expect(calls.published).toHaveBeenCalledTimes(1);
    expect(calls.notices).toEqual([{ type: 'success', message: 'Image on widget updated successfully.' }]);
    expect(isPictureBusy(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it('refuses a file that is not an image or is over 5MB, and sends nothing', () => {
    const { actor, calls } = running();
    actor.send({ type: 'user.choosePicture', row, file: { name: 'notes.txt', type: 'text/plain', size: 10 } });
    actor.send({ type: 'user.choosePicture', row, file: { ...photo, size: 5_000_001 } });
    expect(calls.upload).not.toHaveBeenCalled();
    expect(calls.notices).toEqual([
      { type: 'error', message: 'Choose an image file.' },
      { type: 'error', message: 'The image size limit is 5MB.' },
    ]);
  });

  it('says "Failed to upload picture." when the upload fails, and "Failed to update image on widget." when the save does', async () => {
    const failedUpload = running(async () => Promise.reject(new Error('network')));
    failedUpload.actor.send({ type: 'user.choosePicture', row, file: photo });
    await flushPromises();
    expect(failedUpload.calls.save).not.toHaveBeenCalled();
    expect(failedUpload.calls.notices).toEqual([{ type: 'error', message: 'Failed to upload picture.' }]);

    const failedSave = running(undefined, async () => Promise.reject({ status: 500 }));
    failedSave.actor.send({ type: 'user.choosePicture', row, file: photo });
    await flushPromises();
    expect(failedSave.calls.published).not.toHaveBeenCalled();
    expect(failedSave.calls.notices).toEqual([{ type: 'error', message: 'Failed to update image on widget.' }]);
    expect(isPictureBusy(failedSave.actor.getSnapshot())).toBe(false);
  });

  it('takes one picture at a time', () => {
    const { actor, calls } = running(() => new Promise(() => {}));
    actor.send({ type: 'user.choosePicture', row, file: photo });
    actor.send({ type: 'user.choosePicture', row: { id: 8, name: 'Other' }, file: photo });
    expect(calls.upload).toHaveBeenCalledTimes(1);
    expect(pictureTargetId(actor.getSnapshot())).toBe(7);
  });
});

describe('widget picture: generated paths', () => {
  const paths = generatePaths(widgetPictureMachine, {
    events: [
      { type: 'user.choosePicture', row, file: photo },
      { type: 'user.choosePicture', row, file: { name: 'notes.txt', type: 'text/plain', size: 10 } },
      { type: 'user.choosePicture', row, file: { ...photo, size: 5_000_001 } },
      { type: 'xstate.done.actor.pictureUploader', output: '/files/agent.png' },
      { type: 'xstate.error.actor.pictureUploader', error: new Error('network') },
      { type: 'xstate.done.actor.pictureSaver', output: undefined },
      { type: 'xstate.error.actor.pictureSaver', error: { status: 500 } },
    ],
    contextKey: (s) => String(s.context.target?.row.id ?? '-'),
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(widgetPictureMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(widgetPictureMachine.provide({ actors: { pictureUploader: stalled(), pictureSaver: stalled() } })).start();
    replayPath(path, actor, (snapshot) => {
      // A widget is held exactly while its picture is sent or saved.
      expect(snapshot.context.target !== null).toBe(isPictureBusy(snapshot));
    });
    actor.stop();
  });
});
