// `npm run bench`: the benchmarks of issues 3 and 8, printed as tables. Not part of the tests.
//   queries     1,000,000 calls in PostgreSQL and in PGlite; Calls History pages (p50/p95, each
//               next to its target: p95 ≤ 30 ms on PostgreSQL, ≤ 60 ms on PGlite), a 100,000-row
//               CSV export (time, peak memory) and a 365-day analytics query (p50/p95), over HTTP
//               against the real server
//   api         the calls page, analytics and the widgets list under load (autocannon), on the
//               demo data and on the same calls, next to a bare Fastify "hello" as the ceiling
//   startup     `npm start` (built) to the first 200 on /, fresh and existing data directory;
//               memory of the idle server, and after a load run
//   lighthouse  the sign-in page, the Dashboard and the Calls History (desktop preset)
//   sources     the Analytics screen's Calls by source card (issue 20) on the same calls: a year,
//               a year of one website, a month (p50/p95, target p95 ≤ 50 ms on PostgreSQL)
//   firstdial   Call now (POST /widget-api/calls) to the simulator's first agent dial, 100
//               concurrent requests (p50/p99); the same crowd again with webhooks going to a
//               receiver that never answers, as a ratio to the first (issue 19); the widget
//               script's size (gzip)
//   npm run bench                                  everything, both engines, 1,000,000 calls
//   npm run bench -- --rows 100000                 fewer rows (a quick look)
//   npm run bench -- --only pglite                 one engine (pglite or postgresql)
//   npm run bench -- --only api,startup,lighthouse some parts (with an engine: only that engine)
//   npm run bench -- --duration 5                  seconds of load per endpoint (default 10)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EngineLoad, printApiLoad } from './apiLoad.ts';
import { ms, printColumns } from './table.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const rows = Number(option('rows') ?? 1_000_000);
const loadSeconds = Number(option('duration') ?? 10);
const ENGINES = ['postgresql', 'pglite'];
/** Issue 17: every Calls History page within this p95 on 1,000,000 calls, unfiltered included. */
const CALLS_PAGE_P95_TARGET_MS: Record<string, number> = { postgresql: 30, pglite: 60 };
/** Issue 20: the Calls by source card within this p95 on 1,000,000 calls. */
const SOURCES_P95_TARGET_MS: Record<string, number> = { postgresql: 50, pglite: 100 };
const PARTS = ['queries', 'api', 'sources', 'startup', 'lighthouse', 'firstdial'];
const only = option('only')?.split(',') ?? [];
const unknown = only.filter((name) => !ENGINES.includes(name) && !PARTS.includes(name));
if (unknown.length) throw new Error(`--only: unknown ${unknown.join(', ')} (engines: ${ENGINES.join(', ')}; parts: ${PARTS.join(', ')})`);
const pick = (names: string[]) => (only.some((name) => names.includes(name)) ? names.filter((name) => only.includes(name)) : names);
const engines = pick(ENGINES);
const parts = pick(PARTS);
const engineParts = parts.filter((part) => part === 'queries' || part === 'api' || part === 'sources');

interface Latency {
  p50: number;
  p95: number;
  max: number;
  n: number;
  matching?: number;
  entries?: number;
}

interface EngineResult extends EngineLoad {
  engine: string;
  rows: number;
  seedSeconds: number;
  page_filtered: Latency;
  page_allFilters: Latency;
  page_unfiltered: Latency;
  page_lastPage: Latency;
  csv: { seconds: number; rows: number; megabytes: number; baselineRssMb: number; peakRssMb: number; baselineHeapMb: number; peakHeapMb: number };
  analytics: Latency;
  sources?: { year: Latency; yearOneWebsite: Latency; month: Latency; plan: string[] };
  plans: Record<string, string[]>;
  wallSeconds: number;
}

if (parts.includes('startup')) {
  const { measureStartup, printStartup } = await import('./startup.ts');
  printStartup(await measureStartup(loadSeconds, (line) => console.log(`[startup] ${line}`)));
}
if (parts.includes('firstdial')) {
  const { measureFirstDial, printFirstDial } = await import('./firstDial.ts');
  printFirstDial(await measureFirstDial((line) => console.log(`[firstdial] ${line}`)));
}
if (parts.includes('lighthouse')) {
  // Lighthouse and Playwright load only when asked for.
  const { measureLighthouse, printLighthouse } = await import('./lighthouse.ts');
  printLighthouse(await measureLighthouse((line) => console.log(`[lighthouse] ${line}`)));
}

const work = mkdtempSync(path.join(tmpdir(), 'bench-'));
const results: EngineResult[] = [];
try {
  for (const engine of engineParts.length ? engines : []) {
    const out = path.join(work, `${engine}.json`);
    const command = engine === 'postgresql' ? ['scripts/with-postgres.ts', 'node', 'bench/scenarios.ts'] : ['bench/scenarios.ts'];
    console.log(`\n— ${engine}: ${rows.toLocaleString('en-US')} calls —`);
    const started = performance.now();
    const code = await run(command, { BENCH_ROWS: String(rows), BENCH_PARTS: engineParts.join(','), BENCH_LOAD_SECONDS: String(loadSeconds), BENCH_OUT: out, ...(engine === 'pglite' ? { DATABASE_URL: '' } : {}) });
    if (code !== 0) throw new Error(`the ${engine} benchmark failed (exit code ${code})`);
    results.push({ ...(JSON.parse(readFileSync(out, 'utf8')) as EngineResult), wallSeconds: (performance.now() - started) / 1000 });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (parts.includes('queries')) printTable(results);
if (parts.includes('sources')) printSources(results);
if (parts.includes('api')) printApiLoad(results, loadSeconds);

function run(command: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function printTable(all: EngineResult[]) {
  const latency = (l: Latency) => `${ms(l.p50)} / ${ms(l.p95)} ms (n=${l.n})`;
  const callsPage = (r: EngineResult, l: Latency) => {
    const target = CALLS_PAGE_P95_TARGET_MS[r.engine]!;
    return `${latency(l)}  [${l.matching?.toLocaleString('en-US')} match]  ${l.p95 <= target ? 'meets' : 'BELOW'} p95 ≤ ${target} ms`;
  };
  const lines: [string, (r: EngineResult) => string][] = [
    ['Load (INSERT … SELECT generate_series, VACUUM ANALYZE)', (r) => `${r.seedSeconds.toFixed(1)} s`],
    [`Calls page: month + website + status, page 3 (p50 / p95)`, (r) => callsPage(r, r.page_filtered)],
    [`Calls page: all six filters (p50 / p95)`, (r) => callsPage(r, r.page_allFilters)],
    [`Calls page: no filter, counts all rows (p50 / p95)`, (r) => callsPage(r, r.page_unfiltered)],
    [`Calls page: no filter, the last page (p50 / p95)`, (r) => callsPage(r, r.page_lastPage)],
    ['CSV export: rows, size, time', (r) => `${r.csv.rows.toLocaleString('en-US')} rows, ${r.csv.megabytes} MB, ${r.csv.seconds.toFixed(1)} s`],
    ['CSV export: peak RSS (before → peak)', (r) => `${r.csv.baselineRssMb} → ${r.csv.peakRssMb} MB (+${Math.round(r.csv.peakRssMb - r.csv.baselineRssMb)})`],
    ['CSV export: peak JS heap (before → peak)', (r) => `${r.csv.baselineHeapMb} → ${r.csv.peakHeapMb} MB`],
    [`Analytics, 365 days (p50 / p95)`, (r) => `${latency(r.analytics)}  [${r.analytics.entries} entries]`],
    ['Benchmark wall time', (r) => `${r.wallSeconds.toFixed(0)} s`],
  ];
  printColumns(
    `Benchmarks: ${all[0]?.rows.toLocaleString('en-US')} calls of one account over 365 days`,
    all.map((r) => (r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL')),
    lines.map(([label, cell]) => [label, all.map(cell)]),
  );
  for (const r of all) {
    console.log(`\nPlans on ${r.engine} (EXPLAIN ANALYZE, first lines):`);
    for (const [name, plan] of Object.entries(r.plans)) {
      console.log(`  ${name}:`);
      for (const line of plan.filter((l) => /Scan|Limit|Aggregate|Sort|Execution Time/.test(l)).slice(0, 10)) console.log(`    ${line.trim()}`);
    }
  }
}

function printSources(all: EngineResult[]) {
  const card = (r: EngineResult, l: Latency) => {
    const target = SOURCES_P95_TARGET_MS[r.engine]!;
    return `${ms(l.p50)} / ${ms(l.p95)} ms (n=${l.n})  [${l.entries} sources]  ${l.p95 <= target ? 'meets' : 'BELOW'} p95 ≤ ${target} ms`;
  };
  const lines: [string, (r: EngineResult) => string][] = [
    ['Load (INSERT … SELECT generate_series, VACUUM ANALYZE)', (r) => `${r.seedSeconds.toFixed(1)} s`],
    ['Calls by source: 365 days (p50 / p95)', (r) => card(r, r.sources!.year)],
    ['Calls by source: 365 days, one website (p50 / p95)', (r) => card(r, r.sources!.yearOneWebsite)],
    ['Calls by source: 30 days (p50 / p95)', (r) => card(r, r.sources!.month)],
  ];
  printColumns(
    `Calls by source (issue 20): ${all[0]?.rows.toLocaleString('en-US')} calls of one account over 365 days, over HTTP`,
    all.map((r) => (r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL')),
    lines.map(([label, cell]) => [label, all.map(cell)]),
  );
  for (const r of all) {
    console.log(`\nPlan of the card's query (365 days) on ${r.engine} (EXPLAIN ANALYZE, first lines):`);
    for (const line of r.sources!.plan.filter((l) => /Scan|Aggregate|Sort|Execution Time/.test(l)).slice(0, 10)) console.log(`    ${line.trim()}`);
  }
}
