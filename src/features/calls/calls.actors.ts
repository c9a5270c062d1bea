import { assertEvent, fromPromise } from 'xstate';
import { createFileExportMachine } from '../../../machines/list/fileExport.machine.ts';
import { createListMachine } from '../../../machines/list/list.machine.ts';
import type { ListView } from '../../../machines/list/list.types.ts';
import { createRowFileMachine } from '../../../machines/list/rowFile.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { addDays, endOfDayUtc, fileTimestamp, startOfDayUtc } from '../../lib/dateTime.ts';
import { notify } from '../../lib/toaster.ts';
import { callsMessages } from './calls.messages.ts';
import { CALLS_PER_PAGE, type CallsFilters } from './calls.search.ts';

export type Call = components['schemas']['Call'];

/** spec §9: one day before today to today, every select on All, 20 per page. */
export function callsDefaults(today: string): ListView<CallsFilters> {
  return {
    filters: { dateFrom: addDays(today, -1), dateTo: today, widgetTypeId: null, websiteId: null, type: null, status: null },
    page: 1,
    perPage: CALLS_PER_PAGE,
  };
}

/** spec §7 GET /client/calls filters: the days as UTC instants of the user's zone, All left out. */
export function callsQuery(filters: CallsFilters, timeZone: string) {
  return {
    dateFrom: startOfDayUtc(filters.dateFrom, timeZone),
    dateTo: endOfDayUtc(filters.dateTo, timeZone),
    ...(filters.widgetTypeId !== null ? { widgetTypeId: filters.widgetTypeId } : {}),
    ...(filters.websiteId !== null ? { websiteId: filters.websiteId } : {}),
    ...(filters.type !== null ? { type: filters.type } : {}),
    ...(filters.status !== null ? { status: filters.status } : {}),
  };
}

export const callsListMachine = createListMachine<CallsFilters, Call>();

/** The Calls History list with its real loader (spec §7 GET /client/calls). */
export function provideCallsList(api: ApiClient, timeZone: string) {
  return callsListMachine.provide({
    actors: {
      pageLoader: fromPromise(async ({ input, signal }) => {
        const query = { ...callsQuery(input.filters, timeZone), page: input.page, perPage: input.perPage };
        const page = dataOrThrow(await api.GET('/client/calls', { params: { query }, signal }));
        return { rows: page.data, count: page.count };
      }),
    },
    actions: {
      notifyLoadFailed: () => notify('error', callsMessages.loadFailed),
    },
  });
}

export const callsExportMachine = createFileExportMachine<CallsFilters, Blob>();

/**
 * Export as CSV (spec §2, §7 GET /client/calls/csv): the current filters without paging, saved
 * as calls_history-{MM-dd-yyyy-HH.mm.s}.csv with the time in the user's zone.
 */
export function provideCallsExport(api: ApiClient, timeZone: string, save: (name: string, content: Blob) => void) {
  return callsExportMachine.provide({
    actors: {
      fileExporter: fromPromise(async ({ input }) => {
        const result = await api.GET('/client/calls/csv', { params: { query: callsQuery(input.filters, timeZone) }, parseAs: 'blob' });
        const content = dataOrThrow(result) as Blob;
        return { name: `calls_history-${fileTimestamp(new Date(), timeZone)}.csv`, content };
      }),
    },
    actions: {
      saveFile: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.fileExporter');
        save(event.output.name, event.output.content);
      },
      notifyExportFailed: () => notify('error', callsMessages.exportFailed),
    },
  });
}

export const recordingMachine = createRowFileMachine<string>();

/**
 * A call's recording (spec §2: play popover and download as .wav). The recording needs the
 * bearer token, so it is fetched through the API client and played from an object URL.
 */
export function provideRecording(api: ApiClient, call: Pick<Call, 'id' | 'convertId'>, save: (name: string, url: string) => void) {
  return recordingMachine.provide({
    actors: {
      fileLoader: fromPromise(async ({ signal }) => {
        const result = await api.GET('/client/calls/{id}/recording', { params: { path: { id: call.id } }, parseAs: 'blob', signal });
        const blob = dataOrThrow(result) as Blob;
        return { name: `call-${call.convertId}.wav`, content: URL.createObjectURL(blob) };
      }),
    },
    actions: {
      saveFile: ({ context }) => {
        if (context.file) save(context.file.name, context.file.content);
      },
      notifyLoadFailed: () => notify('error', callsMessages.recordingFailed),
    },
  });
}
