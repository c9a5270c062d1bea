import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { commonMessages } from '../shared/messages.ts';
import { coverageOf, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { uploadMachine, type UploadedFile, type UploaderEvent, type UploaderInput } from './upload.machine.ts';
import { uploadedFileName } from './upload.selectors.ts';
import { acceptOf, isAcceptedType, uploadMessages, UPLOAD_LIMIT_BYTES, type UploadKind } from './upload.rules.ts';

function fileOf(name: string, type: string, size = 10): File {
  const file = new File(['x'], name, { type });
  // Sizes near 5MB without allocating them: the rules only read `size`.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const picture = fileOf('logo.png', 'image/png', 1200);
const song = fileOf('hold.mp3', 'audio/mpeg', 3000);

/** A fake uploader the test drives: it records each start and stop and hands out its sendBack. */
function fakeUploader() {
  const started: UploaderInput[] = [];
  const stopped = vi.fn();
  let report: (event: UploaderEvent) => void = () => {};
  const logic = fromCallback<EventObject, UploaderInput>(({ input, sendBack }) => {
    started.push(input);
    report = sendBack;
    return stopped;
  });
  return { logic, started, stopped, report: (event: UploaderEvent) => report(event) };
}

function start(kind: UploadKind, filesLoader = stalled<UploadedFile[]>()) {
  const uploader = fakeUploader();
  const reported: Array<string | null> = [];
  const showNotice = vi.fn();
  const machine = uploadMachine.provide({ actors: { fileUploader: uploader.logic, filesLoader }, actions: { showNotice: (_, params) => showNotice(params) } });
  const actor = createActor(machine, { input: { kind } });
  actor.on('upload.changed', (event) => reported.push(event.url));
  actor.start();
  return { actor, uploader, reported, showNotice };
}

describe('upload rules (spec §5 Upload)', () => {
  it('takes any image for pictures and the listed audio types for audio', () => {
    expect(isAcceptedType('image', fileOf('a.webp', 'image/webp'))).toBe(true);
    expect(isAcceptedType('image', fileOf('a.mp3', 'audio/mpeg'))).toBe(false);
    for (const type of ['audio/mpeg', 'audio/wav', 'audio/wave', 'audio/x-wav', 'audio/aiff', 'audio/x-aiff', 'audio/x-aifc', 'audio/gsm', 'audio/x-gsm', 'audio/ulaw']) {
      expect(isAcceptedType('audio', fileOf('a', type)), type).toBe(true);
    }
    expect(isAcceptedType('audio', fileOf('a.ogg', 'audio/ogg'))).toBe(false);
    expect(isAcceptedType('audio', fileOf('a.png', 'image/png'))).toBe(false);
  });

  it('reads the extension of audio files the browser gives no type', () => {
    expect(isAcceptedType('audio', fileOf('message.gsm', ''))).toBe(true);
    expect(isAcceptedType('audio', fileOf('message.txt', ''))).toBe(false);
    expect(isAcceptedType('audio', fileOf('gsm', ''))).toBe(false);
    expect(isAcceptedType('image', fileOf('logo.png', ''))).toBe(false);
  });

  it('gives the file input the same lists', () => {
    expect(acceptOf('image')).toBe('image/*');
    expect(acceptOf('audio').split(',')).toContain('audio/x-aifc');
  });
});

describe('upload machine', () => {
  it('sends an accepted file, counts progress from 1 to 100, reports the URL and resets the counter', () => {
    const { actor, uploader, reported } = start('image');
    actor.send({ type: 'user.select', file: picture });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(uploader.started).toEqual([{ kind: 'image', file: picture }]);
    uploader.report({ type: 'upload.progress', percent: 0.2 });
    expect(actor.getSnapshot().context.progress).toBe(1);
    uploader.report({ type: 'upload.progress', percent: 57.4 });
    expect(actor.getSnapshot().context.progress).toBe(57);
    uploader.report({ type: 'upload.progress', percent: 130 });
    expect(actor.getSnapshot().context.progress).toBe(100);
    uploader.report({ type: 'upload.succeeded', url: '/files/1/logo.png' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('uploaded');
    expect(snapshot.context).toMatchObject({ progress: 0, fileName: 'logo.png', error: null, file: null });
    expect(reported).toEqual(['/files/1/logo.png']);
    expect(uploader.stopped).toHaveBeenCalledTimes(1);
  });

  it('refuses a file above 5MB with the spec message, for pictures and audio alike', () => {
    for (const [kind, file] of [
      ['image', fileOf('big.png', 'image/png', UPLOAD_LIMIT_BYTES + 1)],
      ['audio', fileOf('big.wav', 'audio/wav', UPLOAD_LIMIT_BYTES + 1)],
    ] as const) {
      const { actor, uploader, reported } = start(kind);
      actor.send({ type: 'user.select', file });
      expect(actor.getSnapshot().value).toBe('rejected');
      expect(actor.getSnapshot().context.error).toEqual(uploadMessages.tooLarge);
      expect(uploader.started).toEqual([]);
      expect(reported).toEqual([]);
    }
    const { actor } = start('image');
    actor.send({ type: 'user.select', file: fileOf('edge.png', 'image/png', UPLOAD_LIMIT_BYTES) });
    expect(actor.getSnapshot().value).toBe('uploading');
  });

  it('refuses a file of the wrong type', () => {
    const image = start('image');
    image.actor.send({ type: 'user.select', file: song });
    expect(image.actor.getSnapshot().context.error).toEqual(uploadMessages.notAnImage);
    const audio = start('audio');
    audio.actor.send({ type: 'user.select', file: picture });
    expect(audio.actor.getSnapshot().context.error).toEqual(uploadMessages.notAnAudioFile);
    expect(audio.uploader.started).toEqual([]);
  });

  it('clears the URL on an empty selection, stopping an upload in flight', () => {
    const { actor, uploader, reported } = start('audio');
    actor.send({ type: 'user.select', file: song });
    uploader.report({ type: 'upload.progress', percent: 40 });
    actor.send({ type: 'user.select', file: null });
    expect(uploader.stopped).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ progress: 0, fileName: null, error: null });
    expect(reported).toEqual([null]);
  });

  it('restarts with a new file chosen while one is being sent', () => {
    const { actor, uploader } = start('image');
    actor.send({ type: 'user.select', file: picture });
    const second = fileOf('other.jpg', 'image/jpeg');
    actor.send({ type: 'user.select', file: second });
    expect(uploader.stopped).toHaveBeenCalledTimes(1);
    expect(uploader.started.map((input) => input.file)).toEqual([picture, second]);
    expect(actor.getSnapshot().context.fileName).toBe('other.jpg');
  });

  it('shows "Failed to upload picture." when a picture fails, and stays silent for audio', () => {
    const image = start('image');
    image.actor.send({ type: 'user.select', file: picture });
    image.uploader.report({ type: 'upload.failed' });
    expect(image.actor.getSnapshot().value).toBe('failed');
    expect(image.actor.getSnapshot().context).toMatchObject({ error: uploadMessages.pictureUploadFailed, progress: 0 });

    const audio = start('audio');
    audio.actor.send({ type: 'user.select', file: song });
    audio.uploader.report({ type: 'upload.progress', percent: 30 });
    audio.uploader.report({ type: 'upload.failed' });
    expect(audio.actor.getSnapshot().value).toBe('idle');
    expect(audio.actor.getSnapshot().context).toMatchObject({ error: null, progress: 0, fileName: null });
    expect(audio.reported).toEqual([]);
  });
});

describe('upload machine: the account\'s file list (spec §7 GET /user/files, "file list on load")', () => {
  const list: UploadedFile[] = [
    { filename: 'Our logo (2).png', url: 'https://dash.example.com/files/B/our-logo-2.png' },
    { filename: 'Our logo.png', url: 'https://dash.example.com/files/A/our-logo.png' },
  ];

  it('is loaded when the field starts and kept while files are sent', async () => {
    const { actor, uploader } = start('image', fromPromise(async () => list));
    await vi.waitFor(() => expect(actor.getSnapshot().context.files).toEqual(list));
    actor.send({ type: 'user.select', file: picture });
    uploader.report({ type: 'upload.succeeded', url: '/files/1/logo.png' });
    expect(actor.getSnapshot().context.files).toEqual(list);
  });

  it('names a held file as it was uploaded, by its URL with or without a query', () => {
    expect(uploadedFileName(list, 'https://dash.example.com/files/B/our-logo-2.png?v=3')).toBe('Our logo (2).png');
    expect(uploadedFileName(list, 'https://dash.example.com/files/C/gone.png')).toBeNull();
    expect(uploadedFileName(list, null)).toBeNull();
  });

  it('shows the error notice when the list cannot be loaded (spec §8), and uploads still work', async () => {
    const { actor, uploader, showNotice } = start('audio', fromPromise(async () => Promise.reject(new Error('offline'))));
    await vi.waitFor(() => expect(showNotice).toHaveBeenCalledExactlyOnceWith({ message: commonMessages.unknownError }));
    actor.send({ type: 'user.select', file: song });
    expect(uploader.started).toHaveLength(1);
  });
});

describe('upload machine: generated paths', () => {
  // Plain objects, not Files: the model tells events apart by their JSON, and a File's is {}.
  const chosen = (name: string, type: string, size: number) => ({ name, type, size }) as File;
  const events = [
    { type: 'user.select', file: chosen('logo.png', 'image/png', 1200) },
    { type: 'user.select', file: chosen('hold.mp3', 'audio/mpeg', 3000) },
    { type: 'user.select', file: chosen('huge.png', 'image/png', UPLOAD_LIMIT_BYTES + 1) },
    { type: 'user.select', file: null },
    { type: 'upload.progress', percent: 50 },
    { type: 'upload.succeeded', url: '/files/1/x' },
    { type: 'upload.failed' },
    { type: 'xstate.done.actor.filesLoader', output: [{ filename: 'logo.png', url: '/files/1/x' }] as UploadedFile[] },
    { type: 'xstate.error.actor.filesLoader', error: 'offline' },
  ] as const;
  const byKind = (['image', 'audio'] as const).map((kind) => ({ kind, paths: generatePaths(uploadMachine, { events, input: { kind } }) }));

  it('covers every state and every transition (pictures and audio together)', () => {
    const [image, audio] = byKind.map(({ paths }) => coverageOf(uploadMachine, paths));
    const both = (a: string[], b: string[]) => a.filter((item) => b.includes(item));
    expect({
      missingStates: both(image!.missingStates, audio!.missingStates),
      missingTransitions: both(image!.missingTransitions, audio!.missingTransitions),
    }).toEqual({ missingStates: [], missingTransitions: [] });
  });

  for (const { kind, paths } of byKind) {
    it.each(paths.map((p) => [p.description, p] as const))(`${kind}: %s`, (_, path) => {
      const { actor, reported } = start(kind);
      replayPath(path, actor, (snapshot) => {
        if (!snapshot.matches('uploading')) expect(snapshot.context.progress).toBe(0);
        if (snapshot.matches('uploaded')) expect(reported.at(-1)).toBe('/files/1/x');
        if (snapshot.matches('failed')) expect(snapshot.context.error).toEqual(uploadMessages.pictureUploadFailed);
      });
      actor.stop();
    });
  }
});
