import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { AutoRechargeSetting } from '../credits/credits.types.ts';
import type { SavedCard } from '../paymentForm/paymentForm.types.ts';
import { notProvided } from '../shared/notProvided.ts';

export interface BillingInput {
  autoRecharge: AutoRechargeSetting | null;
}

export interface BillingContext {
  autoRecharge: AutoRechargeSetting | null;
  savedCard: SavedCard | null;
}

export type BillingEvent =
  | { type: 'user.changeSettings' }
  | { type: 'user.cancelRecurring' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  /** Back from the form to the summary while auto-recharge is configured. */
  | { type: 'user.closeForm' }
  /** The payment form saved auto-recharge: the form closes (spec §4 Submit flow). */
  | { type: 'paymentForm.autoSaved'; autoRecharge: AutoRechargeSetting }
  /** The payment form changed the saved card or removed auto-recharge. */
  | { type: 'paymentForm.reloadCard' }
  | { type: 'paymentForm.autoRechargeRemoved' }
  /**
   * The credits actor's record (polled every 10 s, spec §9) says the auto-recharge is now this:
   * set, changed or cancelled elsewhere (another tab, another session). Sent by the page when
   * it differs from the last one it saw.
   */
  | { type: 'credits.autoRechargeChanged'; autoRecharge: AutoRechargeSetting | null }
  | DoneActorEvent<SavedCard | null, 'paymentMethodLoader'>
  | ErrorActorEvent<unknown, 'paymentMethodLoader'>
  | DoneActorEvent<void, 'autoRechargeRemover'>
  | ErrorActorEvent<unknown, 'autoRechargeRemover'>;

/**
 * The Billing page (spec §2 Billing, §4 Billing): loads the saved card, then shows the
 * auto-recharge summary when one is configured, else the payment form. Change payment settings
 * opens the form; Cancel recurring charges asks for confirmation, then removes auto-recharge and
 * clears it locally. The summary follows the polled credits record: a changed auto-recharge
 * shows at once, a cancelled one brings the form. An open form keeps what the user is doing and
 * only takes the new value in (its own save reaches the summary through paymentForm.autoSaved).
 */
export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
    input: {} as BillingInput,
  },
  actors: {
    /** GET /client/payment-methods: the first card, or null. */
    paymentMethodLoader: fromPromise<SavedCard | null>(notProvided),
    /** DELETE /client/auto-recharge */
    autoRechargeRemover: fromPromise<void>(notProvided),
  },
  actions: {
    storeCard: assign({
      savedCard: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.paymentMethodLoader');
        return event.output;
      },
    }),
    storeAutoRecharge: assign({
      autoRecharge: ({ event }) => {
        assertEvent(event, 'paymentForm.autoSaved');
        return event.autoRecharge;
      },
    }),
    clearAutoRecharge: assign({ autoRecharge: null }),
    followAutoRecharge: assign({
      autoRecharge: ({ event }) => {
        assertEvent(event, 'credits.autoRechargeChanged');
        return event.autoRecharge;
      },
    }),
    /** Clears auto-recharge in the credits actor (src). */
    publishAutoRechargeRemoved: () => {},
    /** "Failed to get payment methods." (src toast) */
    notifyPaymentMethodFailed: () => {},
    /** "An error has occurred with auto-recharge." (src toast) */
    notifyAutoRechargeFailed: () => {},
  },
  guards: {
    hasAutoRecharge: ({ context }) => context.autoRecharge !== null,
    isAutoRechargeGone: ({ event }) => {
      assertEvent(event, 'credits.autoRechargeChanged');
      return event.autoRecharge === null;
    },
  },
}).createMachine({
  id: 'billing',
  context: ({ input }) => ({ autoRecharge: input.autoRecharge, savedCard: null }),
  initial: 'loading',
  on: {
    'credits.autoRechargeChanged': { actions: 'followAutoRecharge' },
  },
  states: {
    loading: {
      invoke: {
        id: 'paymentMethodLoader',
        src: 'paymentMethodLoader',
        onDone: [
          { guard: 'hasAutoRecharge', target: 'summary', actions: 'storeCard' },
          { target: 'form', actions: 'storeCard' },
        ],
        onError: [
          { guard: 'hasAutoRecharge', target: 'summary', actions: 'notifyPaymentMethodFailed' },
          { target: 'form', actions: 'notifyPaymentMethodFailed' },
        ],
      },
    },
    summary: {
      on: {
        'user.changeSettings': 'form',
        'user.cancelRecurring': 'confirmingCancel',
        'credits.autoRechargeChanged': [
          { guard: 'isAutoRechargeGone', target: 'form', actions: 'followAutoRecharge' },
          { actions: 'followAutoRecharge' },
        ],
      },
    },
    confirmingCancel: {
      on: {
        'user.confirm': 'cancelling',
        'user.dismiss': 'summary',
        'credits.autoRechargeChanged': [
          { guard: 'isAutoRechargeGone', target: 'form', actions: 'followAutoRecharge' },
          { actions: 'followAutoRecharge' },
        ],
      },
    },
    cancelling: {
      invoke: {
        id: 'autoRechargeRemover',
        src: 'autoRechargeRemover',
        onDone: { target: 'form', actions: ['clearAutoRecharge', 'publishAutoRechargeRemoved'] },
        onError: { target: 'summary', actions: 'notifyAutoRechargeFailed' },
      },
    },
    form: {
      on: {
        'user.closeForm': { guard: 'hasAutoRecharge', target: 'summary' },
        'paymentForm.autoSaved': { target: 'reloading', actions: 'storeAutoRecharge' },
        'paymentForm.reloadCard': 'reloading',
        'paymentForm.autoRechargeRemoved': { actions: 'clearAutoRecharge' },
      },
    },
    reloading: {
      on: { 'paymentForm.autoSaved': { actions: 'storeAutoRecharge' } },
      invoke: {
        id: 'paymentMethodLoader',
        src: 'paymentMethodLoader',
        onDone: [
          { guard: 'hasAutoRecharge', target: 'summary', actions: 'storeCard' },
          { target: 'form', actions: 'storeCard' },
        ],
        onError: [
          { guard: 'hasAutoRecharge', target: 'summary', actions: 'notifyPaymentMethodFailed' },
          { target: 'form', actions: 'notifyPaymentMethodFailed' },
        ],
      },
    },
  },
});
