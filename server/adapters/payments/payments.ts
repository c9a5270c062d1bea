/**
 * The card processor behind credit purchases (ARCHITECTURE.md, Adapters): the local card
 * processor by default, Stripe when its keys are set. The calls follow Stripe's flow: a payment
 * method made from a card in the browser is attached to the account, a payment intent is created
 * for a pack's price and confirmed with a card, and auto-recharge charges a saved card
 * off-session. Accounts are named by our user id; each processor maps them to its customers.
 */
export interface Payments {
  /** `local` or `stripe`; the SPA picks its card form by it. */
  readonly name: 'local' | 'stripe';
  /** Shown in the startup log. */
  readonly description: string;
  /** Stripe's publishable key for Stripe.js; null for the local processor. */
  readonly publishableKey: string | null;
  /**
   * Whether unsettled intents must be polled: Stripe reports outcomes asynchronously (webhook,
   * and polling when a webhook is missed); the local processor settles them as they are confirmed.
   */
  readonly reportsAsynchronously: boolean;

  /** Attaches a payment method to the account; null when the processor does not know it for this account. */
  attachPaymentMethod(userId: number, paymentMethodId: string): Promise<AttachedCard | null>;
  /** Detaches a saved card; a card the processor no longer knows counts as detached. */
  detachPaymentMethod(userId: number, paymentMethodId: string): Promise<void>;
  /**
   * Creates a payment intent. The same idempotency key within 24 hours answers the same intent
   * (never a second charge); with other parameters it throws IdempotencyKeyReusedError.
   */
  createPaymentIntent(request: PaymentIntentRequest): Promise<ProcessorIntent>;
  retrievePaymentIntent(intentId: string): Promise<ProcessorIntent>;
  /**
   * Confirms an intent with a saved card, the customer absent (auto-recharge). A refusal is
   * answered, not thrown: status requires_payment_method with `error`.
   */
  chargeOffSession(request: OffSessionCharge): Promise<ProcessorIntent>;
}

export interface AttachedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PaymentIntentRequest {
  userId: number;
  /** Cents. */
  amount: number;
  /** ISO 4217, lowercase. */
  currency: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export interface OffSessionCharge {
  userId: number;
  intentId: string;
  paymentMethodId: string;
  idempotencyKey: string;
}

/** Stripe's PaymentIntent statuses that this product meets. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

/** A refusal as Stripe reports it: `card_declined`, `insufficient_funds`, … and a message for people. */
export interface CardError {
  code: string;
  message: string;
}

/** A payment intent as the domain needs it, whichever processor made it. */
export interface ProcessorIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  paymentMethodId: string | null;
  /** The last refusal (Stripe's last_payment_error), when the last attempt failed. */
  error: CardError | null;
  /** The receipt of a succeeded intent, when the processor gives one. */
  receiptUrl: string | null;
}

/** An idempotency key came back with different parameters (Stripe's idempotency_error). */
export class IdempotencyKeyReusedError extends Error {
  override name = 'IdempotencyKeyReusedError';
}

/** The processor could not be reached or answered an error that is nobody's input (spec §8 "External service error."). */
export class PaymentProcessorError extends Error {
  override name = 'PaymentProcessorError';
}

/** Stripe's messages for its card error codes, which the SPA shows as is (spec §4 Submit flow). */
export const CARD_ERROR_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  payment_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** The processor refused the card outright (e.g. Stripe's check when a declined card is attached). */
export class CardRefusedError extends Error {
  override name = 'CardRefusedError';
  readonly card: CardError;

  constructor(card: CardError) {
    super(card.message);
    this.card = card;
  }
}
