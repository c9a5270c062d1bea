/**
 * Group commit (issue 17): the requests of one kind and group (the acceptances of one widget, say)
 * that come together are sent together, as one statement and one transaction, instead of each
 * waiting its turn (PGlite runs one statement at a time; on PostgreSQL, requests that lock the
 * same rows wait on each other's commits anyway). A batch leaves once no request has come in for
 * a few turns of the event loop (#gather, at most gatherMs), or at once when it is full; the
 * requests that come meanwhile make the next. A request that comes alone leaves after those few
 * turns, alone.
 *
 * `many` answers each input of a batch, in order, in ONE statement (one transaction, outside any
 * other): when it fails with an error the database reported (a deadlock PostgreSQL broke, a
 * request with a value the statement refuses), nothing of it was kept, and each of its requests
 * is sent again alone with `one`, so one bad request fails alone. Any other failure (the
 * connection lost: the batch may have been committed) is every request's answer.
 */

/** Requests given to any group commit of this process so far (#gather). */
let arrivals = 0;
/**
 * Turns of the event loop without a new request after which a crowd is taken to be in: a
 * connection accepted in one turn is read in the next, so one quiet turn is not the end of it.
 */
const QUIET_TURNS = 3;

export class GroupCommit<Input, Output> {
  readonly #queues = new Map<string, Waiting<Input, Output>[]>();
  readonly #many: (inputs: Input[]) => Promise<Output[]>;
  readonly #one: (input: Input) => Promise<Output>;
  readonly #distinct: ((input: Input) => string) | undefined;
  readonly #maxBatch: number;
  readonly #gatherMs: number;

  constructor(options: {
    many: (inputs: Input[]) => Promise<Output[]>;
    one: (input: Input) => Promise<Output>;
    /**
     * When given, a batch takes one request of each value; the repeats of a value are sent alone
     * once it is committed (a number asking twice: then the first one's call is there to see).
     */
    distinct?: (input: Input) => string;
    maxBatch?: number;
    /** How long a batch may wait for a crowd still coming in (ms). */
    gatherMs?: number;
  }) {
    this.#many = options.many;
    this.#one = options.one;
    this.#distinct = options.distinct;
    this.#maxBatch = Math.max(1, options.maxBatch ?? 200);
    this.#gatherMs = options.gatherMs ?? 20;
  }

  /**
   * Answers `input`, sent alone or with the other requests of `group` that are waiting.
   * `onBatchFailure` is told when a batch it was in failed (its requests are then sent alone).
   */
  run(group: string, input: Input, onBatchFailure: BatchFailureReport): Promise<Output> {
    arrivals += 1;
    return new Promise<Output>((resolve, reject) => {
      const waiting = this.#queues.get(group);
      if (waiting) {
        waiting.push({ input, resolve, reject, onBatchFailure });
        return;
      }
      const queue: Waiting<Input, Output>[] = [{ input, resolve, reject, onBatchFailure }];
      this.#queues.set(group, queue);
      void this.#drain(group, queue);
    });
  }

  /** Sends the group's requests, batch after batch, until none is waiting; never leaves one unanswered. */
  async #drain(group: string, queue: Waiting<Input, Output>[]): Promise<void> {
    try {
      do {
        if (queue.length < this.#maxBatch) await this.#gather();
        const { batch, repeats } = this.#nextBatch(queue);
        await this.#send(batch);
        // After the batch, as the same request sent again: a value's repeats one after another, in
        // a chain of their own that the next batches do not wait for.
        for (const chain of repeats.values()) {
          void chain.reduce((previous, repeat) => previous.then(() => this.#sendOne(repeat)), Promise.resolve());
        }
      } while (queue.length > 0);
    } catch (error) {
      // Not expected (every callback's failure is a request's answer): nothing is left waiting.
      for (const waiting of queue.splice(0)) waiting.reject(error);
    } finally {
      this.#queues.delete(group);
    }
  }

  /**
   * Lets the event loop turn while requests still come in (at most gatherMs): Node accepts one
   * connection a turn (libuv 1.45+), so a crowd comes in one request a turn, and a turn that runs
   * a statement of PGlite (on this thread) lets in only one more. The requests of every group
   * commit count, so that while a crowd comes in none of them runs a statement (reading the
   * requests and accepting them are two).
   */
  async #gather(): Promise<void> {
    const deadline = performance.now() + this.#gatherMs;
    let quietTurns = 0;
    while (quietTurns < QUIET_TURNS && performance.now() < deadline) {
      const seen = arrivals;
      await new Promise((resolve) => setImmediate(resolve));
      quietTurns = arrivals > seen ? 0 : quietTurns + 1;
    }
  }

  /**
   * Takes the next batch off the queue (up to maxBatch requests, in order), with the repeats of
   * its distinct values; the queue keeps the rest, in order.
   */
  #nextBatch(queue: Waiting<Input, Output>[]): { batch: Waiting<Input, Output>[]; repeats: Map<string, Waiting<Input, Output>[]> } {
    const repeats = new Map<string, Waiting<Input, Output>[]>();
    if (!this.#distinct) return { batch: queue.splice(0, this.#maxBatch), repeats };
    const batch: Waiting<Input, Output>[] = [];
    let kept = 0;
    for (const waiting of queue) {
      let value: string;
      try {
        value = this.#distinct(waiting.input);
      } catch (error) {
        waiting.reject(error);
        continue;
      }
      const chain = repeats.get(value);
      if (chain) chain.push(waiting);
      else if (batch.length < this.#maxBatch) {
        repeats.set(value, []);
        batch.push(waiting);
      } else queue[kept++] = waiting;
    }
    queue.length = kept;
    return { batch, repeats };
  }

  /** Sends one request alone; answers it whatever happens. */
  #sendOne(waiting: Waiting<Input, Output>): Promise<void> {
    return Promise.resolve()
      .then(() => this.#one(waiting.input))
      .then(waiting.resolve, waiting.reject);
  }

  async #send(batch: Waiting<Input, Output>[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const answers = await Promise.resolve().then(() => this.#many(batch.map(({ input }) => input)));
        if (answers.length !== batch.length) throw new Error(`group commit: ${answers.length} answers for ${batch.length} requests`);
        batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
        return;
      } catch (error) {
        if (!reportedByDatabase(error)) {
          for (const waiting of batch) waiting.reject(error);
          return;
        }
        // Told once, through the first request's report (they all share one log in practice).
        try {
          batch[0]!.onBatchFailure(error, batch.length);
        } catch {
          // A report that fails changes nothing: each request is still sent alone.
        }
      }
    }
    await Promise.all(batch.map((waiting) => this.#sendOne(waiting)));
  }
}

/**
 * Whether an error (or its cause, as Drizzle wraps it) is the database's answer, which rolled the
 * statement back: a DatabaseError of node-postgres or PGlite, with its SQLSTATE and severity (a
 * socket's EPIPE has a code of five letters too). A connection that failed or ended is not.
 */
function reportedByDatabase(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 3; cause = cause.cause, depth += 1) {
    const { code, severity } = cause as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return !/^(08|57P0)/.test(code);
  }
  return false;
}

/** Told of a batch that failed, and its size. */
export type BatchFailureReport = (error: unknown, size: number) => void;

interface Waiting<Input, Output> {
  input: Input;
  onBatchFailure: BatchFailureReport;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}
