import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { Line, type LineCustomSvgLayerProps, type SliceTooltipProps } from '@nivo/line';
import { startTransition, useCallback, useMemo, useState } from 'react';
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

/** The whole numbers the value axis shows (about five, from 0), the last at or above `max`. */
export function valueTicks(max: number): number[] {
  const top = Number.isFinite(max) ? Math.max(1, Math.ceil(max)) : 1;
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const steps = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).filter((candidate) => Number.isInteger(candidate));
  const step = Math.max(1, steps.find((candidate) => candidate >= rough) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let value = 0; value < top + step; value += step) {
    ticks.push(value);
    if (value >= top) break;
  }
  return ticks;
}

type Size = { width: number; height: number };

/**
 * The size of the chart's box, followed with a ResizeObserver (its first report comes once the box
 * is laid out). A new size renders in a transition, so a window resize never blocks input.
 * nivo's ResponsiveLine measured its box in a layout effect of its own, a forced layout of the
 * half-built screen, then rendered the whole chart a second time at once (issue 17).
 */
function useBoxSize(): [(element: HTMLDivElement | null) => void, Size | null] {
  const [size, setSize] = useState<Size | null>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const next = { width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) };
      startTransition(() => setSize((last) => (last && last.width === next.width && last.height === next.height ? last : next)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

const MARGIN = { top: 12, right: 28, bottom: 36, left: 48 };
const TEXT = { fontSize: 12, fill: '#374151' } as const;

/**
 * The grid, the axes and the points as plain SVG, drawn once per render: nivo's own layers animate
 * every tick, line and point through react-spring, several components each, which was most of
 * the chart's first render on a phone (issue 17: Total Blocking Time).
 */
function staticLayers(ticks: { values: number[]; days: string[] }, format: { value: (value: number) => string; day: (day: string) => string }, pointSize: number) {
  function Axes({ innerWidth, innerHeight, xScale, yScale }: LineCustomSvgLayerProps<Series>) {
    return (
      <g aria-hidden="true">
        {ticks.values.map((value) => {
          const y = yScale(value);
          return (
            <g key={value} transform={`translate(0,${y})`}>
              <line x1={0} x2={innerWidth} stroke="#e5e7eb" strokeWidth={1} />
              <text x={-8} dy="0.32em" textAnchor="end" style={TEXT}>
                {format.value(value)}
              </text>
            </g>
          );
        })}
        {ticks.days.map((day) => (
          <text key={day} x={xScale(day)} y={innerHeight + 10} dy="0.71em" textAnchor="middle" style={TEXT}>
            {format.day(day)}
          </text>
        ))}
      </g>
    );
  }
  function Points({ points }: LineCustomSvgLayerProps<Series>) {
    if (pointSize === 0) return null;
    return (
      <g aria-hidden="true">
        {points.map((point) => (
          <circle key={point.id} cx={point.x} cy={point.y} r={pointSize / 2} fill={point.seriesColor} />
        ))}
      </g>
    );
  }
  return [Axes, 'crosshair', 'lines', Points, 'slices'] as const;
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
  const [box, size] = useBoxSize();
  const data: Series[] = useMemo(
    () => seriesKeys.map((key) => ({ id: i18n._(seriesLabels[key]), key, data: days.map((day) => ({ x: day.day, y: day[key] })) })),
    [days, i18n],
  );
  const pointSize = days.length > 40 ? 0 : 6;
  const values = useMemo(() => valueTicks(Math.max(0, ...days.flatMap((day) => seriesKeys.map((key) => day[key])))), [days]);
  const layers = useMemo(() => {
    const numbers = new Intl.NumberFormat(i18n.locale);
    const format = { value: (value: number) => numbers.format(value), day: (day: string) => formatShortDay(day, i18n.locale) };
    return staticLayers({ values, days: tickDays(days, wide ? 10 : 4) }, format, pointSize);
  }, [days, values, wide, pointSize, i18n.locale]);

  return (
    <div ref={box} style={{ width: '100%', height: '100%', overflow: 'hidden' }}>
      {/* A box too small to hold the margins draws nothing rather than a negative size. */}
      {size && size.width > MARGIN.left + MARGIN.right && size.height > MARGIN.top + MARGIN.bottom && (
        <Line<Series>
          width={size.width}
          height={size.height}
          data={data}
          margin={MARGIN}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: values[values.length - 1] }}
          colors={(series) => seriesColors[(series as Series).key]}
          lineWidth={2}
          enablePoints={false}
          pointSize={pointSize}
          enableSlices="x"
          sliceTooltip={DayTooltip}
          layers={layers}
          theme={{ text: TEXT }}
          animate={false}
          role="img"
          ariaLabel={t`Page Visits, Widget Views and Calls over time`}
        />
      )}
    </div>
  );
}
