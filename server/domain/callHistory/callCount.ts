import { and, eq, gte, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dailyWidgetUsage } from '../../db/schema/analytics.ts';
import { calls } from '../../db/schema/calls.ts';
import { type CallFilters, callConditions, type CallStatus } from './callFilters.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** daily_widget_usage's counter columns of each outcome: every call, and the scheduled ones. */
const COUNTERS: Record<CallStatus, { all: SQL; scheduled: SQL }> = {
  successful: { all: sql`${dailyWidgetUsage.callsSuccessful}`, scheduled: sql`${dailyWidgetUsage.scheduledSuccessful}` },
  missed: { all: sql`${dailyWidgetUsage.callsMissed}`, scheduled: sql`${dailyWidgetUsage.scheduledMissed}` },
  busy: { all: sql`${dailyWidgetUsage.callsBusy}`, scheduled: sql`${dailyWidgetUsage.scheduledBusy}` },
  'no-answer': { all: sql`${dailyWidgetUsage.callsNoAnswer}`, scheduled: sql`${dailyWidgetUsage.scheduledNoAnswer}` },
};

/**
 * The whole UTC days inside the filter's inclusive [dateFrom, dateTo]: from the first midnight at
 * or after dateFrom to the last midnight at or before dateTo (exclusive), each end open when the
 * filter has none. A day [M, M + 1 day) is whole when M ≥ dateFrom and M + 1 day ≤ dateTo: a call
 * at 23:59:59.9995 (the database keeps microseconds) is after a dateTo of 23:59:59.999.
 */
export function wholeDays(filters: Pick<CallFilters, 'dateFrom' | 'dateTo'>): { from?: Date; to?: Date } {
  return {
    from: filters.dateFrom && new Date(Math.ceil(filters.dateFrom.getTime() / DAY_MS) * DAY_MS),
    to: filters.dateTo && new Date(Math.floor(filters.dateTo.getTime() / DAY_MS) * DAY_MS),
  };
}

const dayOf = (midnight: Date) => midnight.toISOString().slice(0, 10);

/**
 * One statement answering how many of the caller's calls match `filters`, exactly, without
 * counting a year of calls row by row (issue 17: a million calls within 30 ms):
 * - the whole UTC days of the range come from the daily call counters (daily_widget_usage,
 *   migration 0004: kept by triggers on calls in the transaction that writes the calls, so they
 *   are exact and need no code path to remember them), which hold the website, widget type,
 *   outcome and type (instant = all − scheduled) every filter reads;
 * - test calls have no counters either (migration 0023): counted from calls through calls_test_idx;
 * - the calls of a website that was deleted have no counters (their website_id is null): counted
 *   from calls through calls_without_website_idx (migration 0010), usually none;
 * - the partial days at either end of a date range (a day or two of calls at most) are counted
 *   from calls through calls_user_timeline_idx, each end as its own range so each is an index
 *   range scan.
 * A range within two days is simply counted. One statement, so one snapshot: the parts agree.
 */
export function callCountQuery(userId: number, filters: CallFilters): SQL {
  const days = wholeDays(filters);
  if (days.from && days.to && days.from >= days.to) return sql`select count(*)::int as count from ${calls} where ${callConditions(userId, filters)}`;

  const statuses = filters.status ? [filters.status] : (Object.keys(COUNTERS) as CallStatus[]);
  const counted = sql.join(
    statuses.map((status) => {
      const { all, scheduled } = COUNTERS[status];
      if (filters.type === 'scheduled') return scheduled;
      if (filters.type === 'instant') return sql`(${all} - ${scheduled})`;
      return all;
    }),
    sql` + `,
  );
  const parts: SQL[] = [
    sql`(select coalesce(sum(${counted}), 0) from ${dailyWidgetUsage} where ${and(
      eq(dailyWidgetUsage.userId, userId),
      days.from && gte(dailyWidgetUsage.day, dayOf(days.from)),
      days.to && lt(dailyWidgetUsage.day, dayOf(days.to)),
      filters.websiteId !== undefined ? eq(dailyWidgetUsage.websiteId, filters.websiteId) : undefined,
      filters.widgetTypeId !== undefined ? eq(dailyWidgetUsage.widgetTypeId, filters.widgetTypeId) : undefined,
    )})`,
  ];
  // Only the date bounds change between the parts below: the other filters stay.
  const others = callConditions(userId, { ...filters, dateFrom: undefined, dateTo: undefined });
  const countCalls = (...conditions: (SQL | undefined)[]) => sql`(select count(*) from ${calls} where ${and(others, ...conditions)})`;
  if (filters.websiteId === undefined) {
    parts.push(countCalls(isNull(calls.websiteId), days.from && gte(calls.createdAt, days.from), days.to && lt(calls.createdAt, days.to)));
  }
  // Test calls (issue 21) are kept out of the counters (analytics leaves them out): the whole
  // days' are counted from calls through calls_test_idx (migration 0023), a few a day at most.
  parts.push(countCalls(sql`${calls.isTest}`, isNotNull(calls.websiteId), days.from && gte(calls.createdAt, days.from), days.to && lt(calls.createdAt, days.to)));
  if (filters.dateFrom && days.from && filters.dateFrom < days.from) parts.push(countCalls(gte(calls.createdAt, filters.dateFrom), lt(calls.createdAt, days.from)));
  if (filters.dateTo && days.to) parts.push(countCalls(gte(calls.createdAt, days.to), lte(calls.createdAt, filters.dateTo)));
  return sql`select (${sql.join(parts, sql` + `)})::int as count`;
}

/** How many of the caller's calls match `filters` (callCountQuery), exact. */
export async function countCalls(db: Database, userId: number, filters: CallFilters): Promise<number> {
  const result = (await db.execute(callCountQuery(userId, filters))) as unknown as { rows: { count: number | string }[] };
  return Number(result.rows[0]?.count ?? 0);
}
