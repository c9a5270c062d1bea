import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AutoRechargeSetting } from '../credits/credits.types.ts';
import { DEFAULT_AUTO_RECHARGES_PER_DAY } from '../../common/rules/autoRecharge.ts';
import { toApiFailure } from '../shared/apiFailure.ts';
import { notProvided } from '../shared/notProvided.ts';
import { paymentMessages } from './paymentForm.messages.ts';
import {
  isCardFailure,
  type CreditPack,
  type PaymentFormContext,
  type PaymentFormEvent,
  type PaymentFormInput,
  type SavedCard,
} from './paymentForm.types.ts';

/** spec §5 Payment form: the default pack is the third pack, the default threshold the third. */
function third<T>(list: T[]): T | null {
  return list[2] ?? list.at(-1) ?? null;
}

function initialContext({ input }: { input: PaymentFormInput }): PaymentFormContext {
  const pack = third(input.packs);
  return {
    packs: input.packs,
    thresholds: input.thresholds,
    autoRecharge: input.autoRecharge,
    savedCard: input.savedCard,
    originalCard: input.savedCard,
    mode: 'auto',
    packId: input.autoRecharge?.packId ?? pack?.id ?? null,
    criticalCredits: input.autoRecharge?.criticalCredits ?? third(input.thresholds),
    maxPerDay: input.autoRecharge?.maxPerDay ?? DEFAULT_AUTO_RECHARGES_PER_DAY,
    charged: false,
    error: null,
    submitAttempted: false,
  };
}

/**
 * The failure a step reports: the card provider's own message; "External service error." when
 * the card processor could not be reached or failed (spec §8; the server's
 * `payment_processor_error`); otherwise the step's spec message.
 */
function failureOf(error: unknown, fallback: MessageDescriptor): string | MessageDescriptor {
  if (isCardFailure(error)) return error.providerMessage;
  if (toApiFailure(error).code === 'payment_processor_error') return paymentMessages.externalServiceError;
  return fallback;
}

export function chosenPack(context: Pick<PaymentFormContext, 'packs' | 'packId'>): CreditPack | null {
  return context.packs.find((pack) => pack.id === context.packId) ?? null;
}

/**
 * The payment form of Billing (spec §4 Payment form mode and Submit flow, §5 Payment form):
 * auto-recharge (default) or a one-time payment; switching away from auto, or cancelling an
 * existing auto-recharge, asks for confirmation first. Submit runs the flow step by step —
 * create a payment method when no card is saved; charge the pack for a one-time payment or a
 * new auto-recharge; remove the old card when it changed; save auto-recharge — and then
 * refreshes credits (adding the pack's credits when charged), toasts and reloads the card.
 * A card provider's error message is shown as-is and stops the submit.
 */
export const paymentFormMachine = setup({
  types: {
    context: {} as PaymentFormContext,
    events: {} as PaymentFormEvent,
    input: {} as PaymentFormInput,
  },
  actors: {
    /** The card processor tokenizes the entered card; POST /client/payment-methods saves it. */
    paymentMethodCreator: fromPromise<SavedCard>(notProvided),
    /** POST /client/payments, then the processor confirms the card payment with client_secret. */
    cardCharger: fromPromise<void, { packId: number; paymentMethodId: string }>(notProvided),
    /** DELETE /client/payment-methods */
    paymentMethodRemover: fromPromise<void, { paymentMethodId: string }>(notProvided),
    /** POST /client/auto-recharge */
    autoRechargeSaver: fromPromise<AutoRechargeSetting, AutoRechargeSetting>(notProvided),
    /** DELETE /client/auto-recharge */
    autoRechargeRemover: fromPromise<void>(notProvided),
  },
  actions: {
    choosePack: assign({
      packId: ({ event }) => {
        assertEvent(event, 'user.choosePack');
        return event.packId;
      },
    }),
    chooseThreshold: assign({
      criticalCredits: ({ event }) => {
        assertEvent(event, 'user.chooseThreshold');
        return event.criticalCredits;
      },
    }),
    chooseMaxPerDay: assign({
      maxPerDay: ({ event }) => {
        assertEvent(event, 'user.chooseMaxPerDay');
        return event.maxPerDay;
      },
    }),
    setAutoMode: assign({ mode: 'auto' }),
    setOneTimeMode: assign({ mode: 'oneTime' }),
    clearCard: assign({ savedCard: null }),
    clearAutoRechargeLocally: assign({ autoRecharge: null }),
    startSubmit: assign({ charged: false, error: null, submitAttempted: true }),
    markSubmitAttempted: assign({ submitAttempted: true }),
    storeCreatedCard: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.paymentMethodCreator');
      return { savedCard: event.output };
    }),
    markCharged: assign({ charged: true }),
    forgetOriginalCard: assign({ originalCard: ({ context }) => context.savedCard }),
    storeAutoRecharge: assign({
      autoRecharge: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.autoRechargeSaver');
        return event.output;
      },
    }),
    setCreateCardError: assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.paymentMethodCreator');
        return failureOf(event.error, paymentMessages.paymentMethodCreateError);
      },
    }),
    setChargeError: assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.cardCharger');
        return failureOf(event.error, paymentMessages.cardPaymentError);
      },
    }),
    setCardRemovalError: assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.paymentMethodRemover');
        return failureOf(event.error, paymentMessages.cardRemovalError);
      },
    }),
    setAutoRechargeError: assign({
      error: ({ event }) => {
        assertEvent(event, ['xstate.error.actor.autoRechargeRemover', 'xstate.error.actor.autoRechargeSaver']);
        return failureOf(event.error, paymentMessages.autoRechargeError);
      },
    }),
    /** Refresh credits; add the pack's credits locally when a charge happened (src: credits actor). */
    refreshCredits: () => {},
    /** Tell the credits actor about the removed or saved auto-recharge (src). */
    publishAutoRecharge: () => {},
    /** The success toast of a manual charge, a created or an updated auto-recharge (src). */
    notifySuccess: () => {},
    /** Reload the saved card (src: the billing page). */
    reloadPaymentMethod: () => {},
    /** The form closes after an auto save (src: tells the billing page). */
    closeAfterAutoSave: () => {},
  },
  guards: {
    isAutoMode: ({ context }) => context.mode === 'auto',
    hasAutoRecharge: ({ context }) => context.autoRecharge !== null,
    isFormInvalid: ({ context }) =>
      chosenPack(context) === null || (context.mode === 'auto' && context.criticalCredits === null),
    needsPaymentMethod: ({ context }) => context.savedCard === null,
    needsCharge: ({ context }) => context.mode === 'oneTime' || context.autoRecharge === null,
    hadOriginalCard: ({ context }) => context.originalCard !== null,
    cardChanged: ({ context }) =>
      context.originalCard !== null && context.originalCard.paymentMethodId !== context.savedCard?.paymentMethodId,
    isOneTimeEvent: ({ event }) => event.type === 'user.toggleOneTime' && event.oneTime,
  },
}).createMachine({
  id: 'paymentForm',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.choosePack': { actions: 'choosePack' },
        'user.chooseThreshold': { actions: 'chooseThreshold' },
        'user.chooseMaxPerDay': { actions: 'chooseMaxPerDay' },
        'user.toggleOneTime': [
          { guard: 'isOneTimeEvent', target: 'confirmingOneTime' },
          { actions: 'setAutoMode' },
        ],
        'user.cancelAutoRecharge': { guard: 'hasAutoRecharge', target: 'confirmingOneTime' },
        'user.removeCard': { actions: 'clearCard' },
        'user.submit': [
          { guard: 'isFormInvalid', actions: 'markSubmitAttempted' },
          { guard: 'needsPaymentMethod', target: 'creatingPaymentMethod', actions: 'startSubmit' },
          { guard: 'needsCharge', target: 'charging', actions: 'startSubmit' },
          { guard: 'cardChanged', target: 'removingOldCard', actions: 'startSubmit' },
          { target: 'savingAutoRecharge', actions: 'startSubmit' },
        ],
      },
    },
    confirmingOneTime: {
      on: {
        'user.confirm': [
          { guard: 'hasAutoRecharge', target: 'removingAutoRecharge', actions: 'setOneTimeMode' },
          { target: 'editing', actions: 'setOneTimeMode' },
        ],
        'user.dismiss': 'editing',
      },
    },
    removingAutoRecharge: {
      tags: ['busy'],
      invoke: {
        id: 'autoRechargeRemover',
        src: 'autoRechargeRemover',
        onDone: { target: 'editing', actions: ['clearAutoRechargeLocally', 'publishAutoRecharge'] },
        onError: { target: 'editing', actions: ['setAutoMode', 'setAutoRechargeError'] },
      },
    },
    creatingPaymentMethod: {
      tags: ['busy'],
      invoke: {
        id: 'paymentMethodCreator',
        src: 'paymentMethodCreator',
        onDone: [
          { guard: 'needsCharge', target: 'charging', actions: 'storeCreatedCard' },
          { guard: 'hadOriginalCard', target: 'removingOldCard', actions: 'storeCreatedCard' },
          { target: 'savingAutoRecharge', actions: 'storeCreatedCard' },
        ],
        onError: { target: 'editing', actions: 'setCreateCardError' },
      },
    },
    charging: {
      tags: ['busy'],
      invoke: {
        id: 'cardCharger',
        src: 'cardCharger',
        input: ({ context }) => ({ packId: context.packId ?? 0, paymentMethodId: context.savedCard?.paymentMethodId ?? '' }),
        onDone: [
          { guard: 'cardChanged', target: 'removingOldCard', actions: 'markCharged' },
          { guard: 'isAutoMode', target: 'savingAutoRecharge', actions: 'markCharged' },
          { target: 'editing', actions: ['markCharged', 'refreshCredits', 'reloadPaymentMethod', 'notifySuccess'] },
        ],
        onError: { target: 'editing', actions: 'setChargeError' },
      },
    },
    removingOldCard: {
      tags: ['busy'],
      invoke: {
        id: 'paymentMethodRemover',
        src: 'paymentMethodRemover',
        input: ({ context }) => ({ paymentMethodId: context.originalCard?.paymentMethodId ?? '' }),
        onDone: [
          { guard: 'isAutoMode', target: 'savingAutoRecharge', actions: 'forgetOriginalCard' },
          { target: 'editing', actions: ['forgetOriginalCard', 'refreshCredits', 'reloadPaymentMethod', 'notifySuccess'] },
        ],
        onError: [
          { guard: 'isAutoMode', target: 'savingAutoRecharge', actions: 'setCardRemovalError' },
          { target: 'editing', actions: ['setCardRemovalError', 'refreshCredits', 'reloadPaymentMethod', 'notifySuccess'] },
        ],
      },
    },
    savingAutoRecharge: {
      tags: ['busy'],
      invoke: {
        id: 'autoRechargeSaver',
        src: 'autoRechargeSaver',
        input: ({ context }) => ({
          packId: context.packId ?? 0,
          criticalCredits: context.criticalCredits ?? 0,
          maxPerDay: context.maxPerDay,
          paymentMethodId: context.savedCard?.paymentMethodId ?? '',
        }),
        onDone: {
          target: 'editing',
          actions: ['notifySuccess', 'storeAutoRecharge', 'publishAutoRecharge', 'refreshCredits', 'closeAfterAutoSave'],
        },
        onError: { target: 'editing', actions: ['setAutoRechargeError', 'refreshCredits'] },
      },
    },
  },
});
