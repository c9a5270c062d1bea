import { Button } from '@chakra-ui/react/button';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ListStatus } from '../../machines/list/list.types.ts';
import { EmptyState } from './EmptyState.tsx';

export interface ListEmptyContentProps {
  status: ListStatus;
  /** The screen's "no data yet" message (spec §8: one message for no data). */
  noData: string;
  /** Actions shown with the no-data message (e.g. Create New Widget). */
  noDataActions?: ReactNode;
  /** The screen's load failure ("Failed to get calls."), with a retry. */
  failed: string;
  onRetry: () => void;
}

/**
 * What a list shows instead of rows (spec §4 list states, §8 Empty results): no data yet, no
 * data for the chosen filters, the date error (no request was made), or a failed load.
 */
export function ListEmptyContent({ status, noData, noDataActions, failed, onRetry }: ListEmptyContentProps) {
  const { t } = useLingui();
  switch (status) {
    case 'noData':
      return <EmptyState title={noData}>{noDataActions}</EmptyState>;
    case 'noDataWithFilters':
      return <EmptyState title={t`No data to show for selected filters`} />;
    case 'dateError':
      return <EmptyState tone="error" title={t`Date from cannot be bigger than date to`} />;
    case 'failed':
      return (
        <EmptyState tone="error" title={failed}>
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t`Try again`}
          </Button>
        </EmptyState>
      );
    default:
      return null;
  }
}
