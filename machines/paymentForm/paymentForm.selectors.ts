import type { MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import { chosenPack, type paymentFormMachine } from './paymentForm.machine.ts';
import { paymentMessages } from './paymentForm.messages.ts';

type PaymentFormSnapshot = SnapshotFrom<typeof paymentFormMachine>;

export function isBusy(snapshot: PaymentFormSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export function isConfirmingOneTime(snapshot: PaymentFormSnapshot): boolean {
  return snapshot.matches('confirmingOneTime');
}

/** spec §4 Payment form mode: the submit label by mode and whether auto-recharge exists. */
export function submitLabel(snapshot: PaymentFormSnapshot): MessageDescriptor {
  const { mode, autoRecharge } = snapshot.context;
  if (mode === 'oneTime') return paymentMessages.purchaseCredits;
  return autoRecharge ? paymentMessages.updatePaymentSettings : paymentMessages.saveAndPurchase;
}

export function selectedPack(snapshot: PaymentFormSnapshot) {
  return chosenPack(snapshot.context);
}
