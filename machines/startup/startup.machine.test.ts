import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { startupMachine, startupMessages } from './startup.machine.ts';
import { creditBalance, hasStartupFailed, isSplashVisible, isStartupComplete } from './startup.selectors.ts';
import type { StartupMetadata } from './startup.types.ts';

const metadata: StartupMetadata = { credits: [{ credits: 17, overdraft: 0, autoRecharge: null, minMonthlySpendingRequirement: 0 }] };

function fakes() {
  const order: string[] = [];
  const calls = {
    metadataLoader: vi.fn(async () => metadata),
    widgetsLoader: vi.fn(async (): Promise<unknown[]> => [{ id: 1 }]),
    websitesLoader: vi.fn(async (): Promise<unknown[]> => [{ id: 2 }]),
    agentsLoader: vi.fn(async (): Promise<unknown[]> => [{ id: 3 }]),
  };
  const machine = startupMachine.provide({
    actors: {
      metadataLoader: fromPromise(() => (order.push('metadata'), calls.metadataLoader())),
      widgetsLoader: fromPromise(() => (order.push('widgets'), calls.widgetsLoader())),
      websitesLoader: fromPromise(() => (order.push('websites'), calls.websitesLoader())),
      agentsLoader: fromPromise(() => (order.push('agents'), calls.agentsLoader())),
    },
  });
  return { calls, machine, order };
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
    expect(next.value).toEqual({ running: { data: 'loadingMetadata', splash: 'visible' } });
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
    expect(creditBalance(actor.getSnapshot())).toBe(17);
  });

  it('hides the splash after 3 s', async () => {
    const f = fakes();
    const actor = createActor(f.machine).start();
    actor.send({ type: 'auth.signedIn' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(isSplashVisible(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
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
    ],
    contextKey: (s) => `${s.context.metadata ? 'meta' : '-'}|${s.context.error ? 'error' : '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(startupMachine, paths);
  });

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(
      startupMachine.provide({
        actors: {
          metadataLoader: stalled<StartupMetadata>(),
          widgetsLoader: stalled<unknown[]>(),
          websitesLoader: stalled<unknown[]>(),
          agentsLoader: stalled<unknown[]>(),
        },
      }),
    ).start();
    replayPath(path, actor, (snapshot) => {
      if (hasStartupFailed(snapshot)) expect(snapshot.context.error).toEqual(startupMessages.failed);
      if (snapshot.matches('idle')) expect(snapshot.context.metadata).toBeNull();
    });
    actor.stop();
  });
});
