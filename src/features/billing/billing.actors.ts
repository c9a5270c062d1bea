import { t } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { billingMachine } from '../../../machines/billing/billing.machine.ts';
import { type SpentCredits, spentCreditsError, spentCreditsMachine } from '../../../machines/billing/spentCredits.machine.ts';
import type { AutoRechargeSetting } from '../../../machines/credits/credits.types.ts';
import { paymentFormMachine } from '../../../machines/paymentForm/paymentForm.machine.ts';
import { paymentMessages } from '../../../machines/paymentForm/paymentForm.messages.ts';
import type { SavedCard } from '../../../machines/paymentForm/paymentForm.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import type { CreditsActor } from '../../session/rootActors.ts';
import { notify } from '../../lib/toaster.ts';
import { cardFailure, type CardProcessor } from './cardProcessor.ts';

/** A refused card answers 402 with the processor's message, shown as-is (spec §4 Submit flow). */
function throwRefusal(result: { error?: unknown; response: Response }): void {
  const description = (result.error as { error_description?: unknown } | undefined)?.error_description;
  if (result.response.status === 402 && typeof description === 'string') throw cardFailure(description);
  okOrThrow(result);
}

/** GET /client/payment-methods: the first card, or none (spec §7). */
async function loadSavedCard(api: ApiClient): Promise<SavedCard | null> {
  const first = dataOrThrow(await api.GET('/client/payment-methods')).data[0];
  return first
    ? { paymentMethodId: first.paymentMethodId, last4: first.card.last4, expMonth: first.card.exp_month, expYear: first.card.exp_year }
    : null;
}

async function removeAutoRecharge(api: ApiClient): Promise<void> {
  okOrThrow(await api.DELETE('/client/auto-recharge'));
}

export function provideBillingMachine(api: ApiClient, credits: CreditsActor) {
  return billingMachine.provide({
    actors: {
      paymentMethodLoader: fromPromise<SavedCard | null>(() => loadSavedCard(api)),
      autoRechargeRemover: fromPromise<void>(() => removeAutoRecharge(api)),
    },
    actions: {
      publishAutoRechargeRemoved: () => {
        credits.send({ type: 'credits.autoRechargeReplaced', autoRecharge: null });
        // A poll that left before the DELETE must not bring the cancelled auto-recharge back.
        credits.send({ type: 'credits.refresh' });
      },
      notifyPaymentMethodFailed: () => notify('error', paymentMessages.getPaymentMethodError),
      notifyAutoRechargeFailed: () => notify('error', paymentMessages.autoRechargeError),
    },
  });
}

/** The credits spent this month (spec §2 Billing, §8 USER_SPENT_CREDITS_ERROR). */
export function provideSpentCreditsMachine(api: ApiClient) {
  return spentCreditsMachine.provide({
    actors: {
      spentCreditsLoader: fromPromise<SpentCredits>(async () => dataOrThrow(await api.GET('/client/credits/spent'))),
    },
    actions: {
      notifySpentCreditsFailed: () => notify('error', spentCreditsError),
    },
  });
}

export interface PaymentFormWiring {
  api: ApiClient;
  processor: () => CardProcessor | null;
  credits: CreditsActor;
  /** The billing page: reload the card, close the form after an auto save, forget auto-recharge. */
  onReloadCard: () => void;
  onAutoSaved: (autoRecharge: AutoRechargeSetting) => void;
  onAutoRechargeRemoved: () => void;
}

function requireProcessor(processor: () => CardProcessor | null): CardProcessor {
  const current = processor();
  if (!current) throw cardFailure(t`The card form is not ready yet.`);
  return current;
}

export function providePaymentForm({ api, processor, credits, onReloadCard, onAutoSaved, onAutoRechargeRemoved }: PaymentFormWiring) {
  return paymentFormMachine.provide({
    actors: {
      paymentMethodCreator: fromPromise<SavedCard>(async () => {
        const card = await requireProcessor(processor).createPaymentMethod();
        throwRefusal(await api.POST('/client/payment-methods', { body: { paymentMethodId: card.paymentMethodId } }));
        return card;
      }),
      cardCharger: fromPromise<void, { packId: number; paymentMethodId: string }>(async ({ input }) => {
        const intent = dataOrThrow(
          await api.POST('/client/payments', { body: { packId: input.packId, idempotencyKey: crypto.randomUUID() } }),
        );
        await requireProcessor(processor).confirmCardPayment(intent.client_secret, input.paymentMethodId);
      }),
      paymentMethodRemover: fromPromise<void, { paymentMethodId: string }>(async ({ input }) =>
        okOrThrow(await api.DELETE('/client/payment-methods', { params: { query: { paymentMethodId: input.paymentMethodId } } })),
      ),
      autoRechargeSaver: fromPromise<AutoRechargeSetting, AutoRechargeSetting>(async ({ input }) =>
        dataOrThrow(await api.POST('/client/auto-recharge', { body: input })),
      ),
      autoRechargeRemover: fromPromise<void>(() => removeAutoRecharge(api)),
    },
    actions: {
      refreshCredits: ({ context }) => {
        // spec §4: add the pack's credits locally when a charge happened, then refresh.
        const pack = context.packs.find((p) => p.id === context.packId);
        if (context.charged && pack) credits.send({ type: 'credits.added', amount: pack.credits });
        credits.send({ type: 'credits.refresh' });
      },
      publishAutoRecharge: ({ context }) => {
        credits.send({ type: 'credits.autoRechargeReplaced', autoRecharge: context.autoRecharge });
        if (!context.autoRecharge) onAutoRechargeRemoved();
      },
      notifySuccess: ({ context }) => {
        if (context.mode === 'oneTime') notify('success', paymentMessages.bought);
        else notify('success', context.autoRecharge ? paymentMessages.autoRechargeUpdated : paymentMessages.autoRechargeCreated);
      },
      reloadPaymentMethod: onReloadCard,
      closeAfterAutoSave: ({ context }) => {
        if (context.autoRecharge) onAutoSaved(context.autoRecharge);
      },
    },
  });
}
