import type { MessageDescriptor } from '@lingui/core';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { AutoRechargeSetting } from '../credits/credits.types.ts';

/** A credit pack (spec §3): price in cents. */
export interface CreditPack {
  id: number;
  credits: number;
  price: number;
}

/** A saved card (spec §3 Payment method). */
export interface SavedCard {
  paymentMethodId: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type PaymentMode = 'auto' | 'oneTime';

export interface PaymentFormInput {
  packs: CreditPack[];
  /** The auto-recharge threshold list (billing setting `autoRechargeThresholds`). */
  thresholds: number[];
  autoRecharge: AutoRechargeSetting | null;
  savedCard: SavedCard | null;
}

export interface PaymentFormContext {
  packs: CreditPack[];
  thresholds: number[];
  autoRecharge: AutoRechargeSetting | null;
  savedCard: SavedCard | null;
  /** The saved card when the form opened: removed after a submit when the card changed. */
  originalCard: SavedCard | null;
  mode: PaymentMode;
  packId: number | null;
  criticalCredits: number | null;
  /** Automatic purchases allowed in any 24 hours (issue 15: the daily cap). */
  maxPerDay: number;
  /** Whether the submit in progress charged a pack. */
  charged: boolean;
  /** The card provider's message, shown as-is (spec §4 Submit flow); or a spec message. */
  error: string | MessageDescriptor | null;
  submitAttempted: boolean;
}

export type PaymentFormEvent =
  | { type: 'user.choosePack'; packId: number }
  | { type: 'user.chooseThreshold'; criticalCredits: number }
  | { type: 'user.chooseMaxPerDay'; maxPerDay: number }
  /** The checkbox "Make a one time payment instead". */
  | { type: 'user.toggleOneTime'; oneTime: boolean }
  /** Cancelling an existing auto-recharge from the form. */
  | { type: 'user.cancelAutoRecharge' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  /** Removing the saved card in the form only clears it locally (spec §4). */
  | { type: 'user.removeCard' }
  | { type: 'user.submit' }
  | DoneActorEvent<SavedCard, 'paymentMethodCreator'>
  | ErrorActorEvent<unknown, 'paymentMethodCreator'>
  | DoneActorEvent<void, 'cardCharger'>
  | ErrorActorEvent<unknown, 'cardCharger'>
  | DoneActorEvent<void, 'paymentMethodRemover'>
  | ErrorActorEvent<unknown, 'paymentMethodRemover'>
  | DoneActorEvent<AutoRechargeSetting, 'autoRechargeSaver'>
  | ErrorActorEvent<unknown, 'autoRechargeSaver'>
  | DoneActorEvent<void, 'autoRechargeRemover'>
  | ErrorActorEvent<unknown, 'autoRechargeRemover'>;

/** A failure a card actor reports: the provider's message, shown as-is. */
export interface CardFailure {
  providerMessage: string;
}

export function isCardFailure(value: unknown): value is CardFailure {
  return typeof value === 'object' && value !== null && typeof (value as CardFailure).providerMessage === 'string';
}
