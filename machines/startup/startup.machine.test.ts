import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { startupMachine, startupMessages } from './startup.machine.ts';
import { creditBalance, hasStartupFailed, isSplashVisible, isStartupComplete, isToolboxRefreshing } from './startup.selectors.ts';
import type { StartupAgent, StartupMetadata, StartupWebsite, StartupWidget } from './startup.types.ts';

const metadata: StartupMetadata = { credits: [{ credits: 17, overdraft: 0, autoRecharge: null, minMonthlySpendingRequirement: 0 }] };

// Only the ids matter to the statechart; the contract's other fields are the loaders' business.
const widget = (id: number) => ({ id }) as StartupWidget;
const website = (id: number) => ({ id }) as StartupWebsite;
const agent = (id: number) => ({ id }) as StartupAgent;

function fakes() {
  const order: string[] = [];
  const calls = {
    metadataLoader: vi.fn(async () => metadata),
    widgetsLoader: vi.fn(async (): Promise<StartupWidget[]> => [widget(1)]),
    websitesLoader: vi.fn(async (): Promise<StartupWebsite[]> => [website(2)]),
    agentsLoader: vi.fn(async (): Promise<StartupAgent[]> => [agent(3)]),
    storedMetadataReader: vi.fn(async (): Promise<StartupMetadata | null> => null),
    notifyFetchFailed: vi.fn(),
    persistMetadata: vi.fn(),
  };
  const machine = startupMachine.provide({
    actors: {
      metadataLoader: fromPromise(() => (order.push('metadata'), calls.metadataLoader())),
      widgetsLoader: fromPromise(() => (order.push('widgets'), calls.widgetsLoader())),
      websitesLoader: fromPromise(() => (order.push('websites'), calls.websitesLoader())),
      agentsLoader: fromPromise(() => (order.push('agents'), calls.agentsLoader())),
      storedMetadataReader: fromPromise(() => calls.storedMetadataReader()),
    },
    actions: {
      notifyFetchFailed: (_, params) => calls.notifyFetchFailed(params.message),
      persistMetadata: ({ context }) => calls.persistMetadata(context.metadata),
    },
  });
  return { calls, machine, order };
}

async function readyActor(f: ReturnType<typeof fakes>) {
  const actor = createActor(f.machine).start();
  actor.send({ type: 'auth.signedIn' });
  await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
  f.order.length = 0;
  return actor;
}

describe('startup machine: single steps', () => {
  it('waits for a session', () => {
    const [snapshot] = initialTransition(startupMachine);
    expect(snapshot.value).toBe('idle');
    expect(creditBalance(snapshot)).toBe(0);
  });

  it('starts with metadata and the splash on auth.signedIn', () => {
    const [idle] = initialTransition(startupMachine);
    const [next] = transition(startupMachine, idle, { type: 'auth.signedIn' });
    expect(next.value).toEqual({ running: { data: 'restoringMetadata', metadata: 'current', splash: 'visible' } });
  });
});

describe('startup machine: flows with fake actors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads metadata, widgets, websites and agents in sequence', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
    expect(f.order).toEqual(['metadata', 'widgets', 'websites', 'agents']);
    expect(actor.getSnapshot().context).toMatchObject({ metadata, widgets: [{ id: 1 }], websites: [{ id: 2 }], agents: [{ id: 3 }] });
    expect(isToolboxRefreshing(actor.getSnapshot())).toBe(false);
    expect(creditBalance(actor.getSnapshot())).toBe(17);
  });

  it('hides the splash after 3 s while startup is still loading', async () => {
    const f = fakes();
    let answer: (value: StartupMetadata) => void = () => {};
    f.calls.metadataLoader.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(isSplashVisible(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(isSplashVisible(actor.getSnapshot())).toBe(false);
    expect(isStartupComplete(actor.getSnapshot())).toBe(false);
    answer(metadata);
    await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
    expect(isSplashVisible(actor.getSnapshot())).toBe(false);
  });

  it('hides the splash as soon as startup is ready, before 3 s', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    expect(isSplashVisible(actor.getSnapshot())).toBe(true);
    await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
    expect(isSplashVisible(actor.getSnapshot())).toBe(false);
    // The 3 s timer was cancelled with the splash: nothing changes when it would have fired.
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toEqual({ running: { data: { ready: 'current' }, metadata: 'current', splash: 'hidden' } });
  });

  it('stores the metadata it fetched for the next startup', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
    expect(f.calls.persistMetadata).toHaveBeenCalledWith(metadata);
  });

  it('goes on at once with the stored metadata, and replaces it with the fetched one (spec §4)', async () => {
    const f = fakes();
    const stored: StartupMetadata = { credits: [{ credits: 3, overdraft: 0, autoRecharge: null, minMonthlySpendingRequirement: 0 }] };
    f.calls.storedMetadataReader.mockResolvedValueOnce(stored);
    let answer: (value: StartupMetadata) => void = () => {};
    f.calls.metadataLoader.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    // Startup completes on the stored copy while the metadata is still on its way.
    await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
    expect(f.order.filter((fetched) => fetched !== 'metadata')).toEqual(['widgets', 'websites', 'agents']);
    expect(f.calls.metadataLoader).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.metadata).toEqual(stored);
    expect(isSplashVisible(actor.getSnapshot())).toBe(false);
    answer(metadata);
    await vi.waitFor(() => expect(actor.getSnapshot().context.metadata).toEqual(metadata));
    expect(f.calls.persistMetadata).toHaveBeenCalledWith(metadata);
    expect(f.calls.notifyFetchFailed).not.toHaveBeenCalled();
  });

  it('keeps the stored metadata and says "Failed to get metadata." when its refresh fails', async () => {
    const f = fakes();
    const stored: StartupMetadata = { credits: [] };
    f.calls.storedMetadataReader.mockResolvedValueOnce(stored);
    f.calls.metadataLoader.mockRejectedValueOnce({ status: 0 });
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.waitFor(() => expect(f.calls.notifyFetchFailed).toHaveBeenCalledWith(startupMessages.metadataFailed));
    await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
    expect(actor.getSnapshot().context.metadata).toEqual(stored);
    expect(f.calls.persistMetadata).not.toHaveBeenCalled();
  });

  it('says "Failed to get metadata." when startup fails on the metadata', async () => {
    const f = fakes();
    f.calls.metadataLoader.mockRejectedValueOnce({ status: 500 });
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.waitFor(() => expect(hasStartupFailed(actor.getSnapshot())).toBe(true));
    expect(f.calls.notifyFetchFailed).toHaveBeenCalledWith(startupMessages.metadataFailed);
    expect(actor.getSnapshot().context.error).toEqual(startupMessages.failed);
  });

  it('hides the splash when startup fails, so its message and retry show', async () => {
    const f = fakes();
    f.calls.metadataLoader.mockRejectedValueOnce({ status: 500 });
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.waitFor(() => expect(hasStartupFailed(actor.getSnapshot())).toBe(true));
    expect(isSplashVisible(actor.getSnapshot())).toBe(false);
  });

  it('fails with "Failed to start application" and retries from metadata', async () => {
    const f = fakes();
    f.calls.websitesLoader.mockRejectedValueOnce({ status: 500 });
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.waitFor(() => expect(hasStartupFailed(actor.getSnapshot())).toBe(true));
    expect(actor.getSnapshot().context.error).toEqual(startupMessages.failed);
    expect(f.calls.agentsLoader).not.toHaveBeenCalled();

    actor.send({ type: 'user.retry' });
    await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(f.calls.metadataLoader).toHaveBeenCalledTimes(2);
  });

  it('resets the metadata when the session ends', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.waitFor(() => expect(isStartupComplete(actor.getSnapshot())).toBe(true));
    actor.send({ type: 'auth.signedOut' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ metadata: null, widgets: [], websites: [], agents: [], error: null });
  });
});

describe('startup machine: toolbox.changed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches widgets, websites and agents again (not metadata) while the app stays ready', async () => {
    const f = fakes();
    const actor = await readyActor(f);
    f.calls.widgetsLoader.mockResolvedValueOnce([widget(1), widget(4)]);
    f.calls.agentsLoader.mockResolvedValueOnce([]);
    actor.send({ type: 'toolbox.changed' });
    expect(isStartupComplete(actor.getSnapshot())).toBe(true);
    expect(isToolboxRefreshing(actor.getSnapshot())).toBe(true);
    await vi.waitFor(() => expect(isToolboxRefreshing(actor.getSnapshot())).toBe(false));
    expect(f.order).toEqual(['widgets', 'websites', 'agents']);
    expect(f.calls.metadataLoader).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ metadata, widgets: [{ id: 1 }, { id: 4 }], websites: [{ id: 2 }], agents: [] });
  });

  it('keeps the rows it had and shows the notice when a refresh fails', async () => {
    const f = fakes();
    const actor = await readyActor(f);
    f.calls.widgetsLoader.mockResolvedValueOnce([widget(5)]);
    f.calls.websitesLoader.mockRejectedValueOnce({ status: 500 });
    actor.send({ type: 'toolbox.changed' });
    await vi.waitFor(() => expect(isToolboxRefreshing(actor.getSnapshot())).toBe(false));
    expect(f.order).toEqual(['widgets', 'websites']);
    expect(isStartupComplete(actor.getSnapshot())).toBe(true);
    expect(hasStartupFailed(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ widgets: [{ id: 5 }], websites: [{ id: 2 }], agents: [{ id: 3 }], error: null });
    expect(f.calls.notifyFetchFailed).toHaveBeenCalledWith(startupMessages.websitesFailed);
  });

  it('starts over when the toolbox changes again during a refresh', async () => {
    const f = fakes();
    const actor = await readyActor(f);
    let release: (rows: StartupWidget[]) => void = () => {};
    f.calls.widgetsLoader.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    actor.send({ type: 'toolbox.changed' });
    actor.send({ type: 'toolbox.changed' });
    release([widget(9)]);
    await vi.waitFor(() => expect(isToolboxRefreshing(actor.getSnapshot())).toBe(false));
    // The first, stopped answer is dropped; the second refresh's answer stays.
    expect(actor.getSnapshot().context.widgets).toEqual([{ id: 1 }]);
    expect(f.order).toEqual(['widgets', 'widgets', 'websites', 'agents']);
  });

  it('ignores toolbox.changed before startup is complete', () => {
    const [idle] = initialTransition(startupMachine);
    const [running] = transition(startupMachine, idle, { type: 'auth.signedIn' });
    const [next] = transition(startupMachine, running, { type: 'toolbox.changed' });
    expect(next.value).toEqual(running.value);
  });
});

describe('startup machine: generated paths', () => {
  const paths = generatePaths(startupMachine, {
    events: [
      { type: 'auth.signedIn' },
      { type: 'auth.signedOut' },
      { type: 'user.retry' },
      { type: 'xstate.done.actor.metadataLoader', output: metadata },
      { type: 'xstate.error.actor.metadataLoader', error: { status: 500 } },
      { type: 'xstate.done.actor.widgetsLoader', output: [] },
      { type: 'xstate.error.actor.widgetsLoader', error: { status: 500 } },
      { type: 'xstate.done.actor.websitesLoader', output: [] },
      { type: 'xstate.error.actor.websitesLoader', error: { status: 500 } },
      { type: 'xstate.done.actor.agentsLoader', output: [] },
      { type: 'xstate.error.actor.agentsLoader', error: { status: 500 } },
      { type: 'xstate.after.splashDuration.startup.running.splash.visible' },
      { type: 'toolbox.changed' },
      { type: 'xstate.done.actor.storedMetadataReader', output: metadata },
      { type: 'xstate.done.actor.storedMetadataReader', output: null },
      { type: 'xstate.error.actor.storedMetadataReader', error: new Error('storage') },
      { type: 'xstate.done.actor.metadataRefresher', output: metadata },
      { type: 'xstate.error.actor.metadataRefresher', error: { status: 500 } },
    ],
    contextKey: (s) => `${s.context.metadata ? 'meta' : '-'}|${s.context.error ? 'error' : '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(startupMachine, paths);
  });

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const notified = vi.fn();
  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    notified.mockClear();
    const actor = createActor(
      startupMachine.provide({
        actors: {
          metadataLoader: stalled<StartupMetadata>(),
          widgetsLoader: stalled<StartupWidget[]>(),
          websitesLoader: stalled<StartupWebsite[]>(),
          agentsLoader: stalled<StartupAgent[]>(),
          storedMetadataReader: stalled<StartupMetadata | null>(),
        },
        actions: { notifyFetchFailed: notified },
      }),
    ).start();
    let notices = 0;
    replayPath(path, actor, (snapshot, step) => {
      if (hasStartupFailed(snapshot)) expect(snapshot.context.error).toEqual(startupMessages.failed);
      if (snapshot.matches('idle')) expect(snapshot.context.metadata).toBeNull();
      // A failed refresh never fails startup: it stays in the app and shows its own notice.
      if (step.event.type.startsWith('xstate.error.actor.') && step.event.type !== 'xstate.error.actor.storedMetadataReader' && isStartupComplete(snapshot)) {
        expect(snapshot.context.error).toBeNull();
        expect(notified).toHaveBeenCalledTimes(notices + 1);
      }
      notices = notified.mock.calls.length;
    });
    actor.stop();
  });
});
