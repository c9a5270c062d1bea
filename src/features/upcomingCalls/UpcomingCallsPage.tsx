import { Box } from '@chakra-ui/react/box';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
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
import { agentsOf, websitesOf, widgetTypesOf } from '../../api/referenceData.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { DateRangeFilter } from '../../ui/DateRangeFilter.tsx';
import { formatDateTime, todayIn } from '../../lib/dateTime.ts';
import { FilterBar } from '../../ui/FilterBar.tsx';
import { orSlash } from '../../lib/formatting.ts';
import { ListEmptyContent } from '../../ui/ListEmptyContent.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { SelectFilter } from '../../ui/SelectFilter.tsx';
import { useListMachine } from '../../statecharts/useListMachine.ts';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { widgetTypeLabel } from '../../lib/widgetTypes.ts';
import { provideUpcomingCallsList, upcomingCallsDefaults, upcomingCallsMessages, type ScheduledCall } from './upcomingCalls.actors.ts';
import { UPCOMING_CALLS_PER_PAGE, type UpcomingCallsFilters } from './upcomingCalls.search.ts';

export interface UpcomingCallsPageProps {
  search: ListSearch<UpcomingCallsFilters>;
  onSearchChange: (search: ListSearch<UpcomingCallsFilters>) => void;
}

/** spec §2 Upcoming Calls (/upcoming-calls): Websites, Agent (regular agents), a range without past dates. */
export function UpcomingCallsPage({ search, onSearchChange }: UpcomingCallsPageProps) {
  const { t, i18n } = useLingui();
  const { api, startup } = useRootActors();
  const timeZone = useUserTimeZone();
  const today = todayIn(timeZone);
  const defaults = useMemo(() => upcomingCallsDefaults(today), [today]);
  const list = useListMachine({ machine: provideUpcomingCallsList(api, timeZone), defaults, search, onSearchChange });

  const status = useSelector(list, listStatus);
  const rows = useSelector(list, listVisibleRows);
  const skeletonRows = useSelector(list, listSkeletonRows);
  const showsPagination = useSelector(list, listShowsPagination);
  const paging = useSelector(list, listPaging);
  const filters = useSelector(list, listFilters);
  const websites = useSelector(startup, websitesOf);
  const agents = useSelector(startup, agentsOf);
  const widgetTypes = useSelector(startup, widgetTypesOf);

  const typeById = new Map(widgetTypes.map((type) => [type.id, type]));
  const agentById = new Map(agents.map((agent) => [agent.id, agent]));
  // A placeholder agent (a widget's single number) has no name: its number stands for it.
  const agentLabel = (id: number | null) => {
    const agent = id === null ? undefined : agentById.get(id);
    return orSlash(agent ? (agent.name ?? agent.phone) : null);
  };

  const columns: DataColumn<ScheduledCall>[] = [
    { key: 'website', header: t`Website`, cell: (call) => call.Website.domain },
    { key: 'widgetType', header: t`Widget Type`, cell: (call) => widgetTypeLabel(i18n, typeById.get(call.widgetTypeId)), nowrap: true },
    { key: 'customerNumber', header: t`Customer Number`, cell: (call) => call.customerNumber, nowrap: true },
    { key: 'agent', header: t`Agent`, cell: (call) => agentLabel(call.agentId), nowrap: true },
    { key: 'scheduledAt', header: t`Scheduled At`, cell: (call) => formatDateTime(call.scheduledAt, timeZone), nowrap: true },
    { key: 'widgetName', header: t`Widget Name`, cell: (call) => call.widgetName },
    { key: 'customField1', header: t`Custom Field #1`, cell: (call) => orSlash(call.customFields.customField1) },
    { key: 'customField2', header: t`Custom Field #2`, cell: (call) => orSlash(call.customFields.customField2) },
    { key: 'customField3', header: t`Custom Field #3`, cell: (call) => orSlash(call.customFields.customField3) },
  ];

  const loading = status === 'loading';
  return (
    <Box as="section">
      <ScreenHeader title={t`Upcoming Calls`} subtitle={t`Upcoming calls from clients`} />
      <FilterBar label={t`Filters`}>
        <SelectFilter
          label={t`Websites`}
          value={filters.websiteId}
          options={websites.map((website) => ({ value: website.id, label: website.domain }))}
          onChange={(value) => list.send({ type: 'user.changeFilter', field: 'websiteId', value })}
        />
        <SelectFilter
          label={t`Agent`}
          value={filters.agentId}
          // spec §6: only regular agents appear in the upcoming-calls agent filter.
          options={agents.filter((agent) => agent.isRegular).map((agent) => ({ value: agent.id, label: agent.name ?? agent.phone }))}
          onChange={(value) => list.send({ type: 'user.changeFilter', field: 'agentId', value })}
        />
        <DateRangeFilter
          dateFrom={filters.dateFrom}
          dateTo={filters.dateTo}
          minDay={today}
          onChange={(field, day) => list.send({ type: 'user.changeFilter', field, value: day })}
        />
      </FilterBar>
      <DataTable
        label={t`Upcoming Calls`}
        columns={columns}
        rows={rows}
        rowKey={(call) => call.id}
        loading={loading}
        skeletonRows={skeletonRows}
        empty={
          <ListEmptyContent
            status={status}
            noData={t`You don't have any upcoming calls, yet.`}
            noDataActions={
              // Issue 21: visitors schedule callbacks through the widget once it is on the website.
              <Button asChild colorPalette="blue">
                <Link to="/websites">{t`Install your widget`}</Link>
              </Button>
            }
            failed={i18n._(upcomingCallsMessages.loadFailed)}
            onRetry={() => list.send({ type: 'user.retry' })}
          />
        }
      />
      {showsPagination ? (
        <Pagination
          {...paging}
          perPageChoices={rowsPerPageChoices(UPCOMING_CALLS_PER_PAGE)}
          disabled={loading}
          onPageChange={(page) => list.send({ type: 'user.changePage', page })}
          onPerPageChange={(perPage) => list.send({ type: 'user.changePerPage', perPage })}
        />
      ) : null}
    </Box>
  );
}
