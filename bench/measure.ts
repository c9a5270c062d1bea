import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Latency percentiles of a list of durations in milliseconds. */
export function percentiles(durations: number[]): { p50: number; p95: number; max: number; n: number } {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]!, n: sorted.length };
}

/**
 * Runs `task` `warmup` times unmeasured, then `runs` times one after another; answers the
 * durations. Stops early (after at least 5 runs) once `budgetMs` is spent, so a slow engine
 * keeps the whole benchmark within its ten minutes. `beforeEach` runs before every run, untimed.
 */
export async function timeRuns(runs: number, warmup: number, task: () => Promise<void>, budgetMs = Infinity, beforeEach?: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) {
    await beforeEach?.();
    await task();
  }
  const durations: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs && (i < 5 || performance.now() - started < budgetMs); i += 1) {
    await beforeEach?.();
    const started = performance.now();
    await task();
    durations.push(performance.now() - started);
  }
  return durations;
}

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Peak memory of this process while `task` runs, sampled every 10 ms, above a baseline taken after a full GC. */
export async function peakMemory<T>(task: () => Promise<T>): Promise<{ result: T; baselineRssMb: number; peakRssMb: number; baselineHeapMb: number; peakHeapMb: number }> {
  collectGarbage();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await task();
    sample();
    return { result, baselineRssMb: mb(baseline.rss), peakRssMb: mb(peakRss), baselineHeapMb: mb(baseline.heapUsed), peakHeapMb: mb(peakHeap) };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
