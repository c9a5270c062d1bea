// Startup and memory (issue 8): `npm start` (built) to the first 200 on `/`, on a fresh data
// directory (migrations and the demo seed included) and again on the same one; the memory of
// the idle server after each start, and after a load run on the demo account once it settled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNT } from '../server/demo/demoAccount.ts';
import { loadedEndpoints, loadUrl, signIn } from './apiLoad.ts';
import { buildIfStale, type Memory, startProduct } from './productServer.ts';
import { printColumns } from './table.ts';

export interface StartupFigures {
  freshMs: number;
  freshCpuMs: number;
  freshIdle: Memory;
  existingMs: number;
  existingCpuMs: number;
  existingIdle: Memory;
  afterLoad: Memory;
  loadSeconds: number;
}

/** Time the server is left alone before its memory is read. */
const SETTLE_MS = 5_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

export async function measureStartup(loadSeconds: number, log: (line: string) => void): Promise<StartupFigures> {
  await buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-startup-'));
  try {
    const fresh = await startProduct(dataDir);
    log(`fresh data directory: first 200 on / after ${fresh.startupMs.toFixed(0)} ms (${fresh.startupCpuMs.toFixed(0)} ms CPU)`);
    await settle();
    const freshIdle = await fresh.memory();
    await fresh.stop();

    const existing = await startProduct(dataDir);
    log(`existing data directory: first 200 on / after ${existing.startupMs.toFixed(0)} ms (${existing.startupCpuMs.toFixed(0)} ms CPU)`);
    try {
      await settle();
      const existingIdle = await existing.memory();
      const headers = { authorization: `Bearer ${await signIn(existing.base, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)}` };
      for (const endpoint of loadedEndpoints(new Date(), '').filter((e) => !e.public)) await loadUrl(`${existing.base}${endpoint.path}`, headers, loadSeconds);
      await settle();
      const afterLoad = await existing.memory();
      return { freshMs: fresh.startupMs, freshCpuMs: fresh.startupCpuMs, freshIdle, existingMs: existing.startupMs, existingCpuMs: existing.startupCpuMs, existingIdle, afterLoad, loadSeconds };
    } finally {
      await existing.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStartup(f: StartupFigures): void {
  const memory = (m: Memory) => `RSS ${m.rssMb} MB, JS heap ${m.heapUsedMb} MB used of ${m.heapTotalMb} MB`;
  const time = (wallMs: number, cpuMs: number) => `${(wallMs / 1000).toFixed(2)} s (${(cpuMs / 1000).toFixed(2)} s CPU)`;
  printColumns('Startup and memory: `npm start` (built) on PGlite, to the first 200 on / (wall time, and the CPU time the server spent)', ['PGlite'], [
    ['Fresh data directory (migrations, demo seed)', [time(f.freshMs, f.freshCpuMs)]],
    ['Existing data directory', [time(f.existingMs, f.existingCpuMs)]],
    [`Idle, ${SETTLE_MS / 1000} s after the fresh start`, [memory(f.freshIdle)]],
    [`Idle, ${SETTLE_MS / 1000} s after the restart`, [memory(f.existingIdle)]],
    [`After ${f.loadSeconds} s of load per endpoint, settled ${SETTLE_MS / 1000} s`, [memory(f.afterLoad)]],
  ]);
}
