import { sql } from 'drizzle-orm';
import { previousPeriod } from '../../../common/rules/periodComparison.ts';
import type { Database } from '../../db/client.ts';
import { dailyUsage, dailyWidgetUsage } from '../../db/schema/analytics.ts';
import { invalidInput } from '../domainError.ts';

/** A year, leap day included: the longest range the Analytics screen asks for at once. */
export const MAX_ANALYTICS_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first day PostgreSQL's date type holds (there is no year 0). */
const FIRST_DAY = '0001-01-01';

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

/** The contract's AnalyticsPeriodTotals: the summary cards' sums over the previous period (issue 21). */
export interface PeriodTotalsView {
  dateFrom: string;
  dateTo: string;
  days: number;
  pageViews: number;
  widgetViews: number;
  calls: number;
}

/** The contract's AnalyticsList. */
export interface AnalyticsView {
  data: AnalyticsDayView[];
  previousPeriod: PeriodTotalsView;
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
  /** Null on the one row of a range without activity, which only carries the previous sums. */
  day: string | null;
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
  /** The previous period's sums, the same on every row (float8: a year's sum may pass int4). */
  previous_page_views: number;
  previous_widget_views: number;
  previous_calls: number;
}

/**
 * Daily usage of the caller's websites (spec §2 Analytics, §7 "GET analytics path"), one entry
 * per UTC day and website with any activity, oldest first. Everything comes from daily
 * counters: page views from daily_usage, widget views and clicks from daily_widget_usage (kept
 * by the widget script's events), and calls by outcome from the same rows, kept by triggers on
 * the calls table (migration 0004_call_counters). So a year costs days × websites × types rows,
 * however many calls it had. JavaScript only nests the aggregated rows.
 *
 * The same query sums the previous period of the same length (issue 21, common/rules/
 * periodComparison.ts): each counter table is read once over both periods, one index range on
 * (user_id, day), and the earlier days are summed in SQL rather than sent. Its sums ride on every
 * row; a range without any activity still answers one row, with day null, to carry them.
 */
export async function dailyAnalytics(db: Database, userId: number, range: AnalyticsRange, filters: AnalyticsFilters = {}): Promise<AnalyticsView> {
  const previous = previousPeriod(range.fromDay, range.toDay);
  // PostgreSQL's dates start at year 1 (JavaScript's at year −271821): a range at year 1 would
  // ask for days before it, which cannot hold counters, and fail the query with a 500.
  const firstDay = previous.fromDay < FIRST_DAY ? FIRST_DAY : previous.fromDay;
  const website = (column: unknown) => (filters.websiteId === undefined ? sql`` : sql`and ${column} = ${filters.websiteId}`);
  const widgetType = (column: unknown) => (filters.typeId === undefined ? sql`` : sql`and ${column} = ${filters.typeId}`);
  const result = await db.execute<UsageRow>(sql`
    with page_views as (
      select ${dailyUsage.day} as day, ${dailyUsage.websiteId} as website_id, ${dailyUsage.pageViews} as page_views
      from ${dailyUsage}
      where ${dailyUsage.userId} = ${userId} and ${dailyUsage.day} between ${firstDay} and ${range.toDay}
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
      where ${dailyWidgetUsage.userId} = ${userId} and ${dailyWidgetUsage.day} between ${firstDay} and ${range.toDay}
        ${website(dailyWidgetUsage.websiteId)} ${widgetType(dailyWidgetUsage.widgetTypeId)}
    ),
    previous as (
      select (select coalesce(sum(page_views), 0) from page_views where day < ${range.fromDay})::float8 as page_views,
        coalesce(sum(widget_views), 0)::float8 as widget_views, coalesce(sum(calls), 0)::float8 as calls
      from widget_usage where day < ${range.fromDay}
    ),
    days as (
      select day, website_id, coalesce(p.page_views, 0)::int as page_views, u.type_id,
        u.widget_views::int as widget_views, u.clicks::int as clicks, u.calls::int as calls,
        u.scheduled_successful::int as scheduled_successful, u.scheduled_missed::int as scheduled_missed,
        u.scheduled_busy::int as scheduled_busy, u.scheduled_no_answer::int as scheduled_no_answer
      from page_views p full join widget_usage u using (day, website_id)
      where day >= ${range.fromDay}
    )
    select d.day::text as day, d.website_id, d.page_views, d.type_id, d.widget_views, d.clicks, d.calls,
      d.scheduled_successful, d.scheduled_missed, d.scheduled_busy, d.scheduled_no_answer,
      v.page_views as previous_page_views, v.widget_views as previous_widget_views, v.calls as previous_calls
    from previous v left join days d on true
    order by d.day, d.website_id, d.type_id
  `);
  const rows = (result as unknown as { rows: UsageRow[] }).rows;
  const sums = rows[0];
  return {
    data: nestByDayAndWebsite(rows),
    previousPeriod: {
      dateFrom: previous.fromDay,
      dateTo: previous.toDay,
      days: previous.days,
      pageViews: Number(sums?.previous_page_views ?? 0),
      widgetViews: Number(sums?.previous_widget_views ?? 0),
      calls: Number(sums?.previous_calls ?? 0),
    },
  };
}

/** Rows arrive ordered by day and website: consecutive rows of one (day, website) make one entry. */
function nestByDayAndWebsite(rows: UsageRow[]): AnalyticsDayView[] {
  const entries: AnalyticsDayView[] = [];
  let current: AnalyticsDayView | undefined;
  for (const row of rows) {
    if (row.day === null) continue;
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
