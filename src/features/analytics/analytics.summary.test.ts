import { describe, expect, it } from 'vitest';
import { chartDays, conversionRate, mergeDays, totalsOf, usageOfType, type AnalyticsDay, type WidgetUsage } from './analytics.summary.ts';

const usage = (typeId: number, widgetViews: number, calls: number, clicks = 0, scheduled = [0, 0, 0, 0]): WidgetUsage => ({
  typeId,
  widgetViews,
  calls,
  clicks,
  scheduledCalls: { successful: scheduled[0]!, missed: scheduled[1]!, busy: scheduled[2]!, 'no-answer': scheduled[3]! },
});
const day = (date: string, websiteId: number, pageViews: number, widgets: WidgetUsage[]): AnalyticsDay => ({ date, websiteId, usage: { pageViews, widgets } });

const entries = [
  day('2026-11-20', 1, 400, [usage(1, 80, 4, 6), usage(3, 250, 7, 8, [4, 0, 0, 1])]),
  day('2026-11-20', 2, 300, [usage(1, 60, 7, 6, [1, 2, 0, 0])]),
  day('2026-11-22', 1, 100, [usage(2, 10, 1, 1, [0, 0, 1, 0])]),
];

describe('analytics figures', () => {
  it('merges the websites of a day: page views summed, widget lists concatenated (spec §7)', () => {
    const merged = mergeDays([entries[2]!, ...entries.slice(0, 2)]);
    expect(merged.map((d) => [d.date, d.usage.pageViews, d.usage.widgets.length])).toEqual([
      ['2026-11-20', 700, 3],
      ['2026-11-22', 100, 1],
    ]);
  });

  it('computes the conversion rate with two decimals, or 0 (spec §9)', () => {
    expect(conversionRate(19, 400)).toBe(4.75);
    expect(conversionRate(1, 3)).toBe(33.33);
    expect(conversionRate(2, 3)).toBe(66.67);
    expect(conversionRate(5, 0)).toBe(0);
  });

  it('sums the summary cards', () => {
    expect(totalsOf(entries)).toEqual({ pageVisits: 800, widgetViews: 400, calls: 19, conversionRate: 4.75 });
    expect(totalsOf([])).toEqual({ pageVisits: 0, widgetViews: 0, calls: 0, conversionRate: 0 });
  });

  it('sums a widget type’s card', () => {
    expect(usageOfType(entries, 1)).toEqual({ typeId: 1, calls: 11, clicks: 12, scheduledCalls: { successful: 1, missed: 2, busy: 0, noAnswer: 0 } });
    expect(usageOfType(entries, 2).scheduledCalls.busy).toBe(1);
  });

  it('draws every day of the range, quiet days as zeros', () => {
    expect(chartDays(entries, { from: '2026-11-19', to: '2026-11-21' })).toEqual([
      { day: '2026-11-19', pageVisits: 0, widgetViews: 0, calls: 0 },
      { day: '2026-11-20', pageVisits: 700, widgetViews: 390, calls: 18 },
      { day: '2026-11-21', pageVisits: 0, widgetViews: 0, calls: 0 },
      { day: '2026-11-22', pageVisits: 100, widgetViews: 10, calls: 1 },
    ]);
  });
});
