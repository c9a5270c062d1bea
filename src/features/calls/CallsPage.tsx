import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Link } from '@chakra-ui/react/link';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { useLingui } from '@lingui/react/macro';
import { Link as RouteLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import {
  listFilters,
  listPaging,
  listShowsPagination,
  listSkeletonRows,
  listStatus,
  listVisibleRows,
} from '../../../machines/list/list.selectors.ts';
import { rowsPerPageChoices, type ListSearch } from '../../../machines/list/list.view.ts';
import { isBlockingNumber, numberToBlock } from '../../../machines/blockList/blockNumber.selectors.ts';
import { websitesOf, widgetTypesOf } from '../../api/referenceData.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { DateRangeFilter } from '../../ui/DateRangeFilter.tsx';
import { formatDateTime, formatDuration, todayIn } from '../../lib/dateTime.ts';
import { FilterBar } from '../../ui/FilterBar.tsx';
import { geolocationLabel, orSlash } from '../../lib/formatting.ts';
import { ListEmptyContent } from '../../ui/ListEmptyContent.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { saveFile } from '../../lib/saveFile.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { SelectFilter } from '../../ui/SelectFilter.tsx';
import { useListMachine } from '../../statecharts/useListMachine.ts';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { widgetTypeLabel } from '../../lib/widgetTypes.ts';
import { callsDefaults, provideCallsExport, provideCallsList, type Call } from './calls.actors.ts';
import { RecoveryNote } from './RecoveryNote.tsx';
import { callStatusFilterLabels, callStatusLabels, callsMessages, callTypeLabels } from './calls.messages.ts';
import { CALL_STATUSES, CALL_TYPES, CALLS_PER_PAGE, type CallsFilters } from './calls.search.ts';
import { RecordingCell } from './RecordingCell.tsx';
import { provideBlockNumberMachine } from './blockNumber.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

export interface CallsPageProps {
  search: ListSearch<CallsFilters>;
  onSearchChange: (search: ListSearch<CallsFilters>) => void;
}

/** spec §2 Calls History (/calls): filters, the calls table, Export as CSV, pagination. */
export function CallsPage({ search, onSearchChange }: CallsPageProps) {
  const { t, i18n } = useLingui();
  const { api, startup } = useRootActors();
  const timeZone = useUserTimeZone();
  const today = todayIn(timeZone);
  const defaults = useMemo(() => callsDefaults(today), [today]);
  const list = useListMachine({ machine: provideCallsList(api, timeZone), defaults, search, onSearchChange });
  const exporter = useInspectedActorRef(provideCallsExport(api, timeZone, saveFile));

  const status = useSelector(list, listStatus);
  const rows = useSelector(list, listVisibleRows);
  const skeletonRows = useSelector(list, listSkeletonRows);
  const showsPagination = useSelector(list, listShowsPagination);
  const paging = useSelector(list, listPaging);
  const filters = useSelector(list, listFilters);
  const exporting = useSelector(exporter, (snapshot) => snapshot.matches('exporting'));
  const blocker = useInspectedActorRef(provideBlockNumberMachine(api));
  const blockedNumber = useSelector(blocker, numberToBlock);
  const blocking = useSelector(blocker, isBlockingNumber);
  const websites = useSelector(startup, websitesOf);
  const widgetTypes = useSelector(startup, widgetTypesOf);

  const change = (field: keyof CallsFilters & string) => (value: CallsFilters[typeof field]) =>
    list.send({ type: 'user.changeFilter', field, value });

  const typeById = new Map(widgetTypes.map((type) => [type.id, type]));
  const columns: DataColumn<Call>[] = [
    { key: 'convertId', header: t`Call ID`, cell: (call) => call.convertId, nowrap: true },
    { key: 'recording', header: t`Recording`, cell: (call) => <RecordingCell call={call} /> },
    { key: 'duration', header: t`Duration`, cell: (call) => formatDuration(call.duration), nowrap: true, align: 'end' },
    { key: 'website', header: t`Website`, cell: (call) => call.Website.domain },
    {
      key: 'url',
      header: t`Call request URL`,
      cell: (call) =>
        /^https?:\/\//i.test(call.url) ? (
          <Link href={call.url} target="_blank" rel="noopener noreferrer" color="blue.700" textDecoration="underline" display="inline">
            {call.url}
          </Link>
        ) : (
          call.url
        ),
    },
    {
      key: 'type',
      header: t`Type`,
      // Issue 21: a test call the client placed ("Call me now"), free and out of analytics.
      cell: (call) => (
        <>
          {i18n._(callTypeLabels[call.type])}
          {call.isTest && (
            <Badge ms="2" colorPalette="purple" variant="subtle" title={t`A test call you placed: free of credits, left out of analytics`}>
              {t`Test`}
            </Badge>
          )}
        </>
      ),
      nowrap: true,
    },
    { key: 'widgetType', header: t`Widget Type`, cell: (call) => widgetTypeLabel(i18n, typeById.get(call.widgetTypeId)), nowrap: true },
    { key: 'widgetName', header: t`Widget Name`, cell: (call) => call.widgetName },
    { key: 'createdAt', header: t`Date/Time`, cell: (call) => formatDateTime(call.createdAt, timeZone), nowrap: true },
    { key: 'customerNumber', header: t`Customer Number`, cell: (call) => call.customerNumber, nowrap: true },
    { key: 'calledFrom', header: t`Called from`, cell: (call) => geolocationLabel(call.geolocation) },
    { key: 'agentNumber', header: t`Agent Number`, cell: (call) => call.agentNumber ?? '', nowrap: true },
    {
      key: 'status',
      header: t`Status`,
      cell: (call) => (
        <>
          {i18n._(callStatusLabels[call.status])}
          {call.recovery ? <RecoveryNote recovery={call.recovery} timeZone={timeZone} /> : null}
        </>
      ),
      nowrap: true,
    },
    { key: 'customField1', header: t`Custom Field #1`, cell: (call) => orSlash(call.ScheduledCall?.customFields.customField1) },
    { key: 'customField2', header: t`Custom Field #2`, cell: (call) => orSlash(call.ScheduledCall?.customFields.customField2) },
    { key: 'customField3', header: t`Custom Field #3`, cell: (call) => orSlash(call.ScheduledCall?.customFields.customField3) },
    // Not a column of the spec: the block list's shortcut (issue 7), where the unwanted calls are seen.
    {
      key: 'actions',
      header: t`Actions`,
      cell: (call) => (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => blocker.send({ type: 'user.requestBlock', number: call.customerNumber })}>
          {t`Block number`}
          {/* Names the row's number to screen readers; the name still starts with the visible text (WCAG 2.5.3). */}
          <VisuallyHidden> {call.customerNumber}</VisuallyHidden>
        </Button>
      ),
      nowrap: true,
    },
  ];

  const loading = status === 'loading';
  return (
    <Box as="section">
      <ScreenHeader
        title={t`Calls History`}
        subtitle={t`Inbounds calls from clients`}
        actions={
          <Button colorPalette="blue" loading={exporting} onClick={() => exporter.send({ type: 'user.export', filters })}>
            {t`Export as CSV`}
          </Button>
        }
      />
      <FilterBar label={t`Filters`} columns={3}>
        <DateRangeFilter dateFrom={filters.dateFrom} dateTo={filters.dateTo} maxDay={today} onChange={(field, day) => change(field)(day)} />
        <SelectFilter
          label={t`Widget type`}
          value={filters.widgetTypeId}
          options={widgetTypes.map((type) => ({ value: type.id, label: widgetTypeLabel(i18n, type) }))}
          onChange={change('widgetTypeId')}
        />
        <SelectFilter
          label={t`Websites`}
          value={filters.websiteId}
          options={websites.map((website) => ({ value: website.id, label: website.domain }))}
          onChange={change('websiteId')}
        />
        <SelectFilter
          label={t`Call Type`}
          value={filters.type}
          options={CALL_TYPES.map((type) => ({ value: type, label: i18n._(callTypeLabels[type]) }))}
          onChange={change('type')}
        />
        <SelectFilter
          label={t`Status`}
          value={filters.status}
          options={CALL_STATUSES.map((value) => ({ value, label: i18n._(callStatusFilterLabels[value]) }))}
          onChange={change('status')}
        />
      </FilterBar>
      <DataTable
        label={t`Calls History`}
        columns={columns}
        rows={rows}
        rowKey={(call) => call.id}
        loading={loading}
        skeletonRows={skeletonRows}
        empty={
          <ListEmptyContent
            status={status}
            noData={t`You don't have any calls, yet.`}
            noDataActions={
              // Issue 21: calls come once the widget's code is on the website (Websites copies it).
              <Button asChild colorPalette="blue">
                <RouteLink to="/websites">{t`Install your widget`}</RouteLink>
              </Button>
            }
            failed={i18n._(callsMessages.loadFailed)}
            onRetry={() => list.send({ type: 'user.retry' })}
          />
        }
      />
      {showsPagination ? (
        <Pagination
          {...paging}
          perPageChoices={rowsPerPageChoices(CALLS_PER_PAGE)}
          disabled={loading}
          onPageChange={(page) => list.send({ type: 'user.changePage', page })}
          onPerPageChange={(perPage) => list.send({ type: 'user.changePerPage', perPage })}
        />
      ) : null}
      <ConfirmDialog
        open={blockedNumber !== null}
        title={t`Block this number?`}
        text={t`Call and callback requests from ${blockedNumber ?? ''} will be refused. You can unblock it in Account Settings.`}
        busy={blocking}
        onConfirm={() => blocker.send({ type: 'user.confirm' })}
        onCancel={() => blocker.send({ type: 'user.cancel' })}
      />
    </Box>
  );
}
