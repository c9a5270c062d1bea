import { describe, expect, it } from 'vitest';
import { GroupCommit } from './groupCommit.ts';

/** A group commit over an echo "statement" that records every batch and single it was sent. */
function recording(
  options: { failMany?: (inputs: string[]) => boolean; failCode?: string; failOne?: (input: string) => boolean; maxBatch?: number; distinct?: (input: string) => string } = {},
) {
  const sent: string[][] = [];
  const failures: number[] = [];
  let batchStarted!: () => void;
  /** Resolves once the first batch is being sent. */
  const started = new Promise<void>((resolve) => (batchStarted = resolve));
  const group = new GroupCommit<string, string>({
    many: async (inputs) => {
      sent.push(inputs);
      batchStarted();
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.failMany?.(inputs)) throw Object.assign(new Error('the batch failed'), { code: options.failCode ?? '40P01', ...(options.failCode === undefined && { severity: 'ERROR' }) });
      return inputs.map((input) => `answer ${input}`);
    },
    one: async (input) => {
      sent.push([input]);
      if (options.failOne?.(input)) throw new Error(`${input} failed`);
      return `answer ${input}`;
    },
    maxBatch: options.maxBatch,
    distinct: options.distinct,
  });
  const report = (_error: unknown, size: number) => failures.push(size);
  return { group: { run: (key: string, input: string) => group.run(key, input, report) }, sent, failures, started };
}

describe('GroupCommit', () => {
  it('sends the requests of one turn together, and those that come while it runs in the next batch', async () => {
    const { group, sent, started } = recording();
    const first = ['a', 'b', 'c'].map((input) => group.run('widget 1', input));
    await started;
    const later = ['d', 'e'].map((input) => group.run('widget 1', input));
    expect(await Promise.all([...first, ...later])).toEqual(['answer a', 'answer b', 'answer c', 'answer d', 'answer e']);
    expect(sent).toEqual([['a', 'b', 'c'], ['d', 'e']]);
  });

  it('sends a lone request alone, and each group apart', async () => {
    const { group, sent } = recording();
    expect(await group.run('widget 1', 'a')).toBe('answer a');
    expect(await Promise.all([group.run('widget 1', 'b'), group.run('widget 2', 'c')])).toEqual(['answer b', 'answer c']);
    expect(sent[0]).toEqual(['a']);
    expect(sent.slice(1).sort()).toEqual([['b'], ['c']]);
  });

  it('keeps batches within maxBatch', async () => {
    const { group, sent } = recording({ maxBatch: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((input) => group.run('g', input)));
    expect(sent).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('takes one request of each distinct value into a batch; the repeats are sent alone once it is in', async () => {
    const { group, sent } = recording({ distinct: (input) => input[0]! });
    expect(await Promise.all(['a1', 'b1', 'a2', 'c1', 'a3'].map((input) => group.run('g', input)))).toEqual(['answer a1', 'answer b1', 'answer a2', 'answer c1', 'answer a3']);
    expect(sent).toEqual([['a1', 'b1', 'c1'], ['a2'], ['a3']]);
  });

  it('after a failed batch sends each request alone, so one bad request fails alone', async () => {
    const { group, sent, failures } = recording({ failMany: (inputs) => inputs.includes('bad'), failOne: (input) => input === 'bad' });
    const answers = await Promise.allSettled(['a', 'bad', 'c'].map((input) => group.run('g', input)));
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as Error).message))).toEqual(['answer a', 'bad failed', 'answer c']);
    expect(sent).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    expect(failures).toEqual([3]);
  });

  it('answers every request of a batch with a failure the database did not report (the batch may be in): none is sent again', async () => {
    const { group, sent, failures } = recording({ failMany: () => true, failCode: 'EPIPE' });
    const answers = await Promise.allSettled(['a', 'b'].map((input) => group.run('g', input)));
    expect(answers.map((answer) => answer.status === 'rejected' && (answer.reason as Error).message)).toEqual(['the batch failed', 'the batch failed']);
    expect(sent).toEqual([['a', 'b']]);
    expect(failures).toEqual([]);
  });

  it('sends a value\'s repeats one after another, while the next batches go on', async () => {
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstRepeat = new Promise<void>((resolve) => (releaseFirst = resolve));
    const group = new GroupCommit<string, string>({
      many: async (inputs) => (order.push(`batch ${inputs.join(',')}`), inputs),
      one: async (input) => {
        order.push(`start ${input}`);
        if (input === 'a2') await firstRepeat;
        order.push(`end ${input}`);
        return input;
      },
      distinct: (input) => input[0]!,
    });
    const run = (input: string) => group.run('g', input, () => undefined);
    const first = ['a1', 'b1', 'a2', 'a3'].map(run);
    await Promise.all([first[0], first[1]]);
    expect(await Promise.all(['c1', 'd1'].map(run))).toEqual(['c1', 'd1']);
    releaseFirst();
    expect(await Promise.all(first)).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(order).toEqual(['batch a1,b1', 'start a2', 'batch c1,d1', 'end a2', 'start a3', 'end a3']);
  });

  it('never leaves a request unanswered: a failure of its own rejects what waits, and the group starts afresh', async () => {
    let calls = 0;
    const group = new GroupCommit<string, string>({
      many: async (inputs) => inputs,
      one: async (input) => input,
      distinct: () => {
        calls += 1;
        if (calls === 1) throw new Error('distinct failed');
        return String(calls);
      },
    });
    await expect(group.run('g', 'a', () => undefined)).rejects.toThrow('distinct failed');
    expect(await group.run('g', 'b', () => undefined)).toBe('b');
    const reportFails = new GroupCommit<string, string>({
      many: async () => {
        throw Object.assign(new Error('deadlock'), { code: '40P01', severity: 'ERROR' });
      },
      one: (input) => {
        if (input === 'bad') throw new Error('thrown at once');
        return Promise.resolve(input);
      },
    });
    const answers = await Promise.allSettled(
      ['x', 'bad'].map((input) =>
        reportFails.run('g', input, () => {
          throw new Error('the log failed');
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected']);
  });

  it('goes on after a failure: the next requests are batched again', async () => {
    const { group, sent } = recording({ failMany: (inputs) => inputs.includes('bad') });
    await Promise.all(['a', 'bad'].map((input) => group.run('g', input)));
    await Promise.all(['c', 'd'].map((input) => group.run('g', input)));
    expect(sent.at(-1)).toEqual(['c', 'd']);
  });
});
