import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, emit, fromCallback, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import { commonMessages } from '../shared/messages.ts';
import { isAcceptedType, isWithinSizeLimit, uploadMessages, type UploadKind } from './upload.rules.ts';

export interface UploadInput {
  kind: UploadKind;
}

export interface UploadContext {
  kind: UploadKind;
  /** The file being sent (kept so a new selection can replace it). */
  file: File | null;
  /** The name shown beside the button: the last accepted file. */
  fileName: string | null;
  /** spec §4 Upload: a counter from 1 to 100 while sending, 0 otherwise. */
  progress: number;
  error: MessageDescriptor | null;
  /** The account's uploads (spec §7 GET /user/files, "file list on load"), newest first. */
  files: UploadedFile[];
}

/** One of the account's uploads: its original file name and where it is served. */
export interface UploadedFile {
  filename: string;
  url: string;
}

/** What the uploader actor reports while it sends the file. */
export type UploaderEvent =
  | { type: 'upload.progress'; percent: number }
  /** The file is stored; url without its query string (spec §7 POST /user/files). */
  | { type: 'upload.succeeded'; url: string }
  | { type: 'upload.failed'; error?: unknown };

export type UploadEvent =
  /** The file input changed; null is an empty selection (spec §4: it clears the URL). */
  | { type: 'user.select'; file: File | null }
  | UploaderEvent
  | DoneActorEvent<UploadedFile[], 'filesLoader'>
  | ErrorActorEvent<unknown, 'filesLoader'>;

/** Emitted when the field's URL changes: the stored file's URL, or null when cleared. */
export interface UploadChangedEvent {
  type: 'upload.changed';
  url: string | null;
}

export interface UploaderInput {
  kind: UploadKind;
  file: File;
}

/**
 * One upload field of the widget wizard: the Design step's picture or the General step's
 * waiting audio (spec §4 Upload, §5 Upload). A chosen file is checked (type, 5MB), then sent
 * with a progress counter; the stored file's URL is emitted as `upload.changed`, which the
 * wizard puts into its draft. An empty selection reports null (clears the URL). A failed
 * picture upload shows "Failed to upload picture."; a failed audio upload is silent (spec §8:
 * "audio upload failure is swallowed silently"). On load the field asks for the account's file
 * list (spec §7 GET /user/files, "file list on load"), so the file a widget already uses is
 * named as it was uploaded; that request failing shows the error notice (spec §8).
 */
export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
    emitted: {} as UploadChangedEvent,
  },
  actors: {
    /**
     * Sends the file (POST /user/files, multipart) and reports `upload.progress`,
     * `upload.succeeded` or `upload.failed`; stopping it aborts the request.
     */
    fileUploader: fromCallback<EventObject, UploaderInput>(() => {
      throw new Error('This actor is implemented in src/ and must be provided with machine.provide()');
    }),
    /** GET /user/files: the account's uploads, newest first. */
    filesLoader: fromPromise<UploadedFile[]>(() => {
      throw new Error('This actor is implemented in src/ and must be provided with machine.provide()');
    }),
  },
  guards: {
    isEmptySelection: ({ event }) => {
      assertEvent(event, 'user.select');
      return event.file === null;
    },
    isWrongType: ({ context, event }) => {
      assertEvent(event, 'user.select');
      return event.file !== null && !isAcceptedType(context.kind, event.file);
    },
    isTooLarge: ({ event }) => {
      assertEvent(event, 'user.select');
      return event.file !== null && !isWithinSizeLimit(event.file);
    },
    isPicture: ({ context }) => context.kind === 'image',
  },
  actions: {
    storeFile: assign(({ event }) => {
      assertEvent(event, 'user.select');
      return { file: event.file, fileName: event.file?.name ?? null, progress: 0, error: null };
    }),
    clearFile: assign({ file: null, fileName: null, progress: 0, error: null }),
    rejectWrongType: assign({
      file: null,
      progress: 0,
      error: ({ context }) => (context.kind === 'image' ? uploadMessages.notAnImage : uploadMessages.notAnAudioFile),
    }),
    rejectTooLarge: assign({ file: null, progress: 0, error: uploadMessages.tooLarge }),
    storeProgress: assign({
      progress: ({ event }) => {
        assertEvent(event, 'upload.progress');
        // spec §4 Upload: the counter runs from 1 to 100 while sending.
        return Math.min(100, Math.max(1, Math.round(event.percent)));
      },
    }),
    /** spec §4 Upload: done, the counter goes back to 0. */
    finishUpload: assign({ file: null, progress: 0, error: null }),
    storeUploadFailure: assign({ file: null, progress: 0, error: uploadMessages.pictureUploadFailed }),
    forgetFailedFile: assign({ file: null, fileName: null, progress: 0, error: null }),
    storeFiles: assign({
      files: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.filesLoader');
        return event.output;
      },
    }),
    /** spec §8: every failed call shows an error notice (src: the toaster). */
    showNotice: (_, _params: { message: MessageDescriptor }) => {},
    /** Hands the stored file's URL (or null: cleared) to the form that owns the value. */
    reportUploaded: emit((_, params: { url: string | null }) => ({ type: 'upload.changed' as const, url: params.url })),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({ kind: input.kind, file: null, fileName: null, progress: 0, error: null, files: [] }),
  // For the field's whole life, whatever the upload does: the list arrives once.
  invoke: {
    id: 'filesLoader',
    src: 'filesLoader',
    onDone: { actions: 'storeFiles' },
    onError: { actions: { type: 'showNotice', params: { message: commonMessages.unknownError } } },
  },
  initial: 'idle',
  // A new selection replaces whatever is going on, an upload in flight included (re-entering
  // stops its uploader).
  on: {
    'user.select': [
      {
        guard: 'isEmptySelection',
        target: '.idle',
        reenter: true,
        actions: ['clearFile', { type: 'reportUploaded', params: { url: null } }],
      },
      { guard: 'isWrongType', target: '.rejected', reenter: true, actions: 'rejectWrongType' },
      { guard: 'isTooLarge', target: '.rejected', reenter: true, actions: 'rejectTooLarge' },
      { target: '.uploading', reenter: true, actions: 'storeFile' },
    ],
  },
  states: {
    idle: {},
    rejected: {},
    uploading: {
      invoke: {
        id: 'fileUploader',
        src: 'fileUploader',
        input: ({ context }) => ({ kind: context.kind, file: context.file! }),
      },
      on: {
        'upload.progress': { actions: 'storeProgress' },
        'upload.succeeded': {
          target: 'uploaded',
          actions: [
            'finishUpload',
            {
              type: 'reportUploaded',
              params: ({ event }) => {
                assertEvent(event, 'upload.succeeded');
                return { url: event.url };
              },
            },
          ],
        },
        'upload.failed': [
          { guard: 'isPicture', target: 'failed', actions: 'storeUploadFailure' },
          { target: 'idle', actions: 'forgetFailedFile' },
        ],
      },
    },
    uploaded: {},
    failed: {},
  },
});
