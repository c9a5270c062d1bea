import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { autoRechargeJobs } from '../db/schema/billing.ts';
import type { Mail } from '../adapters/mail/mail.ts';
import type { Payments } from '../adapters/payments/payments.ts';
import { DAILY_CAP_OUTCOME, runCapNotice } from '../domain/payments/autoRechargeCap.ts';
import { claimAutoRechargeJob, runAutoRechargeJob } from '../domain/payments/autoRechargePurchase.ts';
import { trackMissedRecharges } from '../domain/credits/reservations.ts';
import { autoRechargeSignal } from '../domain/payments/autoRechargeTrigger.ts';
import { reconcileUnsettledPayments } from '../domain/payments/paymentReconciler.ts';

/** How often each instance looks for armed auto-recharges under their threshold that no purchase was queued for. */
const MISSED_RECHARGE_SWEEP_MS = 60_000;

export interface PaymentsWorkerOptions {
  db: Database;
  payments: Payments;
  log: FastifyBaseLogger;
  /** Tells a client that the daily cap of auto-recharge held (autoRechargeCap.ts). */
  mail: Mail;
  /** Base of the links in those e-mails. */
  publicUrl: string;
  /** How often queued auto-recharges are looked for when no signal came (other instances' debits). */
  pollIntervalMs?: number;
  /** How often unsettled payments are polled; only for processors that report asynchronously. */
  reconcileIntervalMs?: number;
}

/**
 * The in-process background work of payments, which every server instance runs (claims with
 * FOR UPDATE SKIP LOCKED keep instances from doing the same job): queued auto-recharge purchases,
 * started at once when a debit of this process queues one and otherwise found by polling, and —
 * with Stripe — polling of payments still on hold.
 */
export class PaymentsWorker {
  readonly #options: Required<PaymentsWorkerOptions>;
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #onQueued = () => void this.runAutoRecharges();
  #running: Promise<number> | null = null;
  #rerun = false;
  #stopped = false;
  #started = false;

  constructor(options: PaymentsWorkerOptions) {
    this.#options = { pollIntervalMs: 2_000, reconcileIntervalMs: 15_000, ...options };
  }

  /** Starts listening and polling; a second call while started does nothing. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const { pollIntervalMs, reconcileIntervalMs, payments } = this.#options;
    this.#stopped = false;
    autoRechargeSignal.on('queued', this.#onQueued);
    this.#timers.push(setInterval(this.#onQueued, pollIntervalMs).unref());
    // A Call now's hold tracks the threshold after its statement; what that misses is found here.
    void this.#sweep();
    this.#timers.push(setInterval(() => void this.#sweep(), MISSED_RECHARGE_SWEEP_MS).unref());
    if (payments.reportsAsynchronously) {
      this.#timers.push(setInterval(() => void this.reconcile(), reconcileIntervalMs).unref());
    }
  }

  /** Stops the timers and waits for the purchase in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#started = false;
    autoRechargeSignal.off('queued', this.#onQueued);
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await this.#running?.catch(() => undefined);
  }

  /**
   * Processes queued auto-recharges until none can be claimed; one run at a time per process (a
   * signal during a run makes it go round once more). Answers how many jobs this run processed.
   */
  runAutoRecharges(): Promise<number> {
    if (this.#running) {
      this.#rerun = true;
      return this.#running;
    }
    this.#running = this.#drainQueue().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** Polls the processor about unsettled payments (see paymentReconciler.ts). */
  async reconcile(): Promise<number> {
    if (this.#stopped) return 0;
    try {
      return await reconcileUnsettledPayments(this.#options.db, this.#options.payments, this.#options.log);
    } catch (error) {
      this.#options.log.error({ err: error }, 'payments: reconciliation failed');
      return 0;
    }
  }

  /**
   * Waits until no auto-recharge is queued or in progress in the database, whichever instance
   * holds it (tests, and a graceful shutdown that wants the queue empty).
   */
  async settle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.runAutoRecharges();
      const open = await this.#options.db
        .select({ id: autoRechargeJobs.id })
        .from(autoRechargeJobs)
        .where(inArray(autoRechargeJobs.status, ['pending', 'processing']))
        .limit(1);
      if (open.length === 0) return;
      if (Date.now() > deadline) throw new Error('Auto-recharge jobs are still open');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async #sweep(): Promise<void> {
    if (this.#stopped) return;
    try {
      await trackMissedRecharges(this.#options.db);
    } catch (error) {
      this.#options.log.error({ err: error }, 'auto-recharge: the sweep for missed thresholds failed');
    }
  }

  async #drainQueue(): Promise<number> {
    const { db, payments, log, mail, publicUrl } = this.#options;
    let processed = 0;
    do {
      this.#rerun = false;
      for (;;) {
        if (this.#stopped) return processed;
        let job;
        try {
          job = await claimAutoRechargeJob(db);
        } catch (error) {
          log.error({ err: error }, 'auto-recharge: could not claim a job');
          return processed;
        }
        if (!job) break;
        const run = job.outcome === DAILY_CAP_OUTCOME ? runCapNotice(db, { mail, publicUrl }, job, log) : runAutoRechargeJob(db, payments, job, log);
        const status = await run.catch((error: unknown) => {
          log.error({ err: error, jobId: job.id }, 'auto-recharge: job failed');
          return 'failed';
        });
        log.info({ jobId: job.id, userId: job.userId, status }, 'auto-recharge: purchase processed');
        processed += 1;
      }
    } while (this.#rerun);
    return processed;
  }
}
