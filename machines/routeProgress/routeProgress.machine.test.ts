import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath } from '../test/pathCoverage.ts';
import { routeProgressMachine } from './routeProgress.machine.ts';

describe('route progress machine: single steps', () => {
  it('rests at 0 and starts on navigation', () => {
    const [idle] = initialTransition(routeProgressMachine);
    const [running] = transition(routeProgressMachine, idle, { type: 'router.navigationStarted' });
    expect(running.value).toBe('running');
    expect(running.context.value).toBe(0);
  });
});

describe('route progress machine: simulated clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances 10 every 30 ms, fills on settle and resets after 300 ms', async () => {
    const actor = createActor(routeProgressMachine).start();
    actor.send({ type: 'router.navigationStarted' });
    await vi.advanceTimersByTimeAsync(30);
    expect(actor.getSnapshot().context.value).toBe(10);
    await vi.advanceTimersByTimeAsync(90);
    expect(actor.getSnapshot().context.value).toBe(40);
    await vi.advanceTimersByTimeAsync(30 * 20);
    expect(actor.getSnapshot().context.value).toBe(100);
    actor.send({ type: 'router.navigationSettled' });
    expect(actor.getSnapshot().context.value).toBe(100);
    await vi.advanceTimersByTimeAsync(299);
    expect(actor.getSnapshot().value).toBe('completing');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.value).toBe(0);
  });
});

describe('route progress machine: generated paths', () => {
  const paths = generatePaths(routeProgressMachine, {
    events: [
      { type: 'router.navigationStarted' },
      { type: 'router.navigationSettled' },
      { type: 'xstate.after.progressStep.routeProgress.running' },
      { type: 'xstate.after.progressReset.routeProgress.completing' },
    ],
    contextKey: (s) => String(s.context.value),
  });

  it('covers every state and every transition', () => expectFullCoverage(routeProgressMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    vi.useFakeTimers();
    const actor = createActor(routeProgressMachine).start();
    replayPath(path, actor, (snapshot, step) => {
      expect(snapshot.context.value).toBe(step.state.context.value);
      expect(snapshot.context.value).toBeGreaterThanOrEqual(0);
      expect(snapshot.context.value).toBeLessThanOrEqual(100);
    });
    actor.stop();
    vi.useRealTimers();
  });
});
