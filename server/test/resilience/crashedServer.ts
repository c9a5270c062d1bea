import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../harness.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * Where a crashed server keeps its data between its lives: a PGlite data directory, or — when
 * DATABASE_URL is set (`npm run test:pg`) — a fresh database on that PostgreSQL.
 */
export interface CrashStore {
  engine: 'pglite' | 'postgresql';
  /** The environment that points the server at the store. */
  env: Record<string, string>;
  /**
   * Opens the store in this process (the server must be dead for PGlite: one process at a
   * time); null when the server died before it created the PGlite cluster (opening would create it).
   */
  open(): Promise<DatabaseHandle | null>;
  remove(): Promise<void>;
}

export async function createCrashStore(): Promise<CrashStore> {
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase();
    const url = database.url!;
    return {
      engine: 'postgresql',
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url, pgliteDir: null }),
      remove: () => database.close(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'callback-crash-'));
  return {
    engine: 'pglite',
    env: { DATA_DIR: dataDir },
    open: async () => {
      const pgliteDir = join(dataDir, 'pglite');
      return existsSync(join(pgliteDir, 'PG_VERSION')) ? openDatabase({ databaseUrl: undefined, pgliteDir }) : null;
    },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...rest } = env;
  return rest;
}

/** The real server (server/main.ts) as a child process: `npm start` without the build. */
export interface ServerProcess {
  url: string;
  /** Resolves once /api/health answers 200; rejects when the process ends first. */
  healthy(): Promise<void>;
  /** SIGKILL, then waits until the process is gone. */
  kill(): Promise<void>;
  /** Resolves once the process has written a line matching `pattern` (LOG_LEVEL is info); rejects when it exits first. */
  logged(pattern: RegExp): Promise<void>;
  /** What the process wrote, for failure messages. */
  output(): string;
}

export async function startServer(store: CrashStore): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...withoutDatabaseUrl(process.env),
      ...store.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DEMO_SEED: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<{ pattern: RegExp; resolve: () => void }>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) {
      if (watcher.pattern.test(output)) {
        watchers.delete(watcher);
        watcher.resolve();
      }
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  return {
    url,
    output: () => output,
    logged: (pattern) =>
      pattern.test(output)
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => watchers.add({ pattern, resolve })),
            exited.then(() => {
              throw new Error(`the server exited before logging ${pattern}:\n${output}`);
            }),
          ]),
    async healthy() {
      for (;;) {
        if (gone) throw new Error(`the server exited before it was healthy:\n${output}`);
        const answer = await fetch(`${url}/api/health`).catch(() => null);
        if (answer?.status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}
