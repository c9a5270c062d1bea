import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { ResponsiveLine, type SliceTooltipProps } from '@nivo/line';
import { formatShortDay } from '../../lib/dateTime.ts';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../lib/useMediaQuery.ts';
import type { ChartDay } from './analytics.summary.ts';
import { seriesColors, seriesKeys, seriesLabels, type SeriesKey } from './analyticsSeries.ts';

type Series = { id: string; key: SeriesKey; data: { x: string; y: number }[] };

/** Every nth day as an axis tick, so labels never overlap however long the range. */
function tickDays(days: ChartDay[], maxTicks: number): string[] {
  const step = Math.max(1, Math.ceil(days.length / maxTicks));
  return days.filter((_, index) => index % step === 0).map((day) => day.day);
}

/** The tooltip of a day: its date and the three values, in the reader's language. */
function DayTooltip({ slice }: SliceTooltipProps<Series>) {
  const { i18n } = useLingui();
  const numbers = new Intl.NumberFormat(i18n.locale);
  const day = slice.points[0]?.data.x;
  return (
    <Box bg="white" borderWidth="1px" borderRadius="md" boxShadow="md" px="3" py="2" fontSize="sm" minWidth="10rem">
      <Text fontWeight="semibold" mb="1">
        {day ? formatShortDay(day, i18n.locale) : ''}
      </Text>
      {slice.points.map((point) => (
        <Box key={point.id} display="flex" alignItems="center" gap="2">
          <Box width="2.5" height="2.5" borderRadius="full" bg={point.seriesColor} aria-hidden="true" />
          <Text flex="1">{String(point.seriesId)}</Text>
          <Text fontWeight="semibold">{numbers.format(Number(point.data.y))}</Text>
        </Box>
      ))}
    </Box>
  );
}

/**
 * spec §2 Analytics: the plot of Page Visits, Widget Views and Calls over time, inside the figure
 * that AnalyticsFigure.tsx draws (its caption and legend show before this chunk has loaded). It
 * fills its box and follows window resizes; the tooltip shows the three values of a day, and days
 * are written in the reader's language.
 */
export function AnalyticsChart({ days }: { days: ChartDay[] }) {
  const { t, i18n } = useLingui();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const data: Series[] = seriesKeys.map((key) => ({ id: i18n._(seriesLabels[key]), key, data: days.map((day) => ({ x: day.day, y: day[key] })) }));
  const numbers = new Intl.NumberFormat(i18n.locale);

  return (
    <ResponsiveLine<Series>
      data={data}
      margin={{ top: 12, right: 28, bottom: 36, left: 48 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      colors={(series) => seriesColors[(series as Series).key]}
      lineWidth={2}
      pointSize={days.length > 40 ? 0 : 6}
      pointBorderWidth={0}
      enableSlices="x"
      sliceTooltip={DayTooltip}
      enableGridX={false}
      axisBottom={{
        tickSize: 0,
        tickPadding: 10,
        tickValues: tickDays(days, wide ? 10 : 4),
        format: (value) => formatShortDay(String(value), i18n.locale),
      }}
      axisLeft={{ tickSize: 0, tickPadding: 8, tickValues: 5, format: (value) => numbers.format(Number(value)) }}
      theme={{ text: { fontSize: 12, fill: '#374151' }, grid: { line: { stroke: '#e5e7eb' } } }}
      animate={false}
      role="img"
      ariaLabel={t`Page Visits, Widget Views and Calls over time`}
    />
  );
}
