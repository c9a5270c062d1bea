import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, waitFor } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { type CallsBySource, callsBySourceMachine, callsBySourceStatus } from './callsBySource.machine.ts';

const filters = { dateFrom: '2026-11-20', dateTo: '2026-11-21', websiteId: null, typeId: null };
const google = { source: 'google', medium: 'cpc', campaign: 'brand', widgetViews: 100, calls: 4, scheduledCalls: 1, conversionRate: 4 };
const answer: CallsBySource = { data: [google], others: null };
const none: CallsBySource = { data: [], others: null };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('calls by source: single steps', () => {
  it('starts loading the screen\'s filters, and shows nothing on an invalid range (no request)', () => {
    expect(callsBySourceStatus(initialTransition(callsBySourceMachine, { filters })[0])).toBe('loading');
    expect(callsBySourceStatus(initialTransition(callsBySourceMachine, { filters: { ...filters, dateFrom: '2026-11-22' } })[0])).toBe('hidden');
  });
});

describe('calls by source: running with a fake loader', () => {
  it('loads again when the filters change, dropping the answer of the earlier ones', async () => {
    const first = deferred<CallsBySource>();
    const second = deferred<CallsBySource>();
    const loader = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const actor = createActor(callsBySourceMachine.provide({ actors: { sourcesLoader: fromPromise(({ input }) => loader(input)) } }), { input: { filters } }).start();
    actor.send({ type: 'filters.changed', filters: { ...filters } });
    expect(loader).toHaveBeenCalledTimes(1);
    actor.send({ type: 'filters.changed', filters: { ...filters, websiteId: 7 } });
    expect(loader).toHaveBeenLastCalledWith({ ...filters, websiteId: 7 });
    first.resolve(answer);
    second.resolve(none);
    await waitFor(actor, (snapshot) => callsBySourceStatus(snapshot) === 'empty', { timeout: 1000 });
    expect(actor.getSnapshot().context.sources).toEqual([]);
    actor.stop();
  });

  it('asks nothing while the range is invalid, and asks again once it is fixed', () => {
    const loader = vi.fn((_filters: unknown) => new Promise<CallsBySource>(() => undefined));
    const invalid = { ...filters, dateFrom: '2026-11-22' };
    const actor = createActor(callsBySourceMachine.provide({ actors: { sourcesLoader: fromPromise(({ input }) => loader(input)) } }), { input: { filters: invalid } }).start();
    expect(callsBySourceStatus(actor.getSnapshot())).toBe('hidden');
    actor.send({ type: 'filters.changed', filters: { ...invalid, dateTo: '2026-11-23' } });
    expect(loader).toHaveBeenCalledTimes(1);
    actor.send({ type: 'filters.changed', filters: { ...invalid, dateTo: '2026-11-21' } });
    expect(callsBySourceStatus(actor.getSnapshot())).toBe('hidden');
    expect(loader).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('shows a failure with a retry', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(answer);
    const actor = createActor(callsBySourceMachine.provide({ actors: { sourcesLoader: fromPromise(() => loader()) } }), { input: { filters } }).start();
    await waitFor(actor, (snapshot) => callsBySourceStatus(snapshot) === 'failed', { timeout: 1000 });
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (snapshot) => callsBySourceStatus(snapshot) === 'loaded', { timeout: 1000 });
    expect(actor.getSnapshot().context.sources).toEqual([google]);
    actor.stop();
  });
});

describe('calls by source: generated paths', () => {
  const paths = generatePaths(callsBySourceMachine, {
    input: { filters },
    events: [
      { type: 'filters.changed', filters: { ...filters, websiteId: 3 } },
      { type: 'filters.changed', filters: { ...filters, dateFrom: '2026-11-22' } },
      { type: 'user.retry' },
      { type: 'xstate.done.actor.sourcesLoader', output: answer },
      { type: 'xstate.done.actor.sourcesLoader', output: none },
      { type: 'xstate.error.actor.sourcesLoader', error: new Error('offline') },
    ],
    contextKey: (snapshot) => JSON.stringify(snapshot.context.filters),
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(callsBySourceMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(callsBySourceMachine.provide({ actors: { sourcesLoader: stalled() } }), { input: { filters } }).start();
    replayPath(path, actor, (snapshot) => {
      // Sources are held exactly while they are shown.
      expect(snapshot.context.sources.length > 0).toBe(snapshot.matches('loaded'));
    });
    actor.stop();
  });
});
