import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import { isAcceptedType, isWithinSizeLimit, uploadMessages, type ChosenFile } from '../upload/upload.rules.ts';
import { widgetPictureMessages } from './widgetPicture.messages.ts';

/** What the machine reads of a listed widget; the saver sends the widget whole with the new picture. */
export interface PictureRow {
  id: number;
}

export interface WidgetPictureContext<TRow extends PictureRow = PictureRow, TFile extends ChosenFile = ChosenFile> {
  /** The widget whose picture is being replaced, and the file chosen for it. */
  target: { row: TRow; file: TFile } | null;
}

export type WidgetPictureEvent<TRow extends PictureRow = PictureRow, TFile extends ChosenFile = ChosenFile> =
  /** A widget row's Change picture: the file the user chose for it. */
  | { type: 'user.choosePicture'; row: TRow; file: TFile }
  | DoneActorEvent<string, 'pictureUploader'>
  | ErrorActorEvent<unknown, 'pictureUploader'>
  | DoneActorEvent<unknown, 'pictureSaver'>
  | ErrorActorEvent<unknown, 'pictureSaver'>;

/**
 * A widget's picture updated in place from the widgets list (spec §4 "A widget picture can be
 * updated in place"; §8 "Image on widget updated successfully." / "Failed to update image on
 * widget."): the chosen file is checked as the wizard's upload checks it (an image, 5MB at
 * most), sent (POST /user/files), and the widget saved whole with the stored file as its Call
 * now picture, switched on (PUT /client/widgets/{id}). One picture at a time; a failed upload
 * says "Failed to upload picture." and changes nothing.
 */
export function createWidgetPictureMachine<TRow extends PictureRow = PictureRow, TFile extends ChosenFile = ChosenFile>() {
  const target = ({ context }: { context: WidgetPictureContext<TRow, TFile> }) => {
    if (!context.target) throw new Error('the picture actors run only with a chosen file');
    return context.target;
  };
  return setup({
    types: {
      context: {} as WidgetPictureContext<TRow, TFile>,
      events: {} as WidgetPictureEvent<TRow, TFile>,
    },
    actors: {
      /** POST /user/files: answers the stored file's URL. */
      pictureUploader: fromPromise<string, { file: TFile }>(notProvided),
      /** PUT /client/widgets/{id}: the widget as listed with this picture. */
      pictureSaver: fromPromise<unknown, { row: TRow; src: string }>(notProvided),
    },
    actions: {
      storeTarget: assign({
        target: ({ event }) => {
          assertEvent(event, 'user.choosePicture');
          return { row: event.row, file: event.file };
        },
      }),
      forgetTarget: assign({ target: null }),
      /** A toast (src). */
      showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
      /** Re-fetches the list and tells startup that the toolbox changed (src). */
      publishChanged: () => {},
    },
    guards: {
      isNotAnImage: ({ event }) => {
        assertEvent(event, 'user.choosePicture');
        return !isAcceptedType('image', event.file);
      },
      isTooLarge: ({ event }) => {
        assertEvent(event, 'user.choosePicture');
        return !isWithinSizeLimit(event.file);
      },
    },
  }).createMachine({
    id: 'widgetPicture',
    context: { target: null },
    initial: 'idle',
    states: {
      idle: {
        on: {
          'user.choosePicture': [
            { guard: 'isNotAnImage', actions: { type: 'showNotice', params: { type: 'error', message: uploadMessages.notAnImage } } },
            { guard: 'isTooLarge', actions: { type: 'showNotice', params: { type: 'error', message: uploadMessages.tooLarge } } },
            { target: 'uploading', actions: 'storeTarget' },
          ],
        },
      },
      uploading: {
        tags: ['busy'],
        invoke: {
          id: 'pictureUploader',
          src: 'pictureUploader',
          input: ({ context }) => ({ file: target({ context }).file }),
          onDone: { target: 'saving' },
          onError: {
            target: 'idle',
            actions: ['forgetTarget', { type: 'showNotice', params: { type: 'error', message: uploadMessages.pictureUploadFailed } }],
          },
        },
      },
      saving: {
        tags: ['busy'],
        invoke: {
          id: 'pictureSaver',
          src: 'pictureSaver',
          input: ({ context, event }) => {
            assertEvent(event, 'xstate.done.actor.pictureUploader');
            return { row: target({ context }).row, src: event.output };
          },
          onDone: {
            target: 'idle',
            actions: ['forgetTarget', 'publishChanged', { type: 'showNotice', params: { type: 'success', message: widgetPictureMessages.updated } }],
          },
          onError: {
            target: 'idle',
            actions: ['forgetTarget', { type: 'showNotice', params: { type: 'error', message: widgetPictureMessages.updateFailed } }],
          },
        },
      },
    },
  });
}

/** The definition with its plain types: the one the docs and the path coverage read. */
export const widgetPictureMachine = createWidgetPictureMachine();
