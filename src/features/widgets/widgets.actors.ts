import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { createListMachine } from '../../../machines/list/list.machine.ts';
import type { ListView } from '../../../machines/list/list.types.ts';
import { createRowActionsMachine } from '../../../machines/toolboxList/rowActions.machine.ts';
import { createWidgetPictureMachine } from '../../../machines/widgetPicture/widgetPicture.machine.ts';
import type { ApiClient, SessionPort } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import { uploadFile } from '../../api/fileUpload.ts';
import { notify, showNotice } from '../../lib/toaster.ts';
import { filterWidgets, widgetWithActivity, widgetWithPicture, type Widget } from './widgets.rows.ts';
import { WIDGETS_PLACEHOLDER_ROWS, type WidgetsFilters } from './widgets.search.ts';

/** spec §8 Widgets. */
export const widgetsMessages = {
  loadFailed: msg`Failed to get widgets.`,
  /** WIDGET_EDIT_ERROR: the Status switch is an update of the widget. */
  toggleFailed: msg`Widget update failed.`,
  deleted: msg`Widget deleted successfully.`,
  deleteFailed: msg`Failed to delete widget.`,
};

/** spec §8 WIDGET_ACTIVITY_CHANGE: "Activity status of widget {name} has been changed." */
export function widgetActivityChanged(name: string): MessageDescriptor {
  return msg`Activity status of widget ${name} has been changed.`;
}

/** spec §2 Widgets: every select on All, one page. */
export const widgetsDefaults: ListView<WidgetsFilters> = {
  filters: { websiteId: null, typeId: null, status: null },
  page: 1,
  perPage: WIDGETS_PLACEHOLDER_ROWS,
};

export const widgetsListMachine = createListMachine<WidgetsFilters, Widget>();
export const widgetRowActionsMachine = createRowActionsMachine<Widget>();
export const widgetPictureMachine = createWidgetPictureMachine<Widget, File>();

/** Your Widgets with its real loader: GET /client/widgets, then the filters (filterWidgets). */
export function provideWidgetsList(api: ApiClient) {
  return widgetsListMachine.provide({
    actors: {
      pageLoader: fromPromise(async ({ input, signal }) => {
        const { data } = dataOrThrow(await api.GET('/client/widgets', { signal }));
        const rows = filterWidgets(data, input.filters);
        return { rows, count: rows.length };
      }),
    },
    actions: {
      notifyLoadFailed: () => notify('error', widgetsMessages.loadFailed),
    },
  });
}

/**
 * The Status switch and Delete of the widgets list with their real requests (PUT and DELETE
 * /client/widgets/{id}); `onChanged` re-fetches the list and tells startup.
 */
export function provideWidgetRowActions(api: ApiClient, onChanged: () => void) {
  return widgetRowActionsMachine.provide({
    actors: {
      toggleRequest: fromPromise(async ({ input }) =>
        dataOrThrow(
          await api.PUT('/client/widgets/{id}', { params: { path: { id: input.row.id } }, body: widgetWithActivity(input.row, input.isActive) }),
        ),
      ),
      deleteRequest: fromPromise(async ({ input }) => okOrThrow(await api.DELETE('/client/widgets/{id}', { params: { path: { id: input.row.id } } }))),
    },
    actions: {
      notifyToggled: ({ context }) => notify('success', widgetActivityChanged(context.toggle?.row.name ?? '')),
      notifyToggleFailed: () => notify('error', widgetsMessages.toggleFailed),
      notifyDeleted: () => notify('success', widgetsMessages.deleted),
      notifyDeleteFailed: () => notify('error', widgetsMessages.deleteFailed),
      publishChanged: () => onChanged(),
    },
  });
}

/**
 * A widget's picture changed from its row (spec §4: updated in place): the file through
 * POST /user/files, then the widget saved whole with it (PUT /client/widgets/{id}); `onChanged`
 * re-fetches the list and tells startup.
 */
export function provideWidgetPicture(api: ApiClient, session: SessionPort, onChanged: () => void) {
  return widgetPictureMachine.provide({
    actors: {
      pictureUploader: fromPromise(async ({ input, signal }) => uploadFile(session, input.file, undefined, signal)),
      // The widget is read again just before the save: the upload may have taken a while, and
      // the PUT replaces the widget whole (a toggle or an edit since the list loaded must stay).
      pictureSaver: fromPromise(async ({ input }) => {
        const current = dataOrThrow(await api.GET('/client/widgets')).data.find((widget) => widget.id === input.row.id);
        if (!current) throw { status: 404, code: 'not_found' };
        return dataOrThrow(await api.PUT('/client/widgets/{id}', { params: { path: { id: current.id } }, body: widgetWithPicture(current, input.src) }));
      }),
    },
    actions: {
      showNotice,
      publishChanged: () => onChanged(),
    },
  });
}
