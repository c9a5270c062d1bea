import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dailySourceUsage, monthlySourceUsage, trafficSources } from '../../db/schema/analytics.ts';
import type { AnalyticsFilters, AnalyticsRange } from './dailyAnalytics.ts';

/**
 * How many sources an account keeps (traffic_source_id, migration 0022, holds the same figure):
 * past them a new source is counted as OTHER_SOURCE. The widget API is public: without a cap,
 * posts with made-up sources would grow an account's card and table without bound.
 */
export const MAX_TRAFFIC_SOURCES = 500;

/** Where an account's sources past MAX_TRAFFIC_SOURCES are counted. */
export const OTHER_SOURCE = '(other)';

/** How the card names views and calls whose request told no source (an old widget script, calls before issue 20). */
export const NOT_SET_SOURCE = '(not set)';

/** How many sources the card lists; the rest are summed into `others`. */
export const SOURCES_LISTED = 50;

/** openapi/widget.yaml TrafficSource, as the widget script sends it with views and call requests. */
export interface VisitorSource {
  source: string;
  medium?: string | null;
  campaign?: string | null;
  landingPage?: string | null;
}

/** A source as traffic_source_id takes it: normalised, '' for none. */
export interface TrafficSourceKey {
  source: string;
  medium: string;
  campaign: string;
}

/**
 * One spelling per source, whatever the page's links wrote (`?utm_source=Google ` and
 * `utm_source=google` are one source): trimmed, source and medium lower-cased (campaign names
 * keep their case: clients name them so), lone UTF-16 surrogates replaced (PostgreSQL's jsonb
 * refuses them), cut to the contract's lengths. No source, one of spaces or '(not set)': null (not set).
 */
export function trafficSourceKey(told: VisitorSource | null | undefined): TrafficSourceKey | null {
  if (!told || typeof told.source !== 'string') return null;
  const source = clean(told.source, 100).toLowerCase();
  // '(not set)' is the card's name for no source: a visitor's page naming it is not set either, not a second such row.
  if (source === '' || source === NOT_SET_SOURCE) return null;
  return { source, medium: clean(told.medium, 100).toLowerCase(), campaign: clean(told.campaign, 200) };
}

/** The visitor's landing page as a call keeps it (contract: at most 500 characters), or null. */
export function landingPageOf(told: VisitorSource | null | undefined): string | null {
  return clean(told?.landingPage, 500) || null;
}

/**
 * Cut by code points, as the contract's maxLength counts: cutting UTF-16 units could split an
 * emoji's surrogate pair, and the lone half left makes the call's jsonb fail (a 500).
 */
function clean(text: string | null | undefined, max: number): string {
  if (typeof text !== 'string') return '';
  const trimmed = text.replace(/\p{Cs}/gu, '\uFFFD').trim();
  return (trimmed.length <= max ? trimmed : Array.from(trimmed).slice(0, max).join('')).trim();
}

/** The id of an account's source (made on first sight, capped: migration 0022), or null for none; in the caller's transaction. */
export async function trafficSourceId(db: Database, userId: number, key: TrafficSourceKey | null): Promise<number | null> {
  if (!key) return null;
  const result = await db.execute<{ id: number | null }>(sql`select traffic_source_id(${userId}::int, ${JSON.stringify(key)}::jsonb) as id`);
  return (result as unknown as { rows: { id: number | null }[] }).rows[0]?.id ?? null;
}

/** The contract's SourceUsage. */
export interface SourceUsageView {
  source: string;
  medium: string | null;
  campaign: string | null;
  widgetViews: number;
  calls: number;
  scheduledCalls: number;
  conversionRate: number;
}

/** The contract's CallsBySource. */
export interface CallsBySourceView {
  data: SourceUsageView[];
  others: (Omit<SourceUsageView, 'source' | 'medium' | 'campaign'> & { sources: number }) | null;
}

interface SourceRow extends Record<string, unknown> {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  widget_views: number;
  calls: number;
  scheduled_calls: number;
  listed: boolean;
  sources: number;
}

/** spec §9: calls / widget views × 100, two decimals, or 0 without views (as the summary card's). */
export function conversionRate(calls: number, widgetViews: number): number {
  return widgetViews > 0 ? Math.round((calls / widgetViews) * 100 * 100) / 100 : 0;
}

/**
 * The Calls by source card (issue 20): widget views, calls and scheduled calls of each source in
 * the range, with the Analytics screen's filters (website, widget type), most calls first (then
 * most views, then by name); the first SOURCES_LISTED sources, the rest summed in `others`.
 * Read from the counters alone (monthly_source_usage for the range's whole months,
 * daily_source_usage for the other days): a year is about 12 months and 30 days of rows per
 * website, type and source, however many calls; sources with nothing in the range are left out. Ids of the filters are checked by the
 * caller (checkFilterIds).
 */
export async function callsBySource(db: Database, userId: number, range: AnalyticsRange, filters: AnalyticsFilters = {}): Promise<CallsBySourceView> {
  const d = dailySourceUsage;
  const m = monthlySourceUsage;
  const months = wholeMonths(range);
  const filtered = (website: unknown, type: unknown) =>
    sql`${filters.websiteId === undefined ? sql`` : sql`and ${website} = ${filters.websiteId}`} ${filters.typeId === undefined ? sql`` : sql`and ${type} = ${filters.typeId}`}`;
  // The range's whole months from the monthly counters, its other days from the daily ones.
  const days = months
    ? sql`(${d.day} >= ${range.fromDay} and ${d.day} < ${months.first} or ${d.day} > ${months.lastDay} and ${d.day} <= ${range.toDay})`
    : sql`${d.day} between ${range.fromDay} and ${range.toDay}`;
  const monthly = months
    ? sql`union all
        select ${m.trafficSourceId}, ${m.widgetViews}, ${m.calls}, ${m.scheduledCalls} from ${m}
        where ${m.userId} = ${userId} and ${m.month} between ${months.first} and ${months.last} ${filtered(m.websiteId, m.widgetTypeId)}`
    : sql``;
  const result = await db.execute<SourceRow>(sql`
    with counters (source_id, widget_views, calls, scheduled_calls) as (
      select ${d.trafficSourceId}, ${d.widgetViews}, ${d.calls}, ${d.scheduledCalls} from ${d}
      where ${d.userId} = ${userId} and ${days} ${filtered(d.websiteId, d.widgetTypeId)}
      ${monthly}
    ),
    totals as (
      select source_id, sum(widget_views)::int as widget_views, sum(calls)::int as calls, sum(scheduled_calls)::int as scheduled_calls
      from counters
      group by 1
      having sum(widget_views) > 0 or sum(calls) > 0
    ),
    ranked as (
      select s.source, nullif(s.medium, '') as medium, nullif(s.campaign, '') as campaign, t.widget_views, t.calls, t.scheduled_calls,
        row_number() over (order by t.calls desc, t.widget_views desc, s.source collate "C" nulls first, s.medium collate "C", s.campaign collate "C")
          <= ${SOURCES_LISTED} as listed
      from totals t left join ${trafficSources} s on s.id = t.source_id and s.user_id = ${userId}
    )
    select source, medium, campaign, widget_views, calls, scheduled_calls, true as listed, 1 as sources from ranked where listed
    union all
    select null, null, null, sum(widget_views)::int, sum(calls)::int, sum(scheduled_calls)::int, false, count(*)::int from ranked where not listed having count(*) > 0
  `);
  const rows = (result as unknown as { rows: SourceRow[] }).rows;
  const data = rows
    .filter((row) => row.listed)
    .map((row) => ({
      source: row.source ?? NOT_SET_SOURCE,
      medium: row.medium,
      campaign: row.campaign,
      ...figures(row),
    }))
    .sort(byCalls);
  const rest = rows.find((row) => !row.listed);
  return { data, others: rest ? { sources: Number(rest.sources), ...figures(rest) } : null };
}

/**
 * The calendar months wholly inside the range (first: the first one's first day, last: the last
 * one's first day, lastDay: its last day), or null when there is none.
 */
export function wholeMonths(range: AnalyticsRange): { first: string; last: string; lastDay: string } | null {
  const from = new Date(`${range.fromDay}T00:00:00Z`);
  const afterTo = new Date(Date.parse(`${range.toDay}T00:00:00Z`) + 86_400_000);
  // The first month starting on or after fromDay; the last month ending on or before toDay.
  const first = from.getUTCDate() === 1 ? from : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const end = new Date(Date.UTC(afterTo.getUTCFullYear(), afterTo.getUTCMonth(), 1));
  if (end <= first) return null;
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { first: day(first), last: day(last), lastDay: day(new Date(end.getTime() - 86_400_000)) };
}

function figures(row: SourceRow) {
  const widgetViews = Number(row.widget_views);
  const calls = Number(row.calls);
  return { widgetViews, calls, scheduledCalls: Number(row.scheduled_calls), conversionRate: conversionRate(calls, widgetViews) };
}

/** The card's order (a union's rows come in no promised order). */
function byCalls(a: SourceUsageView, b: SourceUsageView): number {
  return b.calls - a.calls || b.widgetViews - a.widgetViews || compare(a.source, b.source) || compare(a.medium, b.medium) || compare(a.campaign, b.campaign);
}

/** As PostgreSQL orders them here: null (not set) first, then by code point. */
function compare(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
