// The API under load (issue 8): autocannon against the running server on loopback, every
// endpoint next to a bare Fastify "hello" route served by the same process in the same run,
// the ceiling the endpoints are reported against.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { percentiles } from './measure.ts';
import { ms, printColumns } from './table.ts';

/** Concurrent connections of the load generator. */
const CONNECTIONS = 10;
/** Client addresses the public endpoints' requests come from (within the in-memory limits' 20,000). */
const VISITORS = 16_000;

export interface LoadFigures {
  p50: number;
  p95: number;
  rps: number;
  requests: number;
}

export interface EndpointLoad extends LoadFigures {
  name: string;
  /** Issue 17's floor for rpsRatio, when it sets one, and the engine it is set on. */
  target?: number;
  targetEngine?: 'postgresql';
  /** The endpoint's p50 over the hello route's p50. */
  p50Ratio: number;
  /** The endpoint's requests per second over the hello route's. */
  rpsRatio: number;
}

export interface ApiLoad {
  hello: LoadFigures;
  endpoints: EndpointLoad[];
}

/**
 * Every endpoint under `seconds` of load after the hello route, each warmed up first. Latencies
 * are autocannon's per-response times (its own histogram rounds to whole milliseconds, too
 * coarse for the hello route). Any answer other than 200 fails the benchmark.
 */
export async function loadEndpoints(base: string, accessToken: string, endpoints: Endpoint[], seconds: number): Promise<ApiLoad> {
  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  const helloBase = await hello.listen({ port: 0, host: '127.0.0.1' });
  try {
    const ceiling = await loadUrl(`${helloBase}/hello`, {}, seconds);
    // As a browser asks (every one sends Accept-Encoding): the dashboard's and the widget's answers
    // come compressed, as they do on the wire; the hello route has nothing to compress.
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const signedIn = { ...browser, authorization: `Bearer ${accessToken}` };
    const measured: EndpointLoad[] = [];
    for (const { name, path, public: isPublic, target, targetEngine } of endpoints) {
      const figures = await loadUrl(`${base}${path}`, isPublic ? browser : signedIn, seconds, isPublic);
      measured.push({ name, target, targetEngine, ...figures, p50Ratio: figures.p50 / ceiling.p50, rpsRatio: figures.rps / ceiling.rps });
    }
    return { hello: ceiling, endpoints: measured };
  } finally {
    await hello.close();
  }
}

/**
 * `url` under `seconds` of load from autocannon, after a warm-up. `visitors`: requests from many
 * addresses (X-Forwarded-For; the server trusts the proxy header), as page views of the clients'
 * websites come from their many visitors, not one address past its rate limit.
 */
export async function loadUrl(url: string, headers: Record<string, string>, seconds: number, visitors = false): Promise<LoadFigures> {
  let visitor = 0;
  const nextAddress = () => {
    visitor += 1;
    return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  };
  // The visitors' requests built once, an address each, and sent in turn by every connection
  // (autocannon's `requests`): building each request anew (`setupRequest`) cost the load
  // generator, which shares this process, a fifth of what the endpoint cost, charged to the
  // endpoint and not to the hello route. VISITORS addresses keep each one under the widget
  // configuration's limit of 120 a minute at any rate this machine reaches.
  const visitorRequests = visitors ? Array.from({ length: VISITORS }, () => ({ headers: { ...headers, 'x-forwarded-for': nextAddress() } })) : undefined;
  for (let i = 0; i < 20; i += 1) {
    const response = await fetch(url, { headers: visitors ? { ...headers, 'x-forwarded-for': nextAddress() } : headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
  const durations: number[] = [];
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(visitorRequests ? { requests: visitorRequests } : {}),
  });
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => durations.push(responseTimeMs));
  const result = await instance;
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${url} under load: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const { p50, p95 } = percentiles(durations);
  return { p50, p95, rps: result.requests.average, requests: durations.length };
}

export interface Endpoint {
  name: string;
  path: string;
  /** Asked without signing in, by many visitors (loadUrl's `visitors`). */
  public?: boolean;
  /** Issue 17's floor: this share of the hello route's req/s. */
  target?: number;
  /** The floor holds on this engine only (issue 17 sets the signed-in ones on PostgreSQL). */
  targetEngine?: 'postgresql';
}

/**
 * What the server answers most: the health check a load balancer polls, the widget configuration
 * every page view of every client's website loads (`widgetKey`: a website's public key), and
 * what a signed-in client asks most: a page of the Calls History, a month of Analytics, the widgets.
 */
export function loadedEndpoints(now: Date, widgetKey: string): Endpoint[] {
  const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const range = `dateFrom=${monthAgo}&dateTo=${now.toISOString()}`;
  return [
    { name: 'health check', path: '/api/health', public: true, target: 0.4 },
    { name: 'widget configuration', path: `/widget-api/config/${widgetKey}`, public: true, target: 0.25 },
    { name: 'calls page (30 days, page 2 of 20)', path: `/api/client/calls?${range}&page=2&perPage=20`, target: 0.05, targetEngine: 'postgresql' },
    { name: 'analytics (30 days)', path: `/api/client/analytics?${range}` },
    { name: 'widgets list', path: '/api/client/widgets', target: 0.1, targetEngine: 'postgresql' },
  ];
}

/** An access token for the account, from the password grant the SPA uses. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password, client_id: 'dashboard' }),
  });
  if (!response.ok) throw new Error(`signing in as ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** One engine's load figures, as bench/scenarios.ts writes them. */
export interface EngineLoad {
  engine: string;
  rows: number;
  api_demo: ApiLoad;
  api_rows: ApiLoad;
}

export function printApiLoad(all: EngineLoad[], seconds: number): void {
  const figures = (f: LoadFigures) => `${ms(f.p50)} / ${ms(f.p95)} ms, ${Math.round(f.rps).toLocaleString('en-US')} req/s`;
  const lines: [string, string[]][] = [];
  for (const [data, pick] of [
    ['demo data', (r: EngineLoad) => r.api_demo],
    [`${all[0]!.rows.toLocaleString('en-US')} calls`, (r: EngineLoad) => r.api_rows],
  ] as const) {
    lines.push([`${data}: hello route, the ceiling (p50 / p95)`, all.map((r) => figures(pick(r).hello))]);
    for (const [index, endpoint] of pick(all[0]!).endpoints.entries()) {
      lines.push([
        `${data}: ${endpoint.name}`,
        all.map((r) => {
          const e = pick(r).endpoints[index]!;
          const applies = e.target !== undefined && (e.targetEngine === undefined || e.targetEngine === r.engine);
          const verdict = applies ? ` ${e.rpsRatio >= e.target! ? 'meets' : 'BELOW'} ≥ ${e.target! * 100}%` : e.target === undefined ? '' : ` (target ≥ ${e.target * 100}% on PostgreSQL)`;
          return `${figures(e)}  [p50 ×${e.p50Ratio.toFixed(1)} hello, ${(e.rpsRatio * 100).toFixed(1)}% of its req/s${verdict}]`;
        }),
      ]);
    }
  }
  printColumns(
    `API under load: autocannon, ${CONNECTIONS} connections, ${seconds} s per endpoint, loopback, Accept-Encoding as browsers send it; the ceiling is a bare Fastify "hello" in the same process`,
    all.map((r) => (r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL')),
    lines,
  );
}
