/**
 * The clock access and refresh tokens are issued and checked by, in milliseconds since the
 * epoch. Injected (buildApp's `tokenClock`) so that a test expires a token by moving the clock
 * instead of waiting for it (STYLE.md: time in tests is controlled, not slept through).
 */
export interface TokenClock {
  now(): number;
  /** Waits `ms` (the sign-in slowdown); real time when absent, recorded instead by tests. */
  sleep?(ms: number): Promise<void>;
}

export const systemTokenClock: TokenClock = { now: () => Date.now() };

/**
 * Real time plus an offset that only grows: every token the server issued ages at once. Tests
 * use it directly; the browser tests move it through POST /dev/token-clock, which exists only
 * when TEST_TOKEN_CLOCK is set, and config.ts accepts that only with NODE_ENV=test.
 */
export class AdjustableTokenClock implements TokenClock {
  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Moves the clock forward by `ms` (a negative step is refused: tokens never grow younger). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`The token clock only moves forward (asked for ${ms} ms)`);
    this.#offsetMs += ms;
  }

  /** Moves the clock forward to `epochMs` when it is behind it; never back. */
  advanceTo(epochMs: number): void {
    this.advance(Math.max(0, epochMs - this.now()));
  }
}
