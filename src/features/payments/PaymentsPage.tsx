import { Box } from '@chakra-ui/react/box';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
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
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { DateRangeFilter } from '../../ui/DateRangeFilter.tsx';
import { formatDateTime, todayIn } from '../../lib/dateTime.ts';
import { FilterBar } from '../../ui/FilterBar.tsx';
import { creditPackLabel } from '../../lib/formatting.ts';
import { ListEmptyContent } from '../../ui/ListEmptyContent.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { SelectFilter } from '../../ui/SelectFilter.tsx';
import { useListMachine } from '../../statecharts/useListMachine.ts';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { paymentsDefaults, paymentsMessages, paymentStatusLabels, providePaymentsList, receiptUrl, type Payment } from './payments.actors.ts';
import { PAYMENT_STATUSES, PAYMENTS_PER_PAGE, type PaymentsFilters } from './payments.search.ts';

export interface PaymentsPageProps {
  search: ListSearch<PaymentsFilters>;
  onSearchChange: (search: ListSearch<PaymentsFilters>) => void;
}

/** spec §2 Payment History (/payments): date range without future dates, Status, the payments, pagination. */
export function PaymentsPage({ search, onSearchChange }: PaymentsPageProps) {
  const { t, i18n } = useLingui();
  const { api } = useRootActors();
  const timeZone = useUserTimeZone();
  const today = todayIn(timeZone);
  const defaults = useMemo(() => paymentsDefaults(today), [today]);
  const list = useListMachine({ machine: providePaymentsList(api, timeZone), defaults, search, onSearchChange });

  const status = useSelector(list, listStatus);
  const rows = useSelector(list, listVisibleRows);
  const skeletonRows = useSelector(list, listSkeletonRows);
  const showsPagination = useSelector(list, listShowsPagination);
  const paging = useSelector(list, listPaging);
  const filters = useSelector(list, listFilters);

  const columns: DataColumn<Payment>[] = [
    { key: 'convertId', header: t`Payment ID`, cell: (payment) => payment.convertId, nowrap: true },
    { key: 'createdAt', header: t`Created At`, cell: (payment) => formatDateTime(payment.createdAt, timeZone), nowrap: true },
    {
      key: 'receipt',
      header: t`Receipt`,
      nowrap: true,
      cell: (payment) => {
        const url = receiptUrl(payment);
        return url ? (
          <Link href={url} target="_blank" rel="noopener noreferrer" color="blue.700" textDecoration="underline">
            {t`Receipt`}
            <Text as="span" srOnly>
              {' '}
              {payment.convertId}
            </Text>
          </Link>
        ) : (
          <Text as="span" color="gray.500">
            <span aria-hidden="true">—</span>
            <Text as="span" srOnly>{t`No receipt`}</Text>
          </Text>
        );
      },
    },
    { key: 'automatic', header: t`Automatic`, cell: (payment) => (payment.isAutomatic ? t`Yes` : t`No`), nowrap: true },
    { key: 'status', header: t`Status`, cell: (payment) => i18n._(paymentStatusLabels[payment.status]), nowrap: true },
    { key: 'creditPack', header: t`Credit Pack`, cell: (payment) => i18n._(creditPackLabel(payment.CreditPack)), nowrap: true },
  ];

  const loading = status === 'loading';
  return (
    <Box as="section">
      <ScreenHeader title={t`Payment History`} subtitle={t`List of all payments on the account`} />
      <FilterBar label={t`Filters`} columns={3}>
        <DateRangeFilter
          dateFrom={filters.dateFrom}
          dateTo={filters.dateTo}
          maxDay={today}
          onChange={(field, day) => list.send({ type: 'user.changeFilter', field, value: day })}
        />
        <SelectFilter
          label={t`Status`}
          value={filters.status}
          options={PAYMENT_STATUSES.map((value) => ({ value, label: i18n._(paymentStatusLabels[value]) }))}
          onChange={(value) => list.send({ type: 'user.changeFilter', field: 'status', value })}
        />
      </FilterBar>
      <DataTable
        label={t`Payment History`}
        columns={columns}
        rows={rows}
        rowKey={(payment) => payment.id}
        loading={loading}
        skeletonRows={skeletonRows}
        empty={
          <ListEmptyContent
            status={status}
            noData={t`You don't have any payments, yet.`}
            noDataActions={
              <Button asChild colorPalette="blue">
                <RouteLink to="/billing">{t`Buy credits`}</RouteLink>
              </Button>
            }
            failed={i18n._(paymentsMessages.loadFailed)}
            onRetry={() => list.send({ type: 'user.retry' })}
          />
        }
      />
      {showsPagination ? (
        <Pagination
          {...paging}
          perPageChoices={rowsPerPageChoices(PAYMENTS_PER_PAGE)}
          disabled={loading}
          onPageChange={(page) => list.send({ type: 'user.changePage', page })}
          onPerPageChange={(perPage) => list.send({ type: 'user.changePerPage', perPage })}
        />
      ) : null}
    </Box>
  );
}
