/**
 * Group commit (issue 17): the requests of one kind and group (the acceptances of one widget, say)
 * that come while a statement of theirs is running are sent together when it ends, as one
 * statement and one transaction, instead of each waiting its turn (PGlite runs one statement at a
 * time; on PostgreSQL, requests that lock the same rows wait on each other's commits anyway). A
 * request that finds nothing running is sent at once, alone: nobody waits for a crowd that may
 * not come.
 *
 * `many` answers each input of a batch, in order; `one` answers a single input. When a batch
 * fails (a deadlock PostgreSQL broke, a request with a value the statement refuses), nothing of it
 * was kept, and each of its requests is sent again alone: one bad request fails alone.
 */
export class GroupCommit<Input, Output> {
  readonly #queues = new Map<string, Waiting<Input, Output>[]>();
  readonly #many: (inputs: Input[]) => Promise<Output[]>;
  readonly #one: (input: Input) => Promise<Output>;
  readonly #distinct: ((input: Input) => string) | undefined;
  readonly #maxBatch: number;

  constructor(options: {
    many: (inputs: Input[]) => Promise<Output[]>;
    one: (input: Input) => Promise<Output>;
    /** When given, a batch takes one request of each value (the others wait for the next batch). */
    distinct?: (input: Input) => string;
    maxBatch?: number;
  }) {
    this.#many = options.many;
    this.#one = options.one;
    this.#distinct = options.distinct;
    this.#maxBatch = options.maxBatch ?? 200;
  }

  /**
   * Answers `input`, sent alone or with the other requests of `group` that are waiting.
   * `onBatchFailure` is told when a batch it was in failed (its requests are then sent alone).
   */
  run(group: string, input: Input, onBatchFailure: BatchFailureReport): Promise<Output> {
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

  /**
   * Sends the group's requests, batch after batch, until none is waiting. Each batch leaves after
   * the event loop's turn of input (setImmediate): PGlite runs a statement on this thread, so the
   * requests that came meanwhile are only read then.
   */
  async #drain(group: string, queue: Waiting<Input, Output>[]): Promise<void> {
    do {
      await new Promise((resolve) => setImmediate(resolve));
      await this.#send(this.#nextBatch(queue));
    } while (queue.length > 0);
    this.#queues.delete(group);
  }

  /** Takes the next batch off the queue: up to maxBatch requests, one of each distinct value. */
  #nextBatch(queue: Waiting<Input, Output>[]): Waiting<Input, Output>[] {
    if (!this.#distinct) return queue.splice(0, this.#maxBatch);
    const batch: Waiting<Input, Output>[] = [];
    const taken = new Set<string>();
    const left: Waiting<Input, Output>[] = [];
    for (const waiting of queue) {
      const value = this.#distinct(waiting.input);
      if (batch.length < this.#maxBatch && !taken.has(value)) {
        taken.add(value);
        batch.push(waiting);
      } else {
        left.push(waiting);
      }
    }
    queue.splice(0, queue.length, ...left);
    return batch;
  }

  async #send(batch: Waiting<Input, Output>[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const answers = await this.#many(batch.map(({ input }) => input));
        if (answers.length !== batch.length) throw new Error(`group commit: ${answers.length} answers for ${batch.length} requests`);
        batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
        return;
      } catch (error) {
        // Told once, through the first request's report (they all share one log in practice).
        batch[0]!.onBatchFailure(error, batch.length);
      }
    }
    await Promise.all(batch.map((waiting) => this.#one(waiting.input).then(waiting.resolve, waiting.reject)));
  }
}

/** Told of a batch that failed, and its size. */
export type BatchFailureReport = (error: unknown, size: number) => void;

interface Waiting<Input, Output> {
  input: Input;
  onBatchFailure: BatchFailureReport;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}
