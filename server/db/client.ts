import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { schema } from './schema.ts';

/**
 * The Drizzle database, whichever engine is behind it. A transaction (`tx` inside
 * `db.transaction`) has this type too, so domain functions take either.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseEngine = 'pglite' | 'postgresql';

export interface DatabaseHandle {
  db: Database;
  engine: DatabaseEngine;
  /** Applies the SQL migrations of server/db/migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball, for `openDatabase(…, { pgliteDump })`. */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: it names the lock several starting instances queue on while migrating. */
const MIGRATION_LOCK_KEY = 724_311_001;

/**
 * Opens PostgreSQL through node-postgres when DATABASE_URL is set, else embedded PGlite
 * (ARCHITECTURE.md rule 3): persisted under `pgliteDir`, or in memory when it is null.
 * PGlite is a single connection: never use the outer `db` inside a `db.transaction` callback.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  options: { pgliteDump?: Blob } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.pgliteDir, options.pgliteDump);
}

/** The folder of SQL migrations drizzle-kit writes (drizzle.config.ts). */
export const MIGRATIONS_FOLDER = migrationsFolder;

/** `pgliteDump` starts from a `dumpDataDir()` tarball instead of an empty cluster (fast test setup). */
async function openPglite(dataDir: string | null, pgliteDump?: Blob): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir: pgliteDump });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // pool.end() resolves before its clients' sockets have closed (pg-pool 3.x): keep them, so
  // close() can wait until none is still talking to the server (tests drop the database next).
  const clients = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    clients.add(client);
    client.once('end', () => clients.delete(client));
  });
  // Fail at startup, not at the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePostgres({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    engine: 'postgresql',
    migrate: async () => {
      // Several instances may start at once behind a load balancer: one migrates, the others
      // wait on the advisory lock and then find nothing left to do.
      const connection = await pool.connect();
      try {
        const lockedDb = drizzleNodePostgres({ client: connection, schema, casing: 'snake_case' });
        await lockedDb.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
        try {
          await migrateNodePostgres(lockedDb, { migrationsFolder });
        } finally {
          await lockedDb.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
        }
      } finally {
        connection.release();
      }
    },
    close: async () => {
      const ended = [...clients].map((client) => new Promise((resolve) => client.once('end', resolve)));
      await pool.end();
      await Promise.all(ended);
    },
  };
}
