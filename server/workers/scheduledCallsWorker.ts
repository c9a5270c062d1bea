import type { Database } from '../db/client.ts';
import type { CallRequestDeps } from '../domain/calls/callRequests.ts';
import {
  claimDueScheduledCall,
  renewScheduledCallLease,
  runScheduledCall,
  type ScheduledCallResult,
} from '../domain/calls/scheduledCallPlacement.ts';

export interface ScheduledCallsWorkerOptions {
  db: Database;
  deps: CallRequestDeps;
  /** How often due callbacks are looked for. */
  pollIntervalMs?: number;
  /** A claim not renewed for this long is taken over (its worker died); renewed every third of it. */
  leaseMs?: number;
  /** Callbacks ringing at once in this process. */
  maxConcurrent?: number;
}

/**
 * Places scheduled callbacks at their time (issue 7). Every server instance may run one: claims
 * use FOR UPDATE SKIP LOCKED and a renewed lease, so instances never take the same callback, and a
 * callback whose instance died is taken over when its lease runs out — never lost, never rung
 * twice (domain/calls/scheduledCallPlacement.ts).
 */
export class ScheduledCallsWorker {
  readonly #db: Database;
  readonly #deps: CallRequestDeps;
  readonly #pollIntervalMs: number;
  readonly #leaseMs: number;
  readonly #maxConcurrent: number;
  readonly #running = new Set<Promise<ScheduledCallResult | undefined>>();
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<number> | null = null;
  #stopped = true;

  constructor(options: ScheduledCallsWorkerOptions) {
    this.#db = options.db;
    this.#deps = options.deps;
    this.#pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#maxConcurrent = options.maxConcurrent ?? 20;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const tick = () => void this.poll();
    this.#timer = setInterval(tick, this.#pollIntervalMs);
    this.#timer.unref();
    tick();
  }

  /** Stops polling and waits for the callbacks ringing now (their leases then lapse only if this dies). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#polling?.catch(() => undefined);
    await this.settle();
  }

  /** Waits for every callback this worker started. */
  async settle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }

  /**
   * Claims due callbacks while there is room and starts them; answers how many it started.
   * One poll at a time per worker.
   */
  poll(): Promise<number> {
    this.#polling ??= this.#claimAndStart().finally(() => {
      this.#polling = null;
    });
    return this.#polling;
  }

  /** Claims and places every due callback, waiting for them (tests). */
  async runOnce(): Promise<number> {
    const started = await this.poll();
    await this.settle();
    return started;
  }

  async #claimAndStart(): Promise<number> {
    let started = 0;
    while (this.#running.size < this.#maxConcurrent) {
      let claimed;
      try {
        claimed = await claimDueScheduledCall(this.#db, this.#deps.clock.now(), this.#leaseMs);
      } catch (error) {
        this.#deps.log.error({ err: error }, 'calls: could not claim a due callback');
        break;
      }
      if (!claimed) break;
      started += 1;
      const lease = setInterval(() => {
        renewScheduledCallLease(this.#db, claimed.id, this.#deps.clock.now()).catch((error: unknown) =>
          this.#deps.log.warn({ err: error, scheduledCallId: claimed.id }, 'calls: could not renew a callback lease'),
        );
      }, Math.max(10, Math.floor(this.#leaseMs / 3)));
      const run = runScheduledCall(this.#db, this.#deps, claimed)
        .catch((error: unknown) => {
          // Left in-progress: another claim takes it over when the lease runs out.
          this.#deps.log.error({ err: error, scheduledCallId: claimed.id }, 'calls: placing a callback failed');
          return undefined;
        })
        .finally(() => {
          clearInterval(lease);
          this.#running.delete(run);
        });
      this.#running.add(run);
    }
    return started;
  }
}
