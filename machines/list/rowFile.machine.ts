import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import type { DownloadedFile } from './list.types.ts';

export interface RowFileContext<TContent> {
  /** The fetched file (src: an object URL), kept for playing and saving again. */
  file: DownloadedFile<TContent> | null;
}

export type RowFileEvent<TContent> =
  /** The row's file is about to be shown (the play popover opened). */
  | { type: 'user.open' }
  | { type: 'user.download' }
  | DoneActorEvent<DownloadedFile<TContent>, 'fileLoader'>
  | ErrorActorEvent<unknown, 'fileLoader'>;

/**
 * A file that belongs to a row, fetched on first use (spec §2 Calls History: each recording
 * has a play popover with an audio player and a download as .wav). Opening fetches it once;
 * Download saves the fetched file; a failed fetch shows a notice and is tried again on the
 * next open.
 */
export function createRowFileMachine<TContent>() {
  return setup({
    types: {
      context: {} as RowFileContext<TContent>,
      events: {} as RowFileEvent<TContent>,
    },
    actors: {
      /** Fetches the file with the session's token (a recording needs the bearer header). */
      fileLoader: fromPromise<DownloadedFile<TContent>>(notProvided),
    },
    actions: {
      storeFile: assign({
        file: ({ event }) => {
          assertEvent(event, 'xstate.done.actor.fileLoader');
          return event.output;
        },
      }),
      /** Saves the file (src: a download named after the row). */
      saveFile: () => {},
      notifyLoadFailed: () => {},
    },
  }).createMachine({
    id: 'rowFile',
    context: { file: null },
    initial: 'idle',
    states: {
      idle: {
        on: { 'user.open': 'loading' },
      },
      loading: {
        invoke: {
          id: 'fileLoader',
          src: 'fileLoader',
          onDone: { target: 'ready', actions: 'storeFile' },
          onError: { target: 'failed', actions: 'notifyLoadFailed' },
        },
      },
      ready: {
        on: { 'user.download': { actions: 'saveFile' } },
      },
      failed: {
        on: { 'user.open': 'loading' },
      },
    },
  });
}

export const rowFileMachine = createRowFileMachine<unknown>();
