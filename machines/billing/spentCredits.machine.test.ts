import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { type SpentCredits, spentCreditsMachine } from './spentCredits.machine.ts';

const since = '2026-11-01T00:00:00.000Z';

function running(load: () => Promise<SpentCredits>, balance = 20) {
  const calls = { load: vi.fn(load), failed: vi.fn() };
  const actor = createActor(
    spentCreditsMachine.provide({
      actors: { spentCreditsLoader: fromPromise(() => calls.load()) },
      actions: { notifySpentCreditsFailed: calls.failed },
    }),
    { input: { balance } },
  ).start();
  return { actor, calls };
}

describe('spent credits machine (spec §2 Billing, §8 USER_SPENT_CREDITS_ERROR)', () => {
  it('fetches when the page opens, and again only when the polled balance moves', async () => {
    let spent = 3;
    const { actor, calls } = running(async () => ({ spent: spent++, since }));
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(actor.getSnapshot().context.spent).toEqual({ spent: 3, since });
    actor.send({ type: 'credits.balanceChanged', balance: 20 });
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'credits.balanceChanged', balance: 19 });
    await waitFor(actor, (s) => s.matches('loaded') && s.context.spent?.spent === 4, { timeout: 1000 });
    expect(calls.load).toHaveBeenCalledTimes(2);
  });

  it('keeps the last figure and tells once when a fetch fails', async () => {
    let fail = false;
    const { actor, calls } = running(async () => {
      if (fail) throw { status: 500 };
      return { spent: 7, since };
    });
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    fail = true;
    actor.send({ type: 'credits.balanceChanged', balance: 12 });
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 1000 });
    expect(calls.failed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.spent?.spent).toBe(7);
  });
});

describe('spent credits machine: generated paths', () => {
  const paths = generatePaths(spentCreditsMachine, {
    input: { balance: 20 },
    events: [
      { type: 'credits.balanceChanged', balance: 20 },
      { type: 'credits.balanceChanged', balance: 15 },
      { type: 'xstate.done.actor.spentCreditsLoader', output: { spent: 5, since } },
      { type: 'xstate.error.actor.spentCreditsLoader', error: { status: 500 } },
    ],
    contextKey: (s) => `${s.context.balance}|${s.context.spent ? 'spent' : '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(spentCreditsMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(spentCreditsMachine.provide({ actors: { spentCreditsLoader: stalled<SpentCredits>() } }), {
      input: { balance: 20 },
    }).start();
    replayPath(path, actor);
    actor.stop();
  });
});
