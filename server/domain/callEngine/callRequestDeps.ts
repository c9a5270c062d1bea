import type { Telephony } from '../../adapters/telephony/telephony.ts';

/** A second request for the same number within this window is answered with the first one (issue 7 guardrail). */
export const DEFAULT_DUPLICATE_WINDOW_SECONDS = 120;

/** A placement or callback claim not renewed for this long is taken over (its instance died). */
export const DEFAULT_LEASE_MS = 60_000;

/** Time, injectable so tests run retries and leases fast. */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** The few logger methods the call machinery uses (Fastify's logger fits). */
export interface CallLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** Background placements of instant calls: tracked so tests and shutdown can wait for them. */
export interface CallPlacements {
  track(run: Promise<unknown>): void;
  /** Resolves when every tracked placement has ended. */
  settle(): Promise<void>;
}

/** What requesting and placing calls needs from the outside; build it once with createCallRequestDeps. */
export interface CallRequestDeps {
  telephony: Telephony;
  clock: Clock;
  log: CallLog;
  /** Instant calls ring in the background; this tracks them (tests and shutdown wait with settle()). */
  placements: CallPlacements;
  duplicateWindowSeconds: number;
  /** How long a claim on a placement lasts unless renewed (renewed every third of it). */
  leaseMs: number;
  /** Told when a call's first attempt starts ringing (the benchmark: request → first dial). */
  onFirstDial?: (callId: number) => void;
}

export function createCallRequestDeps(options: {
  telephony: Telephony;
  log: CallLog;
  clock?: Clock;
  placements?: CallPlacements;
  duplicateWindowSeconds?: number;
  leaseMs?: number;
  onFirstDial?: (callId: number) => void;
}): CallRequestDeps {
  return {
    telephony: options.telephony,
    log: options.log,
    clock: options.clock ?? systemClock,
    placements: options.placements ?? new (class implements CallPlacements {
      readonly #running = new Set<Promise<unknown>>();
      track(run: Promise<unknown>): void {
        this.#running.add(run);
        void run.finally(() => this.#running.delete(run));
      }
      async settle(): Promise<void> {
        while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
      }
    })(),
    duplicateWindowSeconds: options.duplicateWindowSeconds ?? DEFAULT_DUPLICATE_WINDOW_SECONDS,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    onFirstDial: options.onFirstDial,
  };
}
