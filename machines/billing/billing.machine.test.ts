import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SavedCard } from '../paymentForm/paymentForm.types.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { billingMachine } from './billing.machine.ts';

const auto = { packId: 3, criticalCredits: 10, paymentMethodId: 'pm_1' };
const card: SavedCard = { paymentMethodId: 'pm_1', last4: '4242', expMonth: 12, expYear: 2030 };

function running(autoRecharge: typeof auto | null, remove: () => Promise<void> = async () => undefined) {
  const calls = { remove: vi.fn(remove), publish: vi.fn(), failed: vi.fn() };
  const actor = createActor(
    billingMachine.provide({
      actors: {
        paymentMethodLoader: fromPromise<SavedCard | null>(async () => card),
        autoRechargeRemover: fromPromise(() => calls.remove()),
      },
      actions: { publishAutoRechargeRemoved: calls.publish, notifyAutoRechargeFailed: calls.failed },
    }),
    { input: { autoRecharge } },
  ).start();
  return { actor, calls };
}

describe('billing machine (spec §4 Billing)', () => {
  it('shows the form without auto-recharge', async () => {
    const { actor } = running(null);
    await waitFor(actor, (s) => s.matches('form'), { timeout: 1000 });
    expect(actor.getSnapshot().context.savedCard).toEqual(card);
  });

  it('shows the summary, opens the form on Change payment settings', async () => {
    const { actor } = running(auto);
    await waitFor(actor, (s) => s.matches('summary'), { timeout: 1000 });
    actor.send({ type: 'user.changeSettings' });
    expect(actor.getSnapshot().value).toBe('form');
  });

  it('cancels recurring charges after confirmation and clears them locally', async () => {
    const { actor, calls } = running(auto);
    await waitFor(actor, (s) => s.matches('summary'), { timeout: 1000 });
    actor.send({ type: 'user.cancelRecurring' });
    actor.send({ type: 'user.dismiss' });
    expect(calls.remove).not.toHaveBeenCalled();
    actor.send({ type: 'user.cancelRecurring' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('form'), { timeout: 1000 });
    expect(actor.getSnapshot().context.autoRecharge).toBeNull();
    expect(calls.publish).toHaveBeenCalledTimes(1);
  });

  it('stays on the summary when cancelling fails', async () => {
    const { actor, calls } = running(auto, async () => {
      throw { status: 500 };
    });
    await waitFor(actor, (s) => s.matches('summary'), { timeout: 1000 });
    actor.send({ type: 'user.cancelRecurring' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('summary') && calls.failed.mock.calls.length > 0, { timeout: 1000 });
    expect(actor.getSnapshot().context.autoRecharge).toEqual(auto);
  });

  it('follows the polled auto-recharge: a change shows on the summary, a cancellation brings the form', async () => {
    const { actor } = running(auto);
    await waitFor(actor, (s) => s.matches('summary'), { timeout: 1000 });
    const changed = { ...auto, packId: 4, criticalCredits: 50 };
    actor.send({ type: 'credits.autoRechargeChanged', autoRecharge: changed });
    expect(actor.getSnapshot().value).toBe('summary');
    expect(actor.getSnapshot().context.autoRecharge).toEqual(changed);
    actor.send({ type: 'user.cancelRecurring' });
    actor.send({ type: 'credits.autoRechargeChanged', autoRecharge: null });
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.autoRecharge).toBeNull();
  });

  it('keeps an open form open and takes the polled auto-recharge in', async () => {
    const { actor } = running(null);
    await waitFor(actor, (s) => s.matches('form'), { timeout: 1000 });
    actor.send({ type: 'credits.autoRechargeChanged', autoRecharge: auto });
    expect(actor.getSnapshot().value).toBe('form');
    actor.send({ type: 'user.closeForm' });
    expect(actor.getSnapshot().value).toBe('summary');
  });

  it('closes the form after an auto save', async () => {
    const { actor } = running(null);
    await waitFor(actor, (s) => s.matches('form'), { timeout: 1000 });
    actor.send({ type: 'paymentForm.autoSaved', autoRecharge: auto });
    await waitFor(actor, (s) => s.matches('summary'), { timeout: 1000 });
  });
});

describe('billing machine: generated paths', () => {
  const inputs = [{ autoRecharge: auto }, { autoRecharge: null }];
  const generated = inputs.map((input) => ({
    input,
    paths: generatePaths(billingMachine, {
      input,
      events: [
        { type: 'user.changeSettings' },
        { type: 'user.cancelRecurring' },
        { type: 'user.confirm' },
        { type: 'user.dismiss' },
        { type: 'user.closeForm' },
        { type: 'paymentForm.autoSaved', autoRecharge: auto },
        { type: 'paymentForm.reloadCard' },
        { type: 'paymentForm.autoRechargeRemoved' },
        { type: 'credits.autoRechargeChanged', autoRecharge: null },
        { type: 'credits.autoRechargeChanged', autoRecharge: auto },
        { type: 'xstate.done.actor.paymentMethodLoader', output: card },
        { type: 'xstate.error.actor.paymentMethodLoader', error: { status: 500 } },
        { type: 'xstate.done.actor.autoRechargeRemover', output: undefined },
        { type: 'xstate.error.actor.autoRechargeRemover', error: { status: 500 } },
      ],
      contextKey: (s) => (s.context.autoRecharge ? 'auto' : '-'),
    }),
  }));
  const cases = generated.flatMap(({ input, paths }, i) => paths.map((p) => [`input ${i}: ${p.description}`, p, input] as const));

  it('covers every state and every transition', () => {
    expectFullCoverage(
      billingMachine,
      generated.flatMap((g) => g.paths),
    );
  });

  it.each(cases)('%s', (_, path, input) => {
    const actor = createActor(
      billingMachine.provide({
        actors: { paymentMethodLoader: stalled<SavedCard | null>(), autoRechargeRemover: stalled<void>() },
      }),
      { input },
    ).start();
    replayPath(path, actor);
    actor.stop();
  });
});
