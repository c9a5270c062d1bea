import { randomBytes } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import pg from 'pg';
import { type Adapters, createAdapters } from '../adapters/adapters.ts';
import { type AdapterFactory, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { AdjustableTokenClock, type TokenClock } from '../domain/auth/tokenClock.ts';
import { ContractResponses } from './contractResponses.ts';
import { pgliteTemplate } from './pgliteTemplate.ts';

/** Cheap argon2id for tests only; the server defaults to OWASP's cost (config.ts). */
/**
 * A token clock a minute into the next hour: the account-flow limits count in fixed hours on the
 * token clock, so the requests of a test never straddle two windows, whenever it runs.
 */
export function clockIntoNextHour(): AdjustableTokenClock {
  const clock = new AdjustableTokenClock();
  clock.advanceTo(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 60_000);
  return clock;
}

export const FAST_PASSWORD_HASHING = { memory: 1024, passes: 1, parallelism: 1 };

export const TEST_PUBLIC_URL = 'http://dashboard.test';

/** The dev mailbox's key in tests (MAILBOX_KEY); a variant with `mailboxKey: undefined` uses the stored one. */
export const TEST_MAILBOX_KEY = 'test-mailbox-key-0123456789';

export interface ApiRequest {
  method: HTTPMethods;
  url: string;
  /** Sent as JSON unless `form` or `rawBody` is given. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as is, with `contentType` (a Buffer for binary bodies such as multipart uploads). */
  rawBody?: string | Buffer;
  contentType?: string;
  /** Adds `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /** The client address the server sees (login throttling is per address). */
  remoteAddress?: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** The parsed JSON body (undefined when the body is empty). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any field
}

/** An app under test, bound to the test database. */
export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Injects a request; every answer is checked against the contract first. */
  request(request: ApiRequest): Promise<ApiResponse>;
}

export interface TestServer extends TestApp {
  db: Database;
  /** The test's own PostgreSQL database (undefined on PGlite), e.g. for another instance's connections. */
  databaseUrl: string | undefined;
  /** Another app on the same database, e.g. with a 1-second access-token TTL or a failing captcha. */
  variant(options: VariantOptions): Promise<TestApp>;
  close(): Promise<void>;
}

export interface VariantOptions {
  config?: Partial<Config>;
  /** Replaces adapters, e.g. a captcha with a fake fetch; `base` are the default local ones. */
  adapters?: (log: Parameters<AdapterFactory>[0], base: Adapters) => Adapters;
  /** Serve this folder as the built SPA. */
  spaDir?: string;
  /** Receives the app's log (set the level with `config.logLevel`). */
  logStream?: NodeJS.WritableStream;
  /** The clock tokens are issued and checked by: move it to expire them (domain/auth/tokenClock.ts). */
  tokenClock?: TokenClock;
}

const contractResponses = new ContractResponses();

/**
 * Builds the app on a fresh database: in-memory PGlite, or — when DATABASE_URL is set
 * (`npm run test:pg`) — a new database on that PostgreSQL, dropped by `close()`.
 */
export async function startTestServer(options: { config?: Partial<Config>; tokenClock?: TokenClock } = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  await prepareDatabase(database.handle);
  const db = database.handle.db;
  const apps: FastifyInstance[] = [];

  async function makeApp({ config: overrides = {}, adapters, spaDir, logStream, tokenClock }: VariantOptions) {
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL, MAILBOX_KEY: TEST_MAILBOX_KEY },
      { databaseUrl: database.url, pgliteDir: null, passwordHashParams: FAST_PASSWORD_HASHING, ...options.config, ...overrides },
    );
    const app = await buildApp({
      config,
      db,
      spaDir,
      // Tests place callbacks, send notifications and delete old recordings with workers of their
      // own (workers/scheduledCallsWorker.test.ts, domain/notifications, recordingRetention, webhooks, ga4,
      // the run-out warnings of domain/credits): the app's stay stopped (server/test/instance.ts starts
      // them, as server/main.ts does).
      workers: { start: { scheduledCalls: false, notifications: false, recordingsJanitor: false, webhooks: false, ga4: false, creditForecast: false } },
      logStream,
      tokenClock,
      adapters: (log) => {
        const base = createAdapters(config, db, log);
        return adapters ? adapters(log, base) : base;
      },
    });
    await app.ready();
    apps.push(app);
    return { app, config, request: (request: ApiRequest) => injectChecked(app, request) };
  }

  const main = await makeApp({ tokenClock: options.tokenClock });
  return {
    ...main,
    db,
    databaseUrl: database.url,
    variant: makeApp,
    async close() {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}

async function injectChecked(app: FastifyInstance, request: ApiRequest): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let payload: string | Buffer | undefined;
  if (request.rawBody !== undefined) {
    payload = request.rawBody;
    if (request.contentType) headers['content-type'] = request.contentType;
  } else if (request.form) {
    payload = new URLSearchParams(request.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers,
    payload,
    remoteAddress: request.remoteAddress ?? '127.0.0.1',
  });
  const contentType = response.headers['content-type'];
  contractResponses.check(request.method, request.url, response.statusCode, typeof contentType === 'string' ? contentType : undefined, response.body);
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    body: response.body && String(contentType).includes('json') ? JSON.parse(response.body) : undefined,
  };
}

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string | undefined;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: null }, { pgliteDump: await pgliteTemplate() });
    return { handle, url: undefined, close: () => handle.close() };
  }
  // One database per test file: files run in parallel without seeing each other's rows.
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  return {
    handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** The end of this turn of the event loop, when the access log writes its lines (logRedaction.ts batchedLines). */
export function accessLogWritten(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
