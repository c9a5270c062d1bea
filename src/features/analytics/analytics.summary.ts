import type { components } from '../../../common/contract/dashboard.gen.ts';

export type AnalyticsDay = components['schemas']['AnalyticsDay'];
export type WidgetUsage = components['schemas']['WidgetUsage'];

/**
 * spec §7 GET analytics path: "with no website chosen entries are merged: page views summed,
 * widget lists concatenated" — one entry per day, oldest first.
 */
export function mergeDays(entries: AnalyticsDay[]): AnalyticsDay[] {
  const byDate = new Map<string, AnalyticsDay>();
  for (const entry of entries) {
    const merged = byDate.get(entry.date);
    if (merged) {
      merged.usage = { pageViews: merged.usage.pageViews + entry.usage.pageViews, widgets: [...merged.usage.widgets, ...entry.usage.widgets] };
    } else {
      byDate.set(entry.date, { date: entry.date, websiteId: null, usage: { pageViews: entry.usage.pageViews, widgets: [...entry.usage.widgets] } });
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** spec §9: conversion rate = calls / widget views × 100, two decimals, or 0 (no views). */
export function conversionRate(calls: number, widgetViews: number): number {
  return widgetViews > 0 ? Math.round((calls / widgetViews) * 100 * 100) / 100 : 0;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export interface AnalyticsTotals {
  pageVisits: number;
  widgetViews: number;
  calls: number;
  conversionRate: number;
}

/** The four summary cards (spec §2 Analytics): Page Visits, Widget Views, Calls, Conversion Rate. */
export function totalsOf(days: AnalyticsDay[]): AnalyticsTotals {
  const widgets = days.flatMap((day) => day.usage.widgets);
  const widgetViews = sum(widgets.map((widget) => widget.widgetViews));
  const calls = sum(widgets.map((widget) => widget.calls));
  return { pageVisits: sum(days.map((day) => day.usage.pageViews)), widgetViews, calls, conversionRate: conversionRate(calls, widgetViews) };
}

export interface WidgetTypeUsage {
  typeId: number;
  calls: number;
  clicks: number;
  scheduledCalls: { successful: number; missed: number; busy: number; noAnswer: number };
}

/** A per-widget-type card (spec §2 Analytics): Calls, Scheduled calls by outcome, Times Clicked. */
export function usageOfType(days: AnalyticsDay[], typeId: number): WidgetTypeUsage {
  const widgets = days.flatMap((day) => day.usage.widgets).filter((widget) => widget.typeId === typeId);
  return {
    typeId,
    calls: sum(widgets.map((widget) => widget.calls)),
    clicks: sum(widgets.map((widget) => widget.clicks)),
    scheduledCalls: {
      successful: sum(widgets.map((widget) => widget.scheduledCalls.successful)),
      missed: sum(widgets.map((widget) => widget.scheduledCalls.missed)),
      busy: sum(widgets.map((widget) => widget.scheduledCalls.busy)),
      noAnswer: sum(widgets.map((widget) => widget.scheduledCalls['no-answer'])),
    },
  };
}

export interface ChartDay {
  day: string;
  pageVisits: number;
  widgetViews: number;
  calls: number;
}

function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + 1)).toISOString().slice(0, 10);
}

/**
 * The chart's points (spec §2: Page Visits, Widget Views and Calls over time): one per day from
 * the first to the last day of the range or of the answer, days without activity as zeros (the
 * server leaves them out).
 */
export function chartDays(days: AnalyticsDay[], range: { from: string; to: string }): ChartDay[] {
  const byDate = new Map(mergeDays(days).map((day) => [day.date, day]));
  const first = [range.from, ...byDate.keys()].sort()[0]!;
  const last = [range.to, ...byDate.keys()].sort().at(-1)!;
  const points: ChartDay[] = [];
  for (let day = first; day <= last && points.length < 1000; day = nextDay(day)) {
    const entry = byDate.get(day);
    const widgets = entry?.usage.widgets ?? [];
    points.push({
      day,
      pageVisits: entry?.usage.pageViews ?? 0,
      widgetViews: sum(widgets.map((widget) => widget.widgetViews)),
      calls: sum(widgets.map((widget) => widget.calls)),
    });
  }
  return points;
}
