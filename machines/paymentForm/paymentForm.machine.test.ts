import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AutoRechargeSetting } from '../credits/credits.types.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { paymentFormMachine } from './paymentForm.machine.ts';
import { isBusy, selectedPack, submitLabel } from './paymentForm.selectors.ts';
import type { PaymentFormInput, SavedCard } from './paymentForm.types.ts';

const packs = [
  { id: 1, credits: 10, price: 1000 },
  { id: 2, credits: 50, price: 4500 },
  { id: 3, credits: 100, price: 8000 },
  { id: 4, credits: 500, price: 35000 },
];
const thresholds = [5, 10, 20, 50];
const oldCard: SavedCard = { paymentMethodId: 'pm_old', last4: '4242', expMonth: 12, expYear: 2030 };
const newCard: SavedCard = { paymentMethodId: 'pm_new', last4: '0002', expMonth: 1, expYear: 2031 };
const auto: AutoRechargeSetting = { packId: 2, criticalCredits: 10, paymentMethodId: 'pm_old' };

function running(input: PaymentFormInput, overrides: { charge?: () => Promise<void>; create?: () => Promise<SavedCard> } = {}) {
  const order: string[] = [];
  const calls = {
    refreshCredits: vi.fn(),
    notifySuccess: vi.fn(),
    reloadPaymentMethod: vi.fn(),
    closeAfterAutoSave: vi.fn(),
    publishAutoRecharge: vi.fn(),
  };
  const actor = createActor(
    paymentFormMachine.provide({
      actors: {
        paymentMethodCreator: fromPromise(async () => (order.push('create'), (overrides.create ?? (async () => newCard))())),
        cardCharger: fromPromise(async ({ input: i }) => {
          order.push(`charge ${i.packId} ${i.paymentMethodId}`);
          return (overrides.charge ?? (async () => undefined))();
        }),
        paymentMethodRemover: fromPromise(async ({ input: i }) => void order.push(`remove ${i.paymentMethodId}`)),
        autoRechargeSaver: fromPromise(async ({ input: i }) => (order.push(`auto ${i.packId} ${i.criticalCredits} ${i.paymentMethodId}`), i)),
        autoRechargeRemover: fromPromise<void>(async () => void order.push('cancel auto')),
      },
      actions: {
        refreshCredits: ({ context }) => calls.refreshCredits(context.charged),
        notifySuccess: ({ context }) => calls.notifySuccess(context.mode, context.autoRecharge),
        reloadPaymentMethod: calls.reloadPaymentMethod,
        closeAfterAutoSave: calls.closeAfterAutoSave,
        publishAutoRecharge: ({ context }) => calls.publishAutoRecharge(context.autoRecharge),
      },
    }),
    { input },
  ).start();
  const settled = () => waitFor(actor, (s) => s.matches('editing') || s.matches('confirmingOneTime'), { timeout: 1000 });
  return { actor, calls, order, settled };
}

describe('payment form: defaults and labels (spec §4, §5)', () => {
  it('defaults to auto mode, the third pack and the third threshold', () => {
    const { actor } = running({ packs, thresholds, autoRecharge: null, savedCard: null });
    const { context } = actor.getSnapshot();
    expect(context.mode).toBe('auto');
    expect(selectedPack(actor.getSnapshot())?.id).toBe(3);
    expect(context.criticalCredits).toBe(20);
    expect(english(submitLabel(actor.getSnapshot()))).toBe('Save and Purchase');
  });

  it('labels Update Payment Settings with an auto-recharge and Purchase Credits one time', () => {
    const { actor } = running({ packs, thresholds, autoRecharge: auto, savedCard: oldCard });
    expect(english(submitLabel(actor.getSnapshot()))).toBe('Update Payment Settings');
    actor.send({ type: 'user.toggleOneTime', oneTime: true });
    expect(actor.getSnapshot().value).toBe('confirmingOneTime');
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().context.mode).toBe('auto');
    const fresh = running({ packs, thresholds, autoRecharge: null, savedCard: null }).actor;
    fresh.send({ type: 'user.toggleOneTime', oneTime: true });
    fresh.send({ type: 'user.confirm' });
    expect(english(submitLabel(fresh.getSnapshot()))).toBe('Purchase Credits');
    fresh.send({ type: 'user.toggleOneTime', oneTime: false });
    expect(fresh.getSnapshot().context.mode).toBe('auto');
  });
});

describe('payment form: submit flow (spec §4)', () => {
  it('one-time with a new card: creates the method, charges, refreshes with the charge', async () => {
    const f = running({ packs, thresholds, autoRecharge: null, savedCard: null });
    f.actor.send({ type: 'user.toggleOneTime', oneTime: true });
    f.actor.send({ type: 'user.confirm' });
    f.actor.send({ type: 'user.choosePack', packId: 1 });
    f.actor.send({ type: 'user.submit' });
    expect(isBusy(f.actor.getSnapshot())).toBe(true);
    await f.settled();
    expect(f.order).toEqual(['create', 'charge 1 pm_new']);
    expect(f.calls.refreshCredits).toHaveBeenCalledWith(true);
    expect(f.calls.notifySuccess).toHaveBeenCalledWith('oneTime', null);
    expect(f.calls.reloadPaymentMethod).toHaveBeenCalledTimes(1);
    expect(f.calls.closeAfterAutoSave).not.toHaveBeenCalled();
  });

  it('new auto-recharge with the saved card: charges, saves and closes', async () => {
    const f = running({ packs, thresholds, autoRecharge: null, savedCard: oldCard });
    f.actor.send({ type: 'user.chooseThreshold', criticalCredits: 50 });
    f.actor.send({ type: 'user.chooseMaxPerDay', maxPerDay: 2 });
    f.actor.send({ type: 'user.submit' });
    await f.settled();
    expect(f.order).toEqual(['charge 3 pm_old', 'auto 3 50 pm_old']);
    expect(f.calls.notifySuccess).toHaveBeenCalledWith('auto', null);
    expect(f.calls.publishAutoRecharge).toHaveBeenCalledWith({ packId: 3, criticalCredits: 50, maxPerDay: 2, paymentMethodId: 'pm_old' });
    expect(f.calls.refreshCredits).toHaveBeenCalledWith(true);
    expect(f.calls.closeAfterAutoSave).toHaveBeenCalledTimes(1);
  });

  it('updating auto-recharge with a changed card: no charge, removes the old card', async () => {
    const f = running({ packs, thresholds, autoRecharge: auto, savedCard: oldCard });
    f.actor.send({ type: 'user.removeCard' });
    expect(f.actor.getSnapshot().context.savedCard).toBeNull();
    f.actor.send({ type: 'user.submit' });
    await f.settled();
    expect(f.order).toEqual(['create', 'remove pm_old', 'auto 2 10 pm_new']);
    expect(f.calls.notifySuccess).toHaveBeenCalledWith('auto', auto);
    expect(f.calls.refreshCredits).toHaveBeenCalledWith(false);
  });

  it("shows the provider's message as-is and stops", async () => {
    const f = running(
      { packs, thresholds, autoRecharge: null, savedCard: null },
      {
        charge: async () => {
          throw { providerMessage: 'Your card was declined.' };
        },
      },
    );
    f.actor.send({ type: 'user.submit' });
    await f.settled();
    expect(f.actor.getSnapshot().context.error).toBe('Your card was declined.');
    expect(f.order).toEqual(['create', 'charge 3 pm_new']);
    expect(f.calls.refreshCredits).not.toHaveBeenCalled();
  });

  it('uses the spec message when the failure has no provider message', async () => {
    const f = running(
      { packs, thresholds, autoRecharge: null, savedCard: null },
      {
        create: async () => {
          throw { status: 502 };
        },
      },
    );
    f.actor.send({ type: 'user.submit' });
    await f.settled();
    expect(english(f.actor.getSnapshot().context.error as never)).toBe('An error has occurred while creating payment method.');
  });

  it('says "External service error." when the card processor could not be reached (spec §8)', async () => {
    const f = running(
      { packs, thresholds, autoRecharge: null, savedCard: null },
      {
        charge: async () => {
          throw { status: 502, code: 'payment_processor_error' };
        },
      },
    );
    f.actor.send({ type: 'user.submit' });
    await f.settled();
    expect(english(f.actor.getSnapshot().context.error as never)).toBe('External service error.');
  });

  it('confirming one-time with an existing auto-recharge removes it', async () => {
    const f = running({ packs, thresholds, autoRecharge: auto, savedCard: oldCard });
    f.actor.send({ type: 'user.cancelAutoRecharge' });
    f.actor.send({ type: 'user.confirm' });
    await f.settled();
    expect(f.order).toEqual(['cancel auto']);
    expect(f.actor.getSnapshot().context).toMatchObject({ mode: 'oneTime', autoRecharge: null });
    expect(f.calls.publishAutoRecharge).toHaveBeenCalledWith(null);
  });
});

describe('payment form: generated paths', () => {
  // Two starting points: an auto-recharge with its card, and one whose card is gone.
  const inputs: PaymentFormInput[] = [
    { packs, thresholds, autoRecharge: auto, savedCard: oldCard },
    { packs, thresholds, autoRecharge: auto, savedCard: null },
  ];
  const generated = inputs.map((input) => ({ input, paths: generatePathsFor(input) }));
  const paths = generated.flatMap((g) => g.paths);
  const cases = generated.flatMap(({ input, paths: list }, i) => list.map((p) => [`input ${i}: ${p.description}`, p, input] as const));

  it('covers every state and every transition', () => {
    expectFullCoverage(paymentFormMachine, paths);
  });

  it.each(cases)('%s', (_, path, input) => {
    const actor = createActor(
      paymentFormMachine.provide({
        actors: {
          paymentMethodCreator: stalled<SavedCard>(),
          cardCharger: stalled<void, { packId: number; paymentMethodId: string }>(),
          paymentMethodRemover: stalled<void, { paymentMethodId: string }>(),
          autoRechargeSaver: stalled<AutoRechargeSetting, AutoRechargeSetting>(),
          autoRechargeRemover: stalled<void>(),
        },
      }),
      { input },
    ).start();
    replayPath(path, actor);
    actor.stop();
  });
});

function generatePathsFor(input: PaymentFormInput) {
  return generatePaths(paymentFormMachine, {
    input,
    events: [
      { type: 'user.choosePack', packId: 99 },
      { type: 'user.choosePack', packId: 1 },
      { type: 'user.chooseThreshold', criticalCredits: 5 },
      { type: 'user.chooseMaxPerDay', maxPerDay: 5 },
      { type: 'user.toggleOneTime', oneTime: true },
      { type: 'user.toggleOneTime', oneTime: false },
      { type: 'user.cancelAutoRecharge' },
      { type: 'user.confirm' },
      { type: 'user.dismiss' },
      { type: 'user.removeCard' },
      { type: 'user.submit' },
      { type: 'xstate.done.actor.paymentMethodCreator', output: newCard },
      { type: 'xstate.error.actor.paymentMethodCreator', error: { providerMessage: 'Your card was declined.' } },
      { type: 'xstate.done.actor.cardCharger', output: undefined },
      { type: 'xstate.error.actor.cardCharger', error: { providerMessage: 'Your card has insufficient funds.' } },
      { type: 'xstate.done.actor.paymentMethodRemover', output: undefined },
      { type: 'xstate.error.actor.paymentMethodRemover', error: { status: 502 } },
      { type: 'xstate.done.actor.autoRechargeSaver', output: auto },
      { type: 'xstate.error.actor.autoRechargeSaver', error: { status: 400 } },
      { type: 'xstate.done.actor.autoRechargeRemover', output: undefined },
      { type: 'xstate.error.actor.autoRechargeRemover', error: { status: 500 } },
    ],
    contextKey: (s) =>
      [
        s.context.mode,
        s.context.packId,
        s.context.autoRecharge ? 'a' : '-',
        s.context.savedCard?.paymentMethodId ?? '-',
        s.context.originalCard?.paymentMethodId ?? '-',
      ].join('|'),
  });
}
