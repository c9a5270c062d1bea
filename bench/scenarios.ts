// One engine's benchmark (bench/run.ts starts it) of the parts named in `BENCH_PARTS`:
// `queries` loads `BENCH_ROWS` calls, serves the API on a real port, times the calls page, the
// CSV export and the year of analytics over HTTP; `api` puts the calls page, analytics and the
// widgets list under load (apiLoad.ts), on the demo account and then on the `BENCH_ROWS` calls.
// Writes the figures as JSON to `BENCH_OUT`. PostgreSQL when DATABASE_URL is set, else PGlite in
// a temporary directory on disk (as `npm start` uses it).
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count as sqlCount, sql } from 'drizzle-orm';
import { createAdapters } from '../server/adapters/adapters.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { callChanges, calls } from '../server/db/schema/calls.ts';
import { callCountQuery } from '../server/domain/callHistory/callCount.ts';
import { callsPageQuery } from '../server/domain/callHistory/callList.ts';
import { type CallFilters, callConditions } from '../server/domain/callHistory/callFilters.ts';
import { DEMO_ACCOUNT, seedDemoAccount } from '../server/demo/demoAccount.ts';
import { analyticsRange } from '../server/domain/analytics/dailyAnalytics.ts';
import { callsBySource } from '../server/domain/analytics/trafficSources.ts';
import { type ApiLoad, loadedEndpoints, loadEndpoints, signIn } from './apiLoad.ts';
import { percentiles, peakMemory, timeRuns } from './measure.ts';
import { BENCH_PASSWORD, createBenchAccount, FAST_HASHING, insertBenchHistory } from './seedBench.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const parts = (process.env.BENCH_PARTS ?? 'queries').split(',');
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const out = process.env.BENCH_OUT;
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'postgresql' : 'pglite';
const pgliteDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
const log = (line: string) => console.log(`[${engine}] ${line}`);

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const iso = (date: Date) => date.toISOString();

const handle = await openDatabase({ databaseUrl, pgliteDir: pgliteDir ? path.join(pgliteDir, 'pglite') : null });
try {
  await prepareDatabase(handle);
  // Logging at info, as `npm start` does (one access-log line per request), into /dev/null; the
  // load generator's requests come through a trusted proxy (X-Forwarded-For: one visitor each).
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', DEMO_SEED: 'false', TRUST_PROXY: 'true' },
    { databaseUrl, pgliteDir: null, passwordHashParams: FAST_HASHING },
  );
  const logStream = createWriteStream('/dev/null');
  // The API's load alone: the scheduled-calls worker stays stopped, no callback is placed meanwhile.
  const app = await buildApp({
    config,
    db: handle.db,
    logStream,
    adapters: (logger) => createAdapters(config, handle.db, logger),
    workers: { start: { scheduledCalls: false } },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const results: Record<string, unknown> = { engine, rows };
  async function loadApi(data: string, accessToken: string, email: string): Promise<ApiLoad> {
    const website = (await handle.db.execute(
      sql`select w.public_key from websites w join users u on u.id = w.user_id where u.email = ${email} order by w.id limit 1`,
    )) as unknown as { rows: { public_key: string }[] };
    const load = await loadEndpoints(base, accessToken, loadedEndpoints(now, website.rows[0]!.public_key), loadSeconds);
    log(`API load on ${data}: hello p50 ${load.hello.p50.toFixed(2)} ms; ${load.endpoints.map((e) => `${e.name} p50 ${e.p50.toFixed(1)} ms`).join('; ')}`);
    return load;
  }

  if (parts.includes('api')) {
    // The demo account first: it is only seeded into a database without accounts.
    await seedDemoAccount(handle.db, FAST_HASHING);
    results.api_demo = await loadApi('the demo data', await signIn(base, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password), DEMO_ACCOUNT.email);
    // PGlite's seeding below holds this thread for minutes: a keep-alive connection left from the
    // load would time out meanwhile and be reset under the next request. Closed while it is idle.
    app.server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  const account = await createBenchAccount(handle.db, `bench.${Date.now()}@example.com`);
  let started = performance.now();
  await insertBenchHistory(handle.db, account, rows, now, log);
  const seedSeconds = (performance.now() - started) / 1000;
  results.seedSeconds = seedSeconds;
  log(`loaded ${rows.toLocaleString('en-US')} calls in ${seedSeconds.toFixed(1)} s`);
  const accessToken = await signIn(base, account.email, BENCH_PASSWORD);
  const headers = { authorization: `Bearer ${accessToken}` };

  async function get(url: string): Promise<Response> {
    const response = await fetch(`${base}${url}`, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return response;
  }

  if (parts.includes('queries')) {
    const website = account.websiteIds[0]!;
    const pages: Record<string, { filters: CallFilters; page: number }> = {
      // The Calls History screen with a month, a website and a status chosen, third page.
      filtered: { filters: { websiteId: website, status: 'successful', dateFrom: new Date(now.getTime() - 30 * DAY), dateTo: now }, page: 3 },
      // Every filter at once.
      allFilters: { filters: { websiteId: website, widgetTypeId: 2, status: 'missed', type: 'instant', dateFrom: new Date(now.getTime() - 90 * DAY), dateTo: now }, page: 1 },
      // No filter: the first page and a count over the whole million.
      unfiltered: { filters: {}, page: 1 },
      // No filter, the last page: the oldest calls, behind every other row.
      lastPage: { filters: {}, page: Math.max(1, Math.ceil(rows / 20)) },
    };
    for (const [name, { filters, page }] of Object.entries(pages)) {
      const url = callsPageUrl(filters, page);
      let count = 0;
      // Before each run, a change to the account's calls as a call placed meanwhile makes one
      // (a row of call_changes): the page is read from the calls, not from the pages the server
      // keeps (callPageCache.ts), which the API load part measures.
      const durations = await timeRuns(
        50,
        3,
        async () => {
          count = ((await (await get(url)).json()) as { count: number }).count;
        },
        60_000,
        async () => void (await handle.db.insert(callChanges).values({ userId: account.userId })),
      );
      // The page's count is kept, not counted (callCount.ts): it must still be every matching row.
      const [counted] = await handle.db.select({ count: sqlCount() }).from(calls).where(callConditions(account.userId, filters));
      if (counted?.count !== count) throw new Error(`calls page (${name}) answered count ${count}, but ${counted?.count} calls match`);
      results[`page_${name}`] = { ...percentiles(durations), matching: count };
      log(`calls page (${name}, ${count.toLocaleString('en-US')} matching): p50 ${percentiles(durations).p50.toFixed(1)} ms`);
    }
    results.plans = await explainPlans(account.userId, pages);

    // Exactly the 100,000 newest calls (or all when fewer): dateFrom is the 100,000th one's time.
    const csvRows = Math.min(100_000, rows);
    const nth = (await handle.db.execute(
      sql`select created_at from calls where user_id = ${account.userId} order by created_at desc, id desc offset ${csvRows - 1} limit 1`,
    )) as unknown as { rows: { created_at: string | Date }[] };
    const csvUrl = `/api/client/calls/csv?dateFrom=${iso(new Date(nth.rows[0]!.created_at))}&dateTo=${iso(now)}`;
    started = performance.now();
    const csv = await peakMemory(async () => {
      const response = await get(csvUrl);
      let bytes = 0;
      let lines = 0;
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        for (const byte of value) if (byte === 10) lines += 1;
      }
      return { bytes, lines };
    });
    const csvSeconds = (performance.now() - started) / 1000;
    results.csv = { seconds: csvSeconds, rows: csv.result.lines - 1, megabytes: Math.round((csv.result.bytes / 1024 / 1024) * 10) / 10, ...csv, result: undefined };
    log(`CSV export: ${(csv.result.lines - 1).toLocaleString('en-US')} rows in ${csvSeconds.toFixed(1)} s, peak RSS ${csv.peakRssMb} MB (from ${csv.baselineRssMb})`);

    const analyticsUrl = `/api/client/analytics?dateFrom=${iso(new Date(now.getTime() - 364 * DAY))}&dateTo=${iso(now)}`;
    let entries = 0;
    const analyticsDurations = await timeRuns(
      20,
      1,
      async () => {
        entries = ((await (await get(analyticsUrl)).json()) as { data: unknown[] }).data.length;
      },
      60_000,
    );
    results.analytics = { ...percentiles(analyticsDurations), entries };
    log(`analytics, 365 days (${entries} entries): p50 ${percentiles(analyticsDurations).p50.toFixed(1)} ms`);
  }

  if (parts.includes('sources')) {
    // The Calls by source card (issue 20) as the Analytics screen asks for it, over HTTP.
    const card = async (name: string, from: Date, websiteId?: number) => {
      const url = `/api/client/analytics/sources?dateFrom=${iso(from)}&dateTo=${iso(now)}${websiteId ? `&websiteId=${websiteId}` : ''}`;
      let entries = 0;
      const durations = await timeRuns(50, 3, async () => {
        const answer = (await (await get(url)).json()) as { data: unknown[]; others: unknown };
        entries = answer.data.length;
      }, 60_000);
      log(`calls by source (${name}, ${entries} sources): p50 ${percentiles(durations).p50.toFixed(1)} ms, p95 ${percentiles(durations).p95.toFixed(1)} ms`);
      return { ...percentiles(durations), entries };
    };
    const yearAgo = new Date(now.getTime() - 364 * DAY);
    const year = await card('365 days', yearAgo);
    const yearOneWebsite = await card('365 days, one website', yearAgo, account.websiteIds[0]);
    const month = await card('30 days', new Date(now.getTime() - 29 * DAY));
    const query = callsBySourceSql(account.userId, yearAgo);
    const explained = (await handle.db.execute(sql`explain (analyze, costs off) ${query}`)) as unknown as { rows: Record<string, string>[] };
    results.sources = { year, yearOneWebsite, month, plan: explained.rows.map((row) => Object.values(row)[0]!) };
  }

  if (parts.includes('api')) {
    results.api_rows = await loadApi(`${rows.toLocaleString('en-US')} calls`, accessToken, account.email);
  }
  await app.close();
  if (out) writeFileSync(out, JSON.stringify(results, null, 2));
} finally {
  await handle.close();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
}

/** The Calls History page's URL for these filters (the screen sends the same parameters). */
function callsPageUrl(filters: CallFilters, page: number): string {
  const query = new URLSearchParams({ page: String(page), perPage: '20' });
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, value instanceof Date ? iso(value) : String(value));
  return `/api/client/calls?${query.toString()}`;
}

/** The plans PostgreSQL picks for the calls pages (the rows and the count) and the analytics' call counts. */
async function explainPlans(userId: number, pages: Record<string, { filters: CallFilters; page: number }>): Promise<Record<string, string[]>> {
  const yearAgo = iso(new Date(now.getTime() - 365 * DAY));
  const filtered = pages.filtered!;
  const queries = {
    // The rows of the filtered page and of the last page, as listCalls asks for them.
    page: callsPageQuery(handle.db, userId, filtered.filters, { newestFirst: true, skip: (filtered.page - 1) * 20, take: 20 }).getSQL(),
    lastPage: callsPageQuery(handle.db, userId, {}, { newestFirst: false, skip: 0, take: rows - (pages.lastPage!.page - 1) * 20 }).getSQL(),
    count: callCountQuery(userId, filtered.filters),
    countAllFilters: callCountQuery(userId, pages.allFilters!.filters),
    countUnfiltered: callCountQuery(userId, {}),
    // The calls of the Analytics query come from the daily counters (migration 0004_call_counters).
    analyticsCalls: sql`select day, website_id, widget_type_id, calls_successful + calls_missed + calls_busy + calls_no_answer, scheduled_successful
      from daily_widget_usage where user_id = ${userId} and day between ${yearAgo.slice(0, 10)} and ${iso(now).slice(0, 10)}`,
  };
  const plans: Record<string, string[]> = {};
  for (const [name, query] of Object.entries(queries)) {
    const result = (await handle.db.execute(sql`explain (analyze, costs off) ${query}`)) as unknown as { rows: Record<string, string>[] };
    plans[name] = result.rows.map((row) => Object.values(row)[0]!);
  }
  return plans;
}

/** The card's SQL as callsBySource runs it (captured from its one execute), for EXPLAIN. */
function callsBySourceSql(userId: number, from: Date) {
  let captured: ReturnType<typeof sql> | undefined;
  const capturing = { execute: (query: ReturnType<typeof sql>) => ((captured = query), Promise.resolve({ rows: [] })) } as unknown as typeof handle.db;
  void callsBySource(capturing, userId, analyticsRange(from, now));
  return captured!;
}
