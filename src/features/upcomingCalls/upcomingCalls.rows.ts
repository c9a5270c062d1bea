import type { ListPage } from '../../../machines/list/list.types.ts';

/**
 * spec §7 GET /client/scheduled-calls: "client filters rows by scheduledAt between chosen or
 * default dates; paging count from the filtered array". The rows of every page the server
 * answered are kept when scheduledAt lies in [from, to] (UTC instants, inclusive); the count is
 * that of the kept rows, and the page is cut from them.
 */
export function pageOfScheduledCalls<TRow extends { scheduledAt: string }>(
  rows: TRow[],
  range: { from: string; to: string },
  paging: { page: number; perPage: number },
): ListPage<TRow> {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const kept = rows.filter((row) => {
    const at = Date.parse(row.scheduledAt);
    return at >= from && at <= to;
  });
  const start = (paging.page - 1) * paging.perPage;
  return { rows: kept.slice(start, start + paging.perPage), count: kept.length };
}
