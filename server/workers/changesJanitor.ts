import type { Database } from '../db/client.ts';
import { CHANGES_RETENTION_MS, deleteChangesBefore } from '../domain/changes/changeRows.ts';

/** How often each instance offers to clean up (one of them does it at a time). */
export const CHANGES_JANITOR_INTERVAL_MS = 60_000;

/**
 * Deletes rows of the changes tables (toolbox_changes, call_changes) past CHANGES_RETENTION_MS,
 * once a minute, so that reading an account's signature stays a read of a few rows (issue 17).
 * Nothing waits for it: the caches' checks go on meanwhile.
 */
export class ChangesJanitor {
  readonly #db: Database;
  readonly #now: () => number;
  readonly #log: { warn(object: object, message: string): void } | undefined;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(options: { db: Database; now?: () => number; log?: { warn(object: object, message: string): void } }) {
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.runOnce(), CHANGES_JANITOR_INTERVAL_MS).unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** One cleanup (tests call it); never two at once in this instance. */
  runOnce(): Promise<void> {
    this.#running ??= deleteChangesBefore(this.#db, new Date(this.#now() - CHANGES_RETENTION_MS))
      .catch((error: unknown) => this.#log?.warn({ err: error }, 'changes janitor: the cleanup failed'))
      .finally(() => (this.#running = null));
    return this.#running;
  }
}
