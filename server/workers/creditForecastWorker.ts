import type { Mail } from '../adapters/mail/mail.ts';
import type { Database } from '../db/client.ts';
import { creditsChangedSignal } from '../domain/credits/ledger.ts';
import { evaluateRunOutWarning, type RunOutWarningOutcome, warnedAccounts } from '../domain/credits/runOutWarning.ts';
import { PeriodicTask } from './periodicTask.ts';

/** How often each instance looks whether standing warnings are over (auto-recharge turned on, time passed). */
export const RUN_OUT_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Standing warnings one sweep looks at. */
const SWEEP_BATCH = 200;

export interface CreditForecastWorkerOptions {
  db: Database;
  mail: Mail;
  publicUrl: string;
  log: { warn(object: object, message: string): void };
  now?: () => number;
}

/**
 * The run-out warning of issue 20 (domain/credits/runOutWarning.ts), evaluated off the call's
 * path. Where: after each change of an account's credits in this process (the ledger's
 * creditsChangedSignal; the evaluation waits for the change's transaction to commit), since only
 * spending, or turning auto-recharge off (which signals too), brings a run-out closer: with no
 * spending the forecast only moves out (the pace falls, the balance stays). One exception waits
 * for the account's next call: a young history passing the 3 days the forecast needs. A burst of calls of one account is evaluated once per round, not once per
 * call. And every 10 minutes a sweep over the accounts holding a warning, which clears those that
 * are over without a change of credits (auto-recharge turned on, a pace that fell with time). Not
 * a scan of all the accounts that spent in the last 30 days: without an index on the ledger's time
 * alone that reads the whole ledger, on every instance, for warnings the signal already gave. A
 * change of credits whose process stopped before its evaluation is evaluated with that account's
 * next change. Correct with several instances: the warning's claim is one conditional UPDATE.
 */
export class CreditForecastWorker extends PeriodicTask<number> {
  readonly #options: CreditForecastWorkerOptions;
  readonly #now: () => number;
  readonly #pending = new Set<number>();
  readonly #onChanged = (userId: unknown) => {
    if (typeof userId !== 'number') return;
    this.#pending.add(userId);
    void this.evaluatePending();
  };
  #draining: Promise<void> | null = null;
  #listening = false;

  /** runOnce() sweeps the standing warnings and answers how many it cleared. */
  constructor(options: CreditForecastWorkerOptions) {
    super({
      run: () => this.#sweep(),
      intervalMs: RUN_OUT_SWEEP_INTERVAL_MS,
      failed: (error) => {
        options.log.warn({ err: error }, 'credit forecast: the sweep failed');
        return 0;
      },
    });
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  override start(): void {
    if (!this.#listening) creditsChangedSignal.on('changed', this.#onChanged);
    this.#listening = true;
    super.start();
  }

  override async stop(): Promise<void> {
    creditsChangedSignal.off('changed', this.#onChanged);
    this.#listening = false;
    this.#pending.clear();
    await Promise.all([super.stop(), this.#draining]);
  }

  /** Evaluates one account now (tests, and the signal's rounds); a failure is logged, not thrown. */
  async evaluate(userId: number): Promise<RunOutWarningOutcome> {
    const { db, mail, publicUrl, log } = this.#options;
    try {
      return await evaluateRunOutWarning({ db, mail, publicUrl }, userId, new Date(this.#now()));
    } catch (error) {
      log.warn({ err: error, userId }, 'credit forecast: the run-out warning could not be evaluated');
      return 'unchanged';
    }
  }

  /** Evaluates the accounts signalled so far, one round at a time; answers when none is left. */
  evaluatePending(): Promise<void> {
    this.#draining ??= this.#drain().finally(() => {
      this.#draining = null;
      // A signal between the last round and here would otherwise wait for the account's next change.
      if (this.#pending.size > 0 && this.#listening) void this.evaluatePending();
    });
    return this.#draining;
  }

  async #drain(): Promise<void> {
    // Off the signalling debit's stack: its caller goes on at once.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#pending.size > 0) {
      const [userId] = this.#pending;
      this.#pending.delete(userId!);
      await this.evaluate(userId!);
    }
  }

  async #sweep(): Promise<number> {
    let cleared = 0;
    let after = 0;
    for (;;) {
      const batch = await warnedAccounts(this.#options.db, after, SWEEP_BATCH);
      for (const userId of batch) {
        if ((await this.evaluate(userId)) === 'cleared') cleared += 1;
      }
      if (batch.length < SWEEP_BATCH) return cleared;
      after = batch.at(-1)!;
    }
  }
}
