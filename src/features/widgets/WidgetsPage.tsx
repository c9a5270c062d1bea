import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { acceptOf } from '../../../machines/upload/upload.rules.ts';
import { isPictureBusy, pictureTargetId } from '../../../machines/widgetPicture/widgetPicture.selectors.ts';
import { listFilters, listSkeletonRows, listStatus, listVisibleRows } from '../../../machines/list/list.selectors.ts';
import type { ListSearch } from '../../../machines/list/list.view.ts';
import { deleteTarget, isDeleting, isToggling, shownActivity } from '../../../machines/toolboxList/rowActions.selectors.ts';
import { websitesOf, widgetTypesOf } from '../../api/referenceData.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { FilterBar } from '../../ui/FilterBar.tsx';
import { ListEmptyContent } from '../../ui/ListEmptyContent.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { SelectFilter } from '../../ui/SelectFilter.tsx';
import { SwitchField } from '../../ui/SwitchField.tsx';
import { TestCallButton, TestCallDialogSlot, useTestCall } from '../../ui/TestCall.tsx';
import { useListMachine } from '../../statecharts/useListMachine.ts';
import { widgetTypeLabel } from '../../lib/widgetTypes.ts';
import { useSessionPort } from '../../session/useSessionPort.ts';
import { provideWidgetPicture, provideWidgetRowActions, provideWidgetsList, widgetsDefaults, widgetsMessages } from './widgets.actors.ts';
import type { Widget } from './widgets.rows.ts';
import { WIDGET_STATUSES, type WidgetsFilters, type WidgetStatus } from './widgets.search.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

export interface WidgetsPageProps {
  search: ListSearch<WidgetsFilters>;
  onSearchChange: (search: ListSearch<WidgetsFilters>) => void;
}

/**
 * spec §2 Widgets (/widgets): the widgets with their website, name, type and Status switch,
 * Edit, Call me now (issue 21) and Delete; filters Websites, Widget type and Status in the URL.
 */
export function WidgetsPage({ search, onSearchChange }: WidgetsPageProps) {
  const { t, i18n } = useLingui();
  const { api, startup } = useRootActors();
  const list = useListMachine({ machine: provideWidgetsList(api), defaults: widgetsDefaults, search, onSearchChange });
  const actions = useInspectedActorRef(
    provideWidgetRowActions(api, () => {
      list.send({ type: 'data.changed' });
      startup.send({ type: 'toolbox.changed' });
    }),
  );

  const session = useSessionPort();
  const picture = useInspectedActorRef(
    provideWidgetPicture(api, session, () => {
      list.send({ type: 'data.changed' });
      startup.send({ type: 'toolbox.changed' });
    }),
  );
  const testCall = useTestCall();
  const pictureBusy = useSelector(picture, isPictureBusy);
  const pictureTarget = useSelector(picture, pictureTargetId);

  const status = useSelector(list, listStatus);
  const rows = useSelector(list, listVisibleRows);
  const skeletonRows = useSelector(list, listSkeletonRows);
  const filters = useSelector(list, listFilters);
  const websites = useSelector(startup, websitesOf);
  const widgetTypes = useSelector(startup, widgetTypesOf);
  const toggling = useSelector(actions, isToggling);
  const actionsSnapshot = useSelector(actions, (snapshot) => snapshot);
  const target = useSelector(actions, deleteTarget);
  const deleting = useSelector(actions, isDeleting);

  const statusLabels: Record<WidgetStatus, string> = { active: t`Active`, inactive: t`Inactive` };

  const columns: DataColumn<Widget>[] = [
    { key: 'website', header: t`Website`, cell: (widget) => widget.websiteUrl },
    { key: 'name', header: t`Widget Name`, cell: (widget) => widget.name },
    { key: 'type', header: t`Widget Type`, cell: (widget) => widgetTypeLabel(i18n, widget.widgetType), nowrap: true },
    {
      key: 'status',
      header: t`Status`,
      nowrap: true,
      cell: (widget) => (
        <SwitchField
          name={`widget-${widget.id}-active`}
          checked={shownActivity(actionsSnapshot, widget)}
          disabled={toggling || pictureBusy}
          onChange={(isActive) => actions.send({ type: 'user.toggle', row: widget, isActive })}
        >
          <Text as="span" srOnly>
            {t`Status`} {widget.name}
          </Text>
        </SwitchField>
      ),
    },
    {
      key: 'actions',
      header: t`Actions`,
      nowrap: true,
      cell: (widget) => (
        <Box display="flex" flexWrap="wrap" gap="2">
          <Button asChild size="xs" variant="outline">
            <Link to="/widgets/manage/general/{-$id}" params={{ id: String(widget.id) }}>
              {t`Edit`}
              <Text as="span" srOnly>
                {' '}
                {widget.name}
              </Text>
            </Link>
          </Button>
          <TestCallButton testCall={testCall} widget={{ id: widget.id, name: widget.name }} />
          <PictureButton
            name={widget.name}
            busy={pictureTarget === widget.id}
            disabled={pictureBusy || toggling}
            onChoose={(file) => picture.send({ type: 'user.choosePicture', row: widget, file })}
          />
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => actions.send({ type: 'user.requestDelete', row: widget })}>
            {t`Delete`}
            <Text as="span" srOnly>
              {' '}
              {widget.name}
            </Text>
          </Button>
        </Box>
      ),
    },
  ];

  const createButton = (
    <Button asChild colorPalette="blue">
      <Link to="/widgets/manage">{t`Create New Widget`}</Link>
    </Button>
  );

  return (
    <Box as="section">
      <ScreenHeader title={t`Your Widgets`} subtitle={t`Websites and widgets you are using`} actions={status === 'noData' ? undefined : createButton} />
      <FilterBar label={t`Filters`} columns={3}>
        <SelectFilter
          label={t`Websites`}
          value={filters.websiteId}
          options={websites.map((website) => ({ value: website.id, label: website.domain }))}
          onChange={(value) => list.send({ type: 'user.changeFilter', field: 'websiteId', value })}
        />
        <SelectFilter
          label={t`Widget type`}
          value={filters.typeId}
          options={widgetTypes.map((type) => ({ value: type.id, label: widgetTypeLabel(i18n, type) }))}
          onChange={(value) => list.send({ type: 'user.changeFilter', field: 'typeId', value })}
        />
        <SelectFilter
          label={t`Status`}
          value={filters.status}
          options={WIDGET_STATUSES.map((value) => ({ value, label: statusLabels[value] }))}
          onChange={(value) => list.send({ type: 'user.changeFilter', field: 'status', value })}
        />
      </FilterBar>
      <DataTable
        label={t`Your Widgets`}
        columns={columns}
        rows={rows}
        rowKey={(widget) => widget.id}
        loading={status === 'loading'}
        skeletonRows={skeletonRows}
        empty={
          <ListEmptyContent
            status={status}
            noData={t`You don't have any widgets created, yet`}
            noDataActions={createButton}
            failed={i18n._(widgetsMessages.loadFailed)}
            onRetry={() => list.send({ type: 'user.retry' })}
          />
        }
      />
      <ConfirmDialog
        open={target !== null}
        title={t`Delete widget?`}
        text={t`Are you sure you want to delete widget? This action is irreversible.`}
        busy={deleting}
        onConfirm={() => actions.send({ type: 'user.confirmDelete' })}
        onCancel={() => actions.send({ type: 'user.cancelDelete' })}
      />
      <TestCallDialogSlot testCall={testCall} />
    </Box>
  );
}

/**
 * A widget row's Change picture (spec §4: a widget picture can be updated in place): the button
 * opens the file chooser; the chosen file goes to the widget-picture machine.
 */
function PictureButton({ name, busy, disabled, onChoose }: { name: string; busy: boolean; disabled: boolean; onChoose: (file: File) => void }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="xs" variant="outline" loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
        {t`Change picture`}
        <Text as="span" srOnly>
          {' '}
          {name}
        </Text>
      </Button>
      <input
        ref={input}
        type="file"
        accept={acceptOf('image')}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="widget-picture-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file may be chosen again later: the input forgets it.
          event.currentTarget.value = '';
          if (file) onChoose(file);
        }}
      />
    </>
  );
}
