import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { changeDirection, countChange, rateChange, type PeriodChange } from '../../../common/rules/periodComparison.ts';
import { conversionRate, type AnalyticsTotals } from './analytics.summary.ts';

/** GET /client/analytics `previousPeriod`: the summary cards' totals over the previous period (issue 21). */
export type PreviousPeriod = components['schemas']['AnalyticsPeriodTotals'];

/** Each summary card's change against the previous period, and how many days both periods have. */
export interface SummaryChanges {
  days: number;
  pageVisits: PeriodChange;
  widgetViews: PeriodChange;
  calls: PeriodChange;
  conversionRate: PeriodChange;
}

/**
 * The cards' changes (issue 21): counts in percent, the conversion rate in percentage points,
 * by common/rules/periodComparison.ts, the rule the server's period comes from. The previous
 * rate is computed as the current one is (spec §9), from the previous calls and widget views.
 */
export function summaryChanges(totals: AnalyticsTotals, previous: PreviousPeriod): SummaryChanges {
  return {
    days: previous.days,
    pageVisits: countChange(totals.pageVisits, previous.pageViews),
    widgetViews: countChange(totals.widgetViews, previous.widgetViews),
    calls: countChange(totals.calls, previous.calls),
    conversionRate: rateChange(
      { rate: totals.conversionRate, base: totals.widgetViews },
      { rate: conversionRate(previous.calls, previous.widgetViews), base: previous.widgetViews },
    ),
  };
}

/** What a card shows of its change: the text (with its sign), the words a screen reader says, the arrow's way. */
export interface ChangeText {
  text: string;
  label: string;
  direction: 'up' | 'down' | 'flat';
}

/**
 * The words of a change (issue 21: "+12% vs previous 7 days"). The sign is in the text, so the
 * arrow and colour are never the only cue; the spoken label says "up"/"down" rather than
 * reading out "+"/"−". One day is "vs previous day" (Lingui plural per language).
 */
export function changeText(i18n: I18n, change: PeriodChange, days: number): ChangeText {
  const direction = changeDirection(change);
  if (change.kind === 'new') {
    const text = i18n._(msg`${plural(days, { one: 'New: none the previous day', other: 'New: none in the previous # days' })}`);
    return { text, label: text, direction };
  }
  let shown: string;
  let amount: string;
  if (change.kind === 'percent') {
    const percent = (signDisplay: 'exceptZero' | 'never') => new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0, signDisplay });
    shown = percent('exceptZero').format(change.percent / 100);
    amount = percent('never').format(change.percent / 100);
  } else if (change.kind === 'points') {
    const points = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(change.points);
    shown = i18n._(msg`${points} pp`);
    const size = Math.abs(change.points);
    amount = i18n._(msg`${plural(size, { one: '# percentage point', other: '# percentage points' })}`);
  } else {
    // Nothing before and nothing now: no change to tell, and no "0%" that reads like a result.
    shown = '—';
    amount = '';
  }
  const text = i18n._(msg`${plural(days, { one: `${shown} vs previous day`, other: `${shown} vs previous # days` })}`);
  let label: string;
  if (direction === 'up') label = i18n._(msg`${plural(days, { one: `up ${amount} vs previous day`, other: `up ${amount} vs previous # days` })}`);
  else if (direction === 'down') label = i18n._(msg`${plural(days, { one: `down ${amount} vs previous day`, other: `down ${amount} vs previous # days` })}`);
  else label = i18n._(msg`${plural(days, { one: 'no change vs previous day', other: 'no change vs previous # days' })}`);
  return { text, label, direction };
}
