import { t } from '@lingui/core/macro';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { cardFailure, type CardProcessor, type TokenizedCard } from './cardProcessor.ts';

/**
 * Loads Stripe.js only when the billing screen asks for it (STACK.md: `@stripe/stripe-js/pure`
 * never touches the network on import). Rejects with "Failed to load Stripe.js" when offline.
 */
export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Failed to load Stripe.js');
  return stripe;
}

/** Stripe Elements as the card processor: tokenize the card element, confirm with client_secret. */
export function createStripeCardProcessor(stripe: Stripe, card: StripeCardElement): CardProcessor {
  return {
    kind: 'stripe',
    async createPaymentMethod(): Promise<TokenizedCard> {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error || !result.paymentMethod) throw cardFailure(result.error?.message ?? t`Your card could not be saved.`);
      const { id, card: details } = result.paymentMethod;
      return {
        paymentMethodId: id,
        last4: details?.last4 ?? '',
        expMonth: details?.exp_month ?? 0,
        expYear: details?.exp_year ?? 0,
      };
    },
    async confirmCardPayment(clientSecret, paymentMethodId) {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
      if (result.error) throw cardFailure(result.error.message ?? t`Your card payment was not completed.`);
    },
  };
}
