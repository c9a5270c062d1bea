// The product as `npm start` runs it (the built SPA, `node server/main.ts`), started by the
// benchmarks on port 3207 with its own build (dist/app-3207, as browser-test servers on other
// ports have) and its own data directory (PGlite): how long until `/` answers 200, the CPU time
// the process spent until then, and its memory (memoryProbe.ts answers over IPC).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_PORT = 3207;
const root = fileURLToPath(new URL('..', import.meta.url));
const spaDir = path.join(root, 'dist', `app-${BENCH_PORT}`);

export interface Memory {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
}

export interface ProductServer {
  base: string;
  /** From spawning the process to the first 200 on `/`. */
  startupMs: number;
  /** CPU time (user and system, every thread) the process had spent when `/` first answered 200. */
  startupCpuMs: number;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

/** What `npm start` does first: builds the SPA and the widget script when their sources changed. */
export async function buildIfStale(): Promise<void> {
  const child = spawn(process.execPath, ['scripts/build-if-stale.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, SPA_DIR: spaDir } });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the build failed (exit code ${code})`);
}

/** Starts `node server/main.ts` on `dataDir` (PGlite, the demo seed on) and waits for `/` to answer 200. */
export async function startProduct(dataDir: string): Promise<ProductServer> {
  const base = `http://127.0.0.1:${BENCH_PORT}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', './bench/memoryProbe.ts', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, PORT: String(BENCH_PORT), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '', SPA_DIR: spaDir, LOG_LEVEL: 'warn' },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server stopped while starting (exit code ${exitCode}):\n${output}`);
    const status = await fetch(`${base}/`).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() - started > 180_000) throw new Error(`the server did not answer 200 on / within 3 minutes:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const startupMs = performance.now() - started;
  const usage = () =>
    new Promise<{ memory: NodeJS.MemoryUsage; cpu: NodeJS.CpuUsage }>((resolve) => {
      child.once('message', (answer) => resolve(answer as { memory: NodeJS.MemoryUsage; cpu: NodeJS.CpuUsage }));
      child.send('usage');
    });
  const { cpu } = await usage();

  return {
    base,
    startupMs,
    startupCpuMs: (cpu.user + cpu.system) / 1000,
    memory: async () => {
      const { rss, heapUsed, heapTotal } = (await usage()).memory;
      return { rssMb: mb(rss), heapUsedMb: mb(heapUsed), heapTotalMb: mb(heapTotal) };
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
