import type { Database } from '../db/client.ts';
import type { CallRequestDeps } from '../domain/callEngine/callRequestDeps.ts';
import { claimStalePlacement, placeUnderLease, whileRenewing } from '../domain/callEngine/callRecovery.ts';
import {
  claimDueScheduledCall,
  renewScheduledCallLease,
  runScheduledCall,
  type ScheduledCall,
} from '../domain/callEngine/scheduledCallPlacement.ts';

export interface ScheduledCallsWorkerOptions {
  db: Database;
  deps: CallRequestDeps;
  /** How often due callbacks are looked for. */
  pollIntervalMs?: number;
  /** A claim not renewed for this long is taken over (its worker died); renewed every third of it. Defaults to deps.leaseMs. */
  leaseMs?: number;
  /** Callbacks ringing at once in this process. */
  maxConcurrent?: number;
}

/**
 * Places scheduled callbacks at their time (issue 7). Every server instance may run one: claims
 * use FOR UPDATE SKIP LOCKED and a renewed lease, so instances never take the same callback, and a
 * callback whose instance died is taken over when its lease runs out — never lost, never rung
 * twice (domain/callEngine/scheduledCallPlacement.ts). It also finishes Call now calls whose placing
 * instance died (domain/callEngine/callRecovery.ts).
 */
export class ScheduledCallsWorker {
  readonly #db: Database;
  readonly #deps: CallRequestDeps;
  readonly #pollIntervalMs: number;
  readonly #leaseMs: number;
  readonly #maxConcurrent: number;
  readonly #running = new Set<Promise<unknown>>();
  /** The abandoned Call now calls this worker is placing. */
  readonly #placing = new Set<number>();
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<number> | null = null;
  #stopped = true;

  constructor(options: ScheduledCallsWorkerOptions) {
    this.#db = options.db;
    this.#deps = options.deps;
    this.#pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.#leaseMs = options.leaseMs ?? options.deps.leaseMs;
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
    const { log, clock } = this.#deps;
    while (this.#running.size < this.#maxConcurrent) {
      let claimed: ScheduledCall | undefined;
      let stalePlacement: number | undefined;
      try {
        claimed = await claimDueScheduledCall(this.#db, clock.now(), this.#leaseMs);
        if (!claimed) stalePlacement = await claimStalePlacement(this.#db, clock.now(), this.#leaseMs, this.#placing);
      } catch (error) {
        log.error({ err: error }, 'calls: could not claim a due callback or an abandoned call');
        break;
      }
      if (claimed) {
        const callback = claimed;
        // A failure leaves it in-progress: another claim takes it over when the lease runs out.
        this.#track(
          whileRenewing(() => runScheduledCall(this.#db, this.#deps, callback), () => renewScheduledCallLease(this.#db, callback.id, clock.now()), this.#leaseMs, log, { scheduledCallId: callback.id }),
          { scheduledCallId: callback.id },
        );
      } else if (stalePlacement !== undefined) {
        const callId = stalePlacement;
        log.warn({ callId }, 'calls: taking over a call whose placing instance stopped');
        this.#placing.add(callId);
        this.#track(
          placeUnderLease(this.#db, { ...this.#deps, leaseMs: this.#leaseMs }, callId).finally(() => this.#placing.delete(callId)),
          { callId },
        );
      } else {
        break;
      }
      started += 1;
    }
    return started;
  }

  #track(run: Promise<unknown>, subject: object): void {
    const tracked: Promise<unknown> = run
      .catch((error: unknown) => this.#deps.log.error({ ...subject, err: error }, 'calls: placing a call failed'))
      .finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
  }
}
