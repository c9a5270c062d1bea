import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dailyUsage, dailyWidgetUsage } from '../../db/schema/analytics.ts';
import { invalidInput } from '../domainError.ts';

/** A year, leap day included: the longest range the Analytics screen asks for at once. */
export const MAX_ANALYTICS_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days an analytics request covers: from dateFrom's day to dateTo's, both included. */
export interface AnalyticsRange {
  /** YYYY-MM-DD */
  fromDay: string;
  toDay: string;
}

export interface AnalyticsFilters {
  websiteId?: number;
  /** Keeps only this widget type in usage.widgets; page views stay (contract getAnalytics). */
  typeId?: number;
}

/** The contract's WidgetUsage. */
export interface WidgetUsageView {
  typeId: number;
  widgetViews: number;
  clicks: number;
  calls: number;
  scheduledCalls: { successful: number; missed: number; busy: number; 'no-answer': number };
}

/** The contract's AnalyticsDay (spec §3 Analytics day entry). */
export interface AnalyticsDayView {
  date: string;
  websiteId: number | null;
  usage: { pageViews: number; widgets: WidgetUsageView[] };
}

/** Checks the order and length of the range (spec §5 Filters) and names its UTC days. */
export function analyticsRange(dateFrom: Date, dateTo: Date): AnalyticsRange {
  if (dateFrom > dateTo) throw invalidInput('Date from cannot be bigger than date to.');
  const fromDay = dateFrom.toISOString().slice(0, 10);
  const toDay = dateTo.toISOString().slice(0, 10);
  const days = (Date.parse(toDay) - Date.parse(fromDay)) / DAY_MS + 1;
  if (days > MAX_ANALYTICS_DAYS) throw invalidInput(`The date range can cover at most ${MAX_ANALYTICS_DAYS} days.`);
  return { fromDay, toDay };
}

/** One row of the aggregate: a (day, website) and, when it had widget activity, one widget type. */
interface UsageRow extends Record<string, unknown> {
  day: string;
  website_id: number;
  page_views: number;
  type_id: number | null;
  widget_views: number;
  clicks: number;
  calls: number;
  scheduled_successful: number;
  scheduled_missed: number;
  scheduled_busy: number;
  scheduled_no_answer: number;
}

/**
 * Daily usage of the caller's websites (spec §2 Analytics, §7 "GET analytics path"), one entry
 * per UTC day and website with any activity, oldest first. Everything comes from daily
 * counters: page views from daily_usage, widget views and clicks from daily_widget_usage (kept
 * by the widget script's events), and calls by outcome from the same rows, kept by triggers on
 * the calls table (migration 0004_call_counters). So a year costs days × websites × types rows,
 * however many calls it had. JavaScript only nests the aggregated rows.
 */
export async function dailyAnalytics(db: Database, userId: number, range: AnalyticsRange, filters: AnalyticsFilters = {}): Promise<AnalyticsDayView[]> {
  const website = (column: unknown) => (filters.websiteId === undefined ? sql`` : sql`and ${column} = ${filters.websiteId}`);
  const widgetType = (column: unknown) => (filters.typeId === undefined ? sql`` : sql`and ${column} = ${filters.typeId}`);
  const result = await db.execute<UsageRow>(sql`
    with page_views as (
      select ${dailyUsage.day} as day, ${dailyUsage.websiteId} as website_id, ${dailyUsage.pageViews} as page_views
      from ${dailyUsage}
      where ${dailyUsage.userId} = ${userId} and ${dailyUsage.day} between ${range.fromDay} and ${range.toDay}
        ${website(dailyUsage.websiteId)}
    ),
    widget_usage as (
      select ${dailyWidgetUsage.day} as day, ${dailyWidgetUsage.websiteId} as website_id,
        ${dailyWidgetUsage.widgetTypeId} as type_id, ${dailyWidgetUsage.widgetViews} as widget_views,
        ${dailyWidgetUsage.clicks} as clicks,
        ${dailyWidgetUsage.callsSuccessful} + ${dailyWidgetUsage.callsMissed} + ${dailyWidgetUsage.callsBusy}
          + ${dailyWidgetUsage.callsNoAnswer} as calls,
        ${dailyWidgetUsage.scheduledSuccessful} as scheduled_successful, ${dailyWidgetUsage.scheduledMissed} as scheduled_missed,
        ${dailyWidgetUsage.scheduledBusy} as scheduled_busy, ${dailyWidgetUsage.scheduledNoAnswer} as scheduled_no_answer
      from ${dailyWidgetUsage}
      where ${dailyWidgetUsage.userId} = ${userId} and ${dailyWidgetUsage.day} between ${range.fromDay} and ${range.toDay}
        ${website(dailyWidgetUsage.websiteId)} ${widgetType(dailyWidgetUsage.widgetTypeId)}
    )
    select day::text as day, website_id, coalesce(p.page_views, 0)::int as page_views, u.type_id,
      u.widget_views::int as widget_views, u.clicks::int as clicks, u.calls::int as calls,
      u.scheduled_successful::int as scheduled_successful, u.scheduled_missed::int as scheduled_missed,
      u.scheduled_busy::int as scheduled_busy, u.scheduled_no_answer::int as scheduled_no_answer
    from page_views p full join widget_usage u using (day, website_id)
    order by day, website_id, u.type_id
  `);
  return nestByDayAndWebsite((result as unknown as { rows: UsageRow[] }).rows);
}

/** Rows arrive ordered by day and website: consecutive rows of one (day, website) make one entry. */
function nestByDayAndWebsite(rows: UsageRow[]): AnalyticsDayView[] {
  const entries: AnalyticsDayView[] = [];
  let current: AnalyticsDayView | undefined;
  for (const row of rows) {
    if (!current || current.date !== row.day || current.websiteId !== row.website_id) {
      current = { date: row.day, websiteId: row.website_id, usage: { pageViews: row.page_views, widgets: [] } };
      entries.push(current);
    }
    if (row.type_id === null) continue;
    current.usage.widgets.push({
      typeId: row.type_id,
      widgetViews: row.widget_views,
      clicks: row.clicks,
      calls: row.calls,
      scheduledCalls: {
        successful: row.scheduled_successful,
        missed: row.scheduled_missed,
        busy: row.scheduled_busy,
        'no-answer': row.scheduled_no_answer,
      },
    });
  }
  return entries;
}
