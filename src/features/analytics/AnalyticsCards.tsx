import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Text } from '@chakra-ui/react/text';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PeriodChange } from '../../../common/rules/periodComparison.ts';
import { changeText, type SummaryChanges } from './analytics.comparison.ts';
import type { AnalyticsTotals, WidgetTypeUsage } from './analytics.summary.ts';

const cardStyle = { bg: 'white', borderWidth: '1px', borderRadius: 'lg', p: { base: '4', md: '5' } } as const;

// Issue 21: the arrow and colour repeat what the text says ("+12%"); both colours pass AA on white.
const arrows = { up: '↑', down: '↓', flat: '→' } as const;
const changeColors = { up: 'green.700', down: 'red.700', flat: 'gray.700' } as const;

/** A card's change against the previous period: seen as "↑ +12% vs previous 7 days", heard as "up 12% vs previous 7 days". */
function Change({ change, days }: { change: PeriodChange; days: number }) {
  const { i18n } = useLingui();
  const { text, label, direction } = changeText(i18n, change, days);
  return (
    <Text as="dd" fontSize="sm" color={changeColors[direction]} mt="1" data-direction={direction}>
      <span aria-hidden="true">
        {arrows[direction]} {text}
      </span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

function Figure({ label, value, change }: { label: string; value: ReactNode; change?: ReactNode }) {
  return (
    <Box {...cardStyle}>
      <Text as="dt" fontSize="sm" color="gray.700">
        {label}
      </Text>
      <Text as="dd" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="semibold" color="gray.900" mt="1">
        {value}
      </Text>
      {change}
    </Box>
  );
}

/**
 * The four summary cards (spec §2 Analytics); numbers and the percentage in the reader's
 * language, each with its change against the previous period once loaded (issue 21).
 */
export function SummaryCards({ totals, changes }: { totals: AnalyticsTotals | null; changes: SummaryChanges | null }) {
  const { t, i18n } = useLingui();
  const numbers = new Intl.NumberFormat(i18n.locale);
  // spec §9: two decimals, or 0.
  const percent = new Intl.NumberFormat(i18n.locale, {
    style: 'percent',
    minimumFractionDigits: totals?.conversionRate ? 2 : 0,
    maximumFractionDigits: 2,
  });
  const show = (value: number | undefined, format: (n: number) => string) =>
    value === undefined ? <Skeleton height="8" width="24" /> : format(value);
  const change = (key: keyof Omit<SummaryChanges, 'days'>) => changes && <Change change={changes[key]} days={changes.days} />;
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="4" mb="4">
      <Figure label={t`Page Visits`} value={show(totals?.pageVisits, (n) => numbers.format(n))} change={change('pageVisits')} />
      <Figure label={t`Widget Views`} value={show(totals?.widgetViews, (n) => numbers.format(n))} change={change('widgetViews')} />
      <Figure label={t`Calls`} value={show(totals?.calls, (n) => numbers.format(n))} change={change('calls')} />
      <Figure label={t`Conversion Rate`} value={show(totals?.conversionRate, (n) => percent.format(n / 100))} change={change('conversionRate')} />
    </Box>
  );
}

/** A per-widget-type card (spec §2 Analytics): Calls, Scheduled calls by outcome, Times Clicked. */
export function WidgetTypeCard({ title, usage }: { title: string; usage: WidgetTypeUsage | null }) {
  const { t, i18n } = useLingui();
  const numbers = new Intl.NumberFormat(i18n.locale);
  const value = (n: number | undefined) => (n === undefined ? <Skeleton height="4" width="8" /> : numbers.format(n));
  const row = (label: string, n: number | undefined, indent = false) => (
    <Box display="flex" justifyContent="space-between" gap="3" py="1.5" pl={indent ? '4' : '0'} borderTopWidth={indent ? '0' : '1px'}>
      <Text as="dt" color={indent ? 'gray.700' : 'gray.800'}>
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" color="gray.900">
        {value(n)}
      </Text>
    </Box>
  );
  return (
    <Box as="section" aria-label={title} {...cardStyle}>
      <Heading as="h2" size="md" color="gray.900" mb="2">
        {title}
      </Heading>
      <Box as="dl" fontSize="sm">
        {row(t`Calls`, usage?.calls)}
        <Box borderTopWidth="1px" pt="1.5">
          <Text as="dt" color="gray.800">
            {t`Scheduled calls`}
          </Text>
          <dd>
            <Box as="dl">
              {row(t`Successful`, usage?.scheduledCalls.successful, true)}
              {row(t`Missed`, usage?.scheduledCalls.missed, true)}
              {row(t`Busy`, usage?.scheduledCalls.busy, true)}
              {row(t`No Answer`, usage?.scheduledCalls.noAnswer, true)}
            </Box>
          </dd>
        </Box>
        {row(t`Times Clicked`, usage?.clicks)}
      </Box>
    </Box>
  );
}
