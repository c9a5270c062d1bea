import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath } from '../test/pathCoverage.ts';
import { createListMachine } from './list.machine.ts';
import { listPaging, listRows, listStatus, listSummary } from './list.selectors.ts';
import type { ListPage, ListView } from './list.types.ts';
import { isSameView } from './list.view.ts';

type Filters = { dateFrom: string; dateTo: string; websiteId: number | null };
type Row = { id: number };

const machine = createListMachine<Filters, Row>();
const defaults: ListView<Filters> = { filters: { dateFrom: '2026-11-20', dateTo: '2026-11-21', websiteId: null }, page: 1, perPage: 20 };
const invalidRange: ListView<Filters> = { ...defaults, filters: { ...defaults.filters, dateFrom: '2026-11-22' } };
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(load: (view: ListView<Filters>) => Promise<ListPage<Row>>, view: ListView<Filters> = defaults) {
  const pageLoader = vi.fn(load);
  const syncUrl = vi.fn();
  const notifyLoadFailed = vi.fn();
  const actor = createActor(
    machine.provide({
      actors: { pageLoader: fromPromise(({ input }) => pageLoader(input)) },
      actions: { syncUrl: ({ context }) => syncUrl(context.view), notifyLoadFailed },
    }),
    { input: { view, defaults } },
  ).start();
  return { actor, pageLoader, syncUrl, notifyLoadFailed };
}

const settled = (status: string) => (snapshot: { value: unknown }) => listStatus(snapshot) === status;

describe('list machine: single steps', () => {
  it('starts loading the view it was given', () => {
    const [snapshot] = initialTransition(machine, { view: defaults, defaults });
    expect(listStatus(snapshot)).toBe('loading');
  });

  it('opens on the date error when Date from is later than Date to (spec §4)', () => {
    const [snapshot] = initialTransition(machine, { view: invalidRange, defaults });
    expect(listStatus(snapshot)).toBe('dateError');
  });

  it('goes back to page 1 when a filter changes', () => {
    const [loading] = initialTransition(machine, { view: { ...defaults, page: 3 }, defaults });
    const [next] = transition(machine, loading, { type: 'user.changeFilter', field: 'websiteId', value: 7 });
    expect(next.context.view).toEqual({ ...defaults, filters: { ...defaults.filters, websiteId: 7 }, page: 1 });
  });

  it('goes back to page 1 when the rows per page change', () => {
    const [loading] = initialTransition(machine, { view: { ...defaults, page: 3 }, defaults });
    const [next] = transition(machine, loading, { type: 'user.changePerPage', perPage: 50 });
    expect(next.context.view).toMatchObject({ page: 1, perPage: 50 });
  });

  it('keeps the answer\'s summary with its rows, and clears both on the date error', () => {
    // Analytics (issue 21): the answer carries the previous period's totals beside the days.
    const summarized = createListMachine<Filters, Row, { previous: number }>();
    const [loaded] = transition(summarized, initialTransition(summarized, { view: defaults, defaults })[0], {
      type: 'xstate.done.actor.pageLoader',
      output: { rows: rows(1), count: 1, summary: { previous: 7 } },
      actorId: 'pageLoader',
    });
    expect(listSummary(loaded)).toEqual({ previous: 7 });
    const [dateError] = transition(summarized, loaded, { type: 'user.changeFilter', field: 'dateFrom', value: '2026-11-22' });
    expect(listStatus(dateError)).toBe('dateError');
    expect(listSummary(dateError)).toBeUndefined();
  });

  it('ignores a URL that describes the current view (its own syncUrl)', () => {
    const [loaded] = transition(machine, initialTransition(machine, { view: defaults, defaults })[0], {
      type: 'xstate.done.actor.pageLoader',
      output: { rows: rows(2), count: 2 },
      actorId: 'pageLoader',
    });
    const [same] = transition(machine, loaded, { type: 'url.changed', view: { ...defaults } });
    expect(listStatus(same)).toBe('dataLoaded');
    const [other] = transition(machine, loaded, { type: 'url.changed', view: { ...defaults, page: 2 } });
    expect(listStatus(other)).toBe('loading');
  });
});

describe('list machine: running with fake loaders', () => {
  it('shows the rows of the answer with its paging', async () => {
    const { actor, pageLoader } = start(async () => ({ rows: rows(20), count: 45 }));
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    expect(pageLoader).toHaveBeenCalledWith(defaults);
    expect(listRows(actor.getSnapshot())).toHaveLength(20);
    expect(listPaging(actor.getSnapshot())).toEqual({ page: 1, perPage: 20, count: 45, pageCount: 3 });
  });

  it('tells no data from no data for the chosen filters', async () => {
    const empty = start(async () => ({ rows: [], count: 0 }));
    await waitFor(empty.actor, settled('noData'), { timeout: 1000 });
    empty.actor.send({ type: 'user.changeFilter', field: 'websiteId', value: 3 });
    await waitFor(empty.actor, settled('noDataWithFilters'), { timeout: 1000 });
    empty.actor.send({ type: 'user.changeFilter', field: 'websiteId', value: null });
    await waitFor(empty.actor, settled('noData'), { timeout: 1000 });
  });

  it('makes no request while Date from is later than Date to', async () => {
    const { actor, pageLoader, syncUrl } = start(async () => ({ rows: rows(1), count: 1 }));
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    expect(pageLoader).toHaveBeenCalledTimes(1);

    actor.send({ type: 'user.changeFilter', field: 'dateFrom', value: '2026-11-22' });
    expect(listStatus(actor.getSnapshot())).toBe('dateError');
    expect(listRows(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'user.changeFilter', field: 'websiteId', value: 2 });
    expect(listStatus(actor.getSnapshot())).toBe('dateError');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pageLoader).toHaveBeenCalledTimes(1);
    // The URL still follows the filters, so the invalid range survives a reload.
    expect(syncUrl).toHaveBeenLastCalledWith({ ...defaults, filters: { dateFrom: '2026-11-22', dateTo: '2026-11-21', websiteId: 2 } });

    actor.send({ type: 'user.changeFilter', field: 'dateTo', value: '2026-11-22' });
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    expect(pageLoader).toHaveBeenCalledTimes(2);
  });

  it('never lets a slow answer of an earlier view overwrite a newer one', async () => {
    const slow = deferred<ListPage<Row>>();
    const fast = deferred<ListPage<Row>>();
    const answers = [slow.promise, fast.promise];
    const { actor, pageLoader } = start(() => answers.shift()!);
    actor.send({ type: 'user.changeFilter', field: 'websiteId', value: 9 });
    expect(pageLoader).toHaveBeenCalledTimes(2);

    fast.resolve({ rows: [{ id: 99 }], count: 1 });
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    slow.resolve({ rows: rows(20), count: 300 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listRows(actor.getSnapshot())).toEqual([{ id: 99 }]);
    expect(listPaging(actor.getSnapshot()).count).toBe(1);
  });

  it('ignores the URL echoing its own writes, even late, and follows other URLs', async () => {
    const { actor, pageLoader, syncUrl } = start(async () => ({ rows: rows(3), count: 3 }));
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    actor.send({ type: 'user.changeFilter', field: 'websiteId', value: 7 });
    actor.send({ type: 'user.changeFilter', field: 'websiteId', value: 8 });
    const [first, second] = syncUrl.mock.calls.map(([view]) => view as ListView<Filters>);
    expect(second!.filters.websiteId).toBe(8);
    // The router reports the first write after the second was made: the list stays on the second.
    actor.send({ type: 'url.changed', view: first! });
    actor.send({ type: 'url.changed', view: second! });
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    expect(actor.getSnapshot().context.view.filters.websiteId).toBe(8);
    expect(pageLoader).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.urlWrites).toEqual([]);

    // Back to a view the list once wrote, after its echo: that is the user's navigation.
    actor.send({ type: 'url.changed', view: first! });
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    expect(actor.getSnapshot().context.view.filters.websiteId).toBe(7);
    expect(pageLoader).toHaveBeenCalledTimes(4);
  });

  it('aborts the request of a view that was left', async () => {
    let aborted = false;
    const actor = createActor(
      machine.provide({
        actors: {
          pageLoader: fromPromise(({ signal }) => {
            signal.addEventListener('abort', () => (aborted = true));
            return new Promise<ListPage<Row>>(() => {});
          }),
        },
      }),
      { input: { view: defaults, defaults } },
    ).start();
    actor.send({ type: 'user.changePage', page: 2 });
    expect(aborted).toBe(true);
  });

  it('moves to the last page when the page asked for is past it', async () => {
    const { actor, pageLoader, syncUrl } = start(async (view) => (view.page === 9 ? { rows: [], count: 45 } : { rows: rows(5), count: 45 }), {
      ...defaults,
      page: 9,
    });
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    expect(pageLoader.mock.calls.map(([view]) => view.page)).toEqual([9, 3]);
    expect(syncUrl).toHaveBeenCalledWith({ ...defaults, page: 3 });
  });

  it('reports a failed load and retries', async () => {
    let attempts = 0;
    const { actor, notifyLoadFailed } = start(async () => {
      attempts += 1;
      if (attempts === 1) throw { status: 500 };
      return { rows: rows(3), count: 3 };
    });
    await waitFor(actor, settled('failed'), { timeout: 1000 });
    expect(notifyLoadFailed).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
  });

  it('loads the same view again when the data changed elsewhere', async () => {
    const { actor, pageLoader } = start(async () => ({ rows: rows(3), count: 3 }));
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    actor.send({ type: 'data.changed' });
    await waitFor(actor, settled('dataLoaded'), { timeout: 1000 });
    expect(pageLoader).toHaveBeenCalledTimes(2);
    expect(pageLoader.mock.calls[1]![0]).toEqual(defaults);
  });
});

describe('list machine: generated paths', () => {
  const paths = generatePaths(machine, {
    input: { view: defaults, defaults },
    events: [
      { type: 'user.changeFilter', field: 'websiteId', value: 7 },
      { type: 'user.changeFilter', field: 'dateFrom', value: '2026-11-22' },
      { type: 'user.changeFilter', field: 'dateFrom', value: '2026-11-20' },
      { type: 'user.changePage', page: 2 },
      { type: 'user.changePerPage', perPage: 25 },
      { type: 'user.retry' },
      { type: 'url.changed', view: defaults },
      { type: 'url.changed', view: { ...defaults, filters: { ...defaults.filters, websiteId: 7 } } },
      { type: 'data.changed' },
      { type: 'xstate.done.actor.pageLoader', output: { rows: rows(2), count: 22 } },
      { type: 'xstate.done.actor.pageLoader', output: { rows: [], count: 0 } },
      { type: 'xstate.done.actor.pageLoader', output: { rows: [], count: 3 } },
      { type: 'xstate.error.actor.pageLoader', error: { status: 500 } },
    ],
    contextKey: (s) => JSON.stringify([s.context.view, s.context.rows.length, s.context.urlWrites.length]),
  });

  it('covers every state and every transition', () => expectFullCoverage(machine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const requests: ListView<Filters>[] = [];
    const synced: ListView<Filters>[] = [];
    const notifyLoadFailed = vi.fn();
    const actor = createActor(
      machine.provide({
        actors: {
          pageLoader: fromPromise<ListPage<Row>, ListView<Filters>>(({ input }) => {
            requests.push(input);
            return new Promise(() => {});
          }),
        },
        actions: { syncUrl: ({ context }) => void synced.push(context.view), notifyLoadFailed },
      }),
      { input: { view: defaults, defaults } },
    ).start();
    let requestsBefore = requests.length;
    let viewBefore = defaults;
    replayPath(path, actor, (snapshot, step) => {
      const status = listStatus(snapshot);
      const { view } = snapshot.context as { view: ListView<Filters> };
      // spec §4: the date error makes no request.
      if (status === 'dateError') expect(requests.length).toBe(requestsBefore);
      if (status === 'loading') expect(requests.at(-1)).toEqual(view);
      if (status === 'failed') expect(notifyLoadFailed).toHaveBeenCalled();
      // Every change the user makes is written into the URL.
      if (step.event.type.startsWith('user.change') && !isSameView(view, viewBefore)) expect(synced.at(-1)).toEqual(view);
      requestsBefore = requests.length;
      viewBefore = view;
    });
    actor.stop();
  });
});
