import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The chart's three series, in the legend's order. */
export const seriesKeys = ['pageVisits', 'widgetViews', 'calls'] as const;
export type SeriesKey = (typeof seriesKeys)[number];

/** Series colours (AA contrast on white for the legend swatches' neighbours). */
export const seriesColors: Record<SeriesKey, string> = { pageVisits: '#2563eb', widgetViews: '#16a34a', calls: '#c2410c' };

/** The series' names (legend, tooltip, the plot's series ids), for `i18n._`. */
export const seriesLabels: Record<SeriesKey, MessageDescriptor> = {
  pageVisits: msg`Page Visits`,
  widgetViews: msg`Widget Views`,
  calls: msg`Calls`,
};
