import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { PeriodicTask } from './periodicTask.ts';

/** The pause after the n-th failed attempt: 30 s, 1 min, 2 min, … doubling up to an hour (webhooks and GA4 alike). */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
/** Done rows past their keep time are deleted this often, by the worker's clock (its first poll included). */
export const OUTBOX_CLEANUP_EVERY_MS = 3_600_000;
/**
 * Rows past their retry window are given up this often. Only rows nobody claims need it (waiting
 * for an endpoint or connection that is off, or left by a sender that died): a claimed row's
 * sender gives it up itself, so a minute late costs nothing, and a poll after every finished send
 * no longer scans the pending rows each time.
 */
export const OUTBOX_EXPIRY_EVERY_MS = 60_000;
/** Old rows deleted per statement, so that no one statement holds the database for long. */
const CLEANUP_BATCH = 1000;

/** A row an instance claimed: enough to write back this attempt only, and to schedule the next. */
export interface ClaimedRow {
  id: number;
  attempts: number;
  createdAt: Date;
}

/**
 * The claimed rows of a claim statement ending `returning <row>.id as id, <row>.attempts as attempts,
 * <row>.created_at as created_at` (db.execute answers raw rows: a bigint id may come as a string).
 */
export function claimedRows(result: unknown): ClaimedRow[] {
  const { rows } = result as { rows: { id: number | string; attempts: number; created_at: string | Date }[] };
  return rows.map((row) => ({ id: Number(row.id), attempts: row.attempts, createdAt: new Date(row.created_at) }));
}

/**
 * This attempt's claim on its row: still pending, and not claimed since. A row another instance
 * took over (its lease ran out: the claim added an attempt) or that was given up meanwhile is no
 * longer this sender's, to send or to write back.
 */
export function claimOf(columns: { id: PgColumn; attempts: PgColumn; status: PgColumn }, claimed: ClaimedRow): SQL {
  return and(eq(columns.id, claimed.id), eq(columns.attempts, claimed.attempts), eq(columns.status, 'pending'))!;
}

/** When a failed attempt's row is tried again (after retryDelayMs), or null when that would end past its window: it is given up now. */
export function nextAttemptAt(claimed: ClaimedRow, now: Date, windowMs: number): Date | null {
  const next = now.getTime() + retryDelayMs(claimed.attempts);
  return next >= claimed.createdAt.getTime() + windowMs ? null : new Date(next);
}

/** Runs `deleteBatch` (which deletes up to `limit` rows and answers how many) until a batch comes back short. */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>): Promise<void> {
  while ((await deleteBatch(CLEANUP_BATCH)) === CLEANUP_BATCH);
}

/** Whether `everyMs` has passed since `last` (never run: yes; a clock set back, by hand or a test: yes too, not a day of waiting). */
function isDue(last: number | null, now: number, everyMs: number): boolean {
  return last === null || now < last || now - last >= everyMs;
}

export interface OutboxWorkerOptions {
  /** Names the worker in its logs. */
  name: string;
  db: Database;
  log: { warn(object: object, message: string): void };
  now?: () => number;
  pollIntervalMs: number;
  /**
   * The outbox table. Its rows have `id`, `status` ('pending' until done), `attempts`, `due_at`,
   * `leased_until`, `last_error` and `created_at`; a row past `windowMs` after it was written is
   * given up: `givenUpStatus`, with `givenUpError` unless an attempt left its own.
   */
  table: PgTable;
  windowMs: number;
  givenUpStatus: string;
  givenUpError: string;
  /**
   * For a table with an `error_code` column beside `last_error` (webhooks): the code of a row given
   * up with no failed attempt to name. One that failed keeps its last attempt's code, as its
   * status or error says more than that the time ran out.
   */
  givenUpErrorCode?: string;
  /** Done rows (not pending) are kept this long, then deleted (deleteDone). */
  keptMs: number;
  /** Rows an instance sends at once; a poll claims what is free of them and does not wait for the sends. */
  sendsAtOnce: number;
  leaseMs: number;
  /** The longest one attempt's call out may take. */
  timeoutMs: number;
}

/**
 * What the outbox workers (webhooks, GA4) share: each instance polls every `pollIntervalMs`,
 * claims due rows (the subclass's claim: FOR UPDATE SKIP LOCKED and a lease) as many as it has
 * free sends, and sends them side by side; a send that ends claims the next at once while the
 * worker is started. Housekeeping goes by the worker's clock, not by polls (a poll follows every
 * finished send): rows past their window given up every OUTBOX_EXPIRY_EVERY_MS, done rows past
 * their keep time deleted every OUTBOX_CLEANUP_EVERY_MS. runOnce() answers how many rows the poll
 * claimed and started; settle() waits for them.
 */
export abstract class OutboxWorker extends PeriodicTask<number> {
  protected readonly db: Database;
  /** The worker's clock (tests inject one). */
  protected readonly now: () => number;
  readonly #options: OutboxWorkerOptions;
  /** The sends in flight; a poll claims only as many as are free. */
  readonly #sending = new Set<Promise<boolean>>();
  #succeeded = 0;
  /** Started (not only polled by a test): a send that ends claims the next. */
  #running = false;
  #lastCleanupAt: number | null = null;
  #lastExpiryAt: number | null = null;

  constructor(options: OutboxWorkerOptions) {
    super({
      run: () => this.#poll(),
      intervalMs: options.pollIntervalMs,
      failed: (error) => {
        options.log.warn({ err: error }, `${options.name}: the poll failed`);
        return 0;
      },
    });
    // A send outlasting its lease could be claimed and sent again meanwhile by another instance;
    // half of it leaves the rest for reading the row before and writing how it went after.
    if (options.timeoutMs * 2 > options.leaseMs) throw new Error(`${options.name}: an attempt must end well within its lease`);
    this.#options = options;
    this.db = options.db;
    this.now = options.now ?? Date.now;
  }

  /** Claims up to `free` due rows for this instance (leased until now + leaseMs, an attempt added). */
  protected abstract claim(now: Date, free: number): Promise<ClaimedRow[]>;

  /** One attempt of a claimed row, and what follows from it (written under claimOf); true when it succeeded. Never throws. */
  protected abstract send(claimed: ClaimedRow): Promise<boolean>;

  /** Deletes up to `limit` done rows written before `before` (never a pending one); answers how many. */
  protected abstract deleteDone(before: Date, limit: number): Promise<number>;

  /** What else a worker deletes in its hourly cleanup, after its done rows (nothing by default). */
  protected async cleanUpMore(_now: Date): Promise<void> {}

  /** Waits for the sends in flight; answers how many succeeded since the last settle. */
  async settle(): Promise<number> {
    while (this.#sending.size > 0) await Promise.all(this.#sending);
    const succeeded = this.#succeeded;
    this.#succeeded = 0;
    return succeeded;
  }

  override start(): void {
    this.#running = true;
    super.start();
  }

  override async stop(): Promise<void> {
    this.#running = false;
    await super.stop();
    await this.settle();
  }

  async #poll(): Promise<number> {
    const { sendsAtOnce, keptMs } = this.#options;
    const now = new Date(this.now());
    // Noted before the work: one that fails waits for its next turn (the poll's failure is logged), not the next poll.
    if (isDue(this.#lastCleanupAt, now.getTime(), OUTBOX_CLEANUP_EVERY_MS)) {
      this.#lastCleanupAt = now.getTime();
      const before = new Date(now.getTime() - keptMs);
      await deleteInBatches((limit) => this.deleteDone(before, limit));
      await this.cleanUpMore(now);
    }
    if (isDue(this.#lastExpiryAt, now.getTime(), OUTBOX_EXPIRY_EVERY_MS)) {
      this.#lastExpiryAt = now.getTime();
      await this.#giveUpPastWindow(now);
    }
    const free = sendsAtOnce - this.#sending.size;
    if (free <= 0) return 0;
    const claimed = await this.claim(now, free);
    for (const row of claimed) {
      const send = this.send(row).then((ok) => {
        if (ok) this.#succeeded += 1;
        return ok;
      });
      this.#sending.add(send);
      void send.finally(() => {
        this.#sending.delete(send);
        // A free slot is taken at once while the worker runs, not at the next poll: a backlog goes
        // as fast as the receivers answer.
        if (this.#running) void this.runOnce();
      });
    }
    return claimed.length;
  }

  /** Rows past their window are given up, those waiting for an endpoint or connection that is off included; not one being sent (its sender writes how it went). */
  async #giveUpPastWindow(now: Date): Promise<void> {
    const { table, windowMs, givenUpStatus, givenUpError, givenUpErrorCode } = this.#options;
    // An update's assignments all read the row as it was: `expired` only where no attempt left an error (a 4xx or 5xx answer leaves a code alone).
    const errorCode = givenUpErrorCode === undefined ? sql`` : sql`, error_code = case when error_code is null and last_error is null then ${givenUpErrorCode} else error_code end`;
    // Raw SQL for any outbox table: the columns are named alike in each (see OutboxWorkerOptions.table).
    await this.db.execute(sql`
      update ${table} set status = ${givenUpStatus}, last_error = coalesce(last_error, ${givenUpError})${errorCode}
      where status = 'pending' and created_at < ${new Date(now.getTime() - windowMs)} and (leased_until is null or leased_until <= ${now})`);
  }
}
