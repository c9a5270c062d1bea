import type { FastifyInstance } from 'fastify';
import { createAdapters } from '../adapters/adapters.ts';
import type { Telephony } from '../adapters/telephony/telephony.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { type CallLog, createCallRequestDeps } from '../domain/calls/callRequests.ts';
import { ScheduledCallsWorker } from '../workers/scheduledCallsWorker.ts';
import { FAST_PASSWORD_HASHING, TEST_PUBLIC_URL } from './harness.ts';

/** A server instance as server/main.ts runs one, on a PGlite data directory (or PostgreSQL), without listening. */
export interface Instance {
  app: FastifyInstance;
  db: Database;
  config: Config;
  worker: ScheduledCallsWorker;
  /** Stops as SIGTERM does: the worker, then the app (calls ringing finish), then the database. */
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
  let telephony: Telephony | undefined;
  const app = await buildApp({
    config,
    db: database.db,
    adapters: (log) => {
      const adapters = createAdapters(config, database.db, log);
      telephony = options.telephony ? options.telephony(adapters.telephony) : adapters.telephony;
      return { ...adapters, telephony };
    },
  });
  await app.ready();
  const worker = new ScheduledCallsWorker({
    db: database.db,
    deps: createCallRequestDeps({ telephony: telephony!, log: options.log ?? app.log, leaseMs: options.leaseMs }),
    pollIntervalMs: options.pollIntervalMs ?? config.telephony.scheduledPollSeconds * 1000,
  });
  worker.start();
  return {
    app,
    db: database.db,
    config,
    worker,
    async close() {
      await worker.stop();
      await app.close();
      await database.close();
    },
    crash: () => database.close(),
  };
}
