import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import type { DownloadedFile, ListFilters } from './list.types.ts';

/** What an export is asked for: the list's filters at the time of the click. */
export interface ExportRequest<TFilters extends ListFilters> {
  filters: TFilters;
}

export interface FileExportContext<TFilters extends ListFilters> {
  /** The running (or last) export's request. */
  request: ExportRequest<TFilters> | null;
}

export type FileExportEvent<TFilters extends ListFilters, TContent> =
  /** The export button, with the list's current filters. */
  | { type: 'user.export'; filters: TFilters }
  | DoneActorEvent<DownloadedFile<TContent>, 'fileExporter'>
  | ErrorActorEvent<unknown, 'fileExporter'>;

function fileExporterInput<TFilters extends ListFilters>({ context }: { context: FileExportContext<TFilters> }): ExportRequest<TFilters> {
  // Set by storeRequest on the way into `exporting`.
  return context.request ?? { filters: {} as TFilters };
}

/**
 * A list's export (spec §2 Calls History "Export as CSV" of the current filters):
 * `fileExporter` fetches the file, `saveFile` hands it to the browser, a failure shows the
 * screen's notice ("Failed to export as CSV."). Clicks while an export runs are ignored.
 */
export function createFileExportMachine<TFilters extends ListFilters, TContent>() {
  return setup({
    types: {
      context: {} as FileExportContext<TFilters>,
      events: {} as FileExportEvent<TFilters, TContent>,
    },
    actors: {
      fileExporter: fromPromise<DownloadedFile<TContent>, ExportRequest<TFilters>>(notProvided),
    },
    actions: {
      storeRequest: assign({
        request: ({ event }) => {
          assertEvent(event, 'user.export');
          return { filters: event.filters };
        },
      }),
      /** Saves the exported file (src: a download under the file's name). */
      saveFile: () => {},
      notifyExportFailed: () => {},
    },
  }).createMachine({
    id: 'fileExport',
    context: { request: null },
    initial: 'idle',
    states: {
      idle: {
        on: { 'user.export': { target: 'exporting', actions: 'storeRequest' } },
      },
      exporting: {
        invoke: {
          id: 'fileExporter',
          src: 'fileExporter',
          input: fileExporterInput,
          onDone: { target: 'idle', actions: 'saveFile' },
          onError: { target: 'idle', actions: 'notifyExportFailed' },
        },
      },
    },
  });
}

export const fileExportMachine = createFileExportMachine<ListFilters, unknown>();
