import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { callsBySourceStatus, type SourceUsage } from '../../../machines/callsBySource/callsBySource.machine.ts';
import type { ListFilters } from '../../../machines/list/list.types.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { type DataColumn, DataTable } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { provideCallsBySource } from './analytics.actors.ts';

type CardActor = Actor<ReturnType<typeof provideCallsBySource>>;

/** A summed "others" row shown under the listed sources. */
type CardRow = SourceUsage & { key: string };

/**
 * Issue 20: "Calls by source", under the chart. Per source, medium and campaign of the visitors:
 * widget views, calls, scheduled calls and the conversion rate, most calls first, with the
 * screen's filters (its own machine follows them: machines/callsBySource). The table scrolls in
 * its own box on a phone.
 */
export function CallsBySourceCard({ filters }: { filters: ListFilters }) {
  const { api } = useRootActors();
  const card: CardActor = useInspectedActorRef(provideCallsBySource(api), { input: { filters } });
  useEffect(() => {
    card.send({ type: 'filters.changed', filters });
  }, [card, filters]);
  return <CallsBySourceView card={card} />;
}

function CallsBySourceView({ card }: { card: CardActor }) {
  const { t, i18n } = useLingui();
  const status = useSelector(card, callsBySourceStatus);
  const sources = useSelector(card, (snapshot) => snapshot.context.sources);
  const others = useSelector(card, (snapshot) => snapshot.context.others);
  if (status === 'hidden') return null;
  const numbers = new Intl.NumberFormat(i18n.locale);
  const percent = (rate: number) =>
    new Intl.NumberFormat(i18n.locale, { style: 'percent', minimumFractionDigits: rate ? 2 : 0, maximumFractionDigits: 2 }).format(rate / 100);
  const none = '—';
  const columns: DataColumn<CardRow>[] = [
    { key: 'source', header: t`Source`, cell: (row) => sourceLabel(row.source) },
    { key: 'medium', header: t`Medium`, cell: (row) => row.medium ?? none },
    { key: 'campaign', header: t`Campaign`, cell: (row) => row.campaign ?? none },
    { key: 'views', header: t`Widget Views`, cell: (row) => numbers.format(row.widgetViews), nowrap: true, align: 'end' },
    { key: 'calls', header: t`Calls`, cell: (row) => numbers.format(row.calls), nowrap: true, align: 'end' },
    { key: 'scheduled', header: t`Scheduled calls`, cell: (row) => numbers.format(row.scheduledCalls), nowrap: true, align: 'end' },
    { key: 'rate', header: t`Conversion Rate`, cell: (row) => percent(row.conversionRate), nowrap: true, align: 'end' },
  ];
  // The API's own names of what no visitor told ('(not set)', '(other)', '(direct)') read in the user's language.
  function sourceLabel(source: string): string {
    if (source === '(not set)') return t`(not set)`;
    if (source === '(other)') return t`(other)`;
    if (source === '(direct)') return t`(direct)`;
    return source;
  }
  const rows: CardRow[] = sources.map((row) => ({ ...row, key: `${row.source}|${row.medium ?? ''}|${row.campaign ?? ''}` }));
  if (others) {
    const count = numbers.format(others.sources);
    rows.push({ ...others, key: 'others', source: t`Other sources (${count})`, medium: null, campaign: null });
  }
  const title = t`Calls by source`;
  let empty = null;
  if (status === 'empty') empty = <EmptyState title={t`No widget views or calls for these filters yet`} />;
  if (status === 'failed') {
    empty = (
      <EmptyState tone="error" title={t`Failed to get calls by source.`}>
        <Button size="sm" variant="outline" onClick={() => card.send({ type: 'user.retry' })}>
          {t`Try again`}
        </Button>
      </EmptyState>
    );
  }
  return (
    <Box as="section" aria-labelledby="calls-by-source-title" mb="4" minWidth="0">
      <Heading as="h2" id="calls-by-source-title" size="md" mb="1" color="gray.900">
        {title}
      </Heading>
      <Text fontSize="sm" color="gray.700" mb="3">
        {t`Where the visitors who called first came from: the campaign, site or search of their first visit.`}
      </Text>
      <DataTable label={title} columns={columns} rows={rows} rowKey={(row) => row.key} loading={status === 'loading'} skeletonRows={4} empty={empty} />
    </Box>
  );
}
