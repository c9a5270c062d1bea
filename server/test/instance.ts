import type { FastifyInstance } from 'fastify';
import { createAdapters } from '../adapters/adapters.ts';
import type { Telephony } from '../adapters/telephony/telephony.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import type { CallLog } from '../domain/callEngine/callRequestDeps.ts';
import type { ScheduledCallsWorker } from '../workers/scheduledCallsWorker.ts';
import { FAST_PASSWORD_HASHING, TEST_PUBLIC_URL } from './harness.ts';

/** A server instance as server/main.ts runs one, on a PGlite data directory (or PostgreSQL), without listening. */
export interface Instance {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** The app's scheduled-calls worker (app.scheduledCallsWorker), started with the app. */
  worker: ScheduledCallsWorker;
  /** Stops as SIGTERM does: the app (its workers stop, calls ringing finish), then the database. */
  close(): Promise<void>;
  /** Stops like a killed process: the database goes away under whatever was running. */
  crash(): Promise<void>;
}

export interface InstanceOptions {
  dataDir: string;
  /** PostgreSQL instead of PGlite in dataDir (the benchmark under scripts/with-postgres.ts). */
  databaseUrl?: string;
  /** Environment variables over the test defaults (e.g. CALL_SIMULATOR_SPEED). */
  env?: Record<string, string>;
  /** Wraps the configured telephony (e.g. to time its dials). */
  telephony?: (configured: Telephony) => Telephony;
  /** The app's and the worker's call log; silent by default. */
  log?: CallLog;
  leaseMs?: number;
  pollIntervalMs?: number;
  /** Starts from this data directory dump when the directory is new (tests: the migrated template). */
  pgliteDump?: Blob;
}

/**
 * Starts the server's pieces the way server/main.ts does — database, migrations, app with the
 * configured adapters, the scheduled-calls worker — so tests and the benchmark can stop it and
 * start another on the same data directory, as a restart would.
 */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL, ...options.env },
    { databaseUrl: options.databaseUrl, pgliteDir: options.dataDir, passwordHashParams: FAST_PASSWORD_HASHING },
  );
  const database: DatabaseHandle = await openDatabase(config, { pgliteDump: options.pgliteDump });
  await prepareDatabase(database);
  const app = await buildApp({
    config,
    db: database.db,
    adapters: (log) => {
      const adapters = createAdapters(config, database.db, log);
      return options.telephony ? { ...adapters, telephony: options.telephony(adapters.telephony) } : adapters;
    },
    calls: { log: options.log, leaseMs: options.leaseMs },
    workers: { scheduledCallsPollIntervalMs: options.pollIntervalMs },
  });
  // As `listen` in server/main.ts: the background workers start when the app is ready.
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    worker: app.scheduledCallsWorker,
    async close() {
      await app.close();
      await database.close();
    },
    crash: () => database.close(),
  };
}
