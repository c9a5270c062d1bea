import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { listFilters, listRows, listStatus, listSummary } from '../../../machines/list/list.selectors.ts';
import type { ListSearch } from '../../../machines/list/list.view.ts';
import { websitesOf, widgetTypesOf } from '../../api/referenceData.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { DateRangeFilter } from '../../ui/DateRangeFilter.tsx';
import { afterNextPaint } from '../../lib/afterNextPaint.ts';
import { todayIn } from '../../lib/dateTime.ts';
import { FilterBar } from '../../ui/FilterBar.tsx';
import { ListEmptyContent } from '../../ui/ListEmptyContent.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { SelectFilter } from '../../ui/SelectFilter.tsx';
import { useListMachine } from '../../statecharts/useListMachine.ts';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { widgetTypeLabel } from '../../lib/widgetTypes.ts';
import { analyticsDefaults, analyticsMessages, provideAnalyticsList, widgetTypeCards } from './analytics.actors.ts';
import type { AnalyticsFilters } from './analytics.search.ts';
import { summaryChanges } from './analytics.comparison.ts';
import { chartDays, totalsOf, usageOfType } from './analytics.summary.ts';
import { SummaryCards, WidgetTypeCard } from './AnalyticsCards.tsx';
import { AnalyticsFigure } from './AnalyticsFigure.tsx';
import { CallsBySourceCard } from './CallsBySourceCard.tsx';
import { GettingStartedChecklist } from './GettingStartedChecklist.tsx';

// nivo (about 95 kB gzip) comes in its own chunk (issue 8: screen chunks ≤ 100 kB), fetched once
// the screen has mounted (its caption and cards on screen) while its data loads: fetched with the
// screen's chunk, its bytes shared the slow link with everything the first paint waits for
// (issue 17: Largest Contentful Paint on a phone).
const loadChart = () => import('./AnalyticsChart.tsx');
const AnalyticsChart = lazy(() => loadChart().then((module) => ({ default: module.AnalyticsChart })));

const chartPlaceholder = <Skeleton height="full" borderRadius="md" />;

export interface AnalyticsPageProps {
  search: ListSearch<AnalyticsFilters>;
  onSearchChange: (search: ListSearch<AnalyticsFilters>) => void;
}

/**
 * spec §2 Analytics (/dashboard): filters, the four summary cards, the chart, the Calls by
 * source card (issue 20) and the per-widget-type cards; the empty state, "no data for filters" and the date error otherwise.
 */
export function AnalyticsPage({ search, onSearchChange }: AnalyticsPageProps) {
  const { t, i18n } = useLingui();
  const { api, startup } = useRootActors();
  const timeZone = useUserTimeZone();
  const today = todayIn(timeZone);
  const defaults = useMemo(() => analyticsDefaults(today), [today]);
  const list = useListMachine({ machine: provideAnalyticsList(api), defaults, search, onSearchChange });

  // Once the screen's first render is on screen: asked for in its effects, the chunk's download
  // and run came before that paint. A failed fetch surfaces where the plot renders (the lazy
  // component asks again).
  useEffect(() => afterNextPaint(() => void loadChart().catch(() => undefined)), []);

  const status = useSelector(list, listStatus);
  const days = useSelector(list, listRows);
  const filters = useSelector(list, listFilters);
  const websites = useSelector(startup, websitesOf);
  const widgetTypes = useSelector(startup, widgetTypesOf);

  const loaded = status === 'dataLoaded';
  const totals = useMemo(() => (loaded ? totalsOf(days) : null), [loaded, days]);
  const previous = useSelector(list, listSummary);
  const changes = useMemo(() => (totals && previous ? summaryChanges(totals, previous) : null), [totals, previous]);
  const points = useMemo(() => chartDays(days, { from: filters.dateFrom, to: filters.dateTo }), [days, filters.dateFrom, filters.dateTo]);
  // spec §2: cards for Floating Icon, Timed Popup and Exit Popup; only the chosen type's when filtered.
  const cards = widgetTypeCards
    .map((card) => ({ card, type: widgetTypes.find((type) => type.name.trim().toLowerCase() === card.name) }))
    .filter(({ type }) => type && (filters.typeId === null || filters.typeId === type.id));

  const change = (field: keyof AnalyticsFilters & string) => (value: AnalyticsFilters[typeof field]) =>
    list.send({ type: 'user.changeFilter', field, value });

  let content;
  if (status === 'loading' || loaded) {
    content = (
      <Box aria-busy={!loaded}>
        <SummaryCards totals={totals} changes={changes} />
        <AnalyticsFigure>
          {loaded ? (
            <Suspense fallback={chartPlaceholder}>
              <AnalyticsChart days={points} />
            </Suspense>
          ) : (
            chartPlaceholder
          )}
        </AnalyticsFigure>
        <CallsBySourceCard filters={filters} />
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="4">
          {cards.map(({ card, type }) => (
            <WidgetTypeCard key={card.name} title={i18n._(card.title)} usage={loaded && type ? usageOfType(days, type.id) : null} />
          ))}
        </Box>
      </Box>
    );
  } else {
    content = (
      <Box bg="white" borderWidth="1px" borderRadius="lg">
        <ListEmptyContent
          status={status}
          noData={t`You don't have any statistic data to present, yet`}
          noDataActions={
            <>
              <Button asChild colorPalette="blue">
                <Link to="/widgets/manage">{t`Create New Widget`}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/agents/manage/{-$agentId}" params={{}}>
                  {t`Create New Agent`}
                </Link>
              </Button>
            </>
          }
          failed={i18n._(analyticsMessages.loadFailed)}
          onRetry={() => list.send({ type: 'user.retry' })}
        />
      </Box>
    );
  }

  return (
    <Box as="section">
      <ScreenHeader title={t`Analytics`} subtitle={t`Your Conversion Statistics`} />
      {/* Issue 21: for an account before its first connected call; nothing (and no space) otherwise. */}
      <GettingStartedChecklist />
      <FilterBar label={t`Filters`}>
        <DateRangeFilter dateFrom={filters.dateFrom} dateTo={filters.dateTo} maxDay={today} onChange={(field, day) => change(field)(day)} />
        <SelectFilter
          label={t`Websites`}
          value={filters.websiteId}
          options={websites.map((website) => ({ value: website.id, label: website.domain }))}
          onChange={change('websiteId')}
        />
        <SelectFilter
          label={t`Widget type`}
          value={filters.typeId}
          options={widgetTypes.map((type) => ({ value: type.id, label: widgetTypeLabel(i18n, type) }))}
          onChange={change('typeId')}
        />
      </FilterBar>
      {content}
    </Box>
  );
}
