import type { CardFailure } from '../../../machines/paymentForm/paymentForm.types.ts';

/** A card a processor tokenized (spec §3 Payment method). */
export interface TokenizedCard {
  paymentMethodId: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The card processor port: Stripe Elements when the server names Stripe with its publishable
 * key, else the local card processor's own form (ARCHITECTURE.md, adapters; billingSetting.ts). Both reject with a
 * `CardFailure` carrying the processor's message, which the form shows as-is (spec §4).
 */
export interface CardProcessor {
  readonly kind: 'local' | 'stripe';
  createPaymentMethod(): Promise<TokenizedCard>;
  confirmCardPayment(clientSecret: string, paymentMethodId: string): Promise<void>;
}

export function cardFailure(providerMessage: string): CardFailure {
  return { providerMessage };
}

/**
 * Holds the card processor of the payment form on screen and the local card entry, outside
 * React state: the processors read the entry when the card is tokenized.
 */
export class CardPorts<TEntry> {
  entry: TEntry;
  stripe: CardProcessor | null = null;
  local: CardProcessor | null = null;

  constructor(entry: TEntry) {
    this.entry = entry;
  }

  setEntry(entry: TEntry) {
    this.entry = entry;
  }

  setStripe(processor: CardProcessor | null) {
    this.stripe = processor;
  }

  current(useStripe: boolean): CardProcessor | null {
    return useStripe ? this.stripe : this.local;
  }
}
