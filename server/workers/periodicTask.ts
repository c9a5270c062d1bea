/**
 * A piece of background work run every `intervalMs` by each instance (the janitors, the
 * notifications): started with the app, stopped with it (waiting for a run in flight), never two
 * runs at once in one instance, and a failed run logged, not thrown, the next one trying again.
 * What keeps instances apart is the task's own (claims, advisory locks).
 */
export class PeriodicTask<Result> {
  readonly #run: () => Promise<Result>;
  readonly #intervalMs: number;
  readonly #failed: (error: unknown) => Result;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<Result> | null = null;

  constructor(options: { run: () => Promise<Result>; intervalMs: number; failed: (error: unknown) => Result }) {
    this.#run = options.run;
    this.#intervalMs = options.intervalMs;
    this.#failed = options.failed;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.runOnce(), this.#intervalMs).unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** One run (tests call it); joins the run in flight, if any. */
  runOnce(): Promise<Result> {
    this.#running ??= this.#run()
      .catch(this.#failed)
      .finally(() => (this.#running = null));
    return this.#running;
  }
}
