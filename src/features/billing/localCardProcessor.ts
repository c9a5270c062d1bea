import { t } from '@lingui/core/macro';
import type { ApiClient } from '../../api/client.ts';
import { cardFailure, type CardProcessor, type TokenizedCard } from './cardProcessor.ts';

/** What the local card form holds: card number, MM/YY and CVC as typed. */
export interface LocalCardEntry {
  number: string;
  expiry: string;
  cvc: string;
}

/** The error body's processor message (`error_description`), as Stripe.js would give it. */
function processorMessage(error: unknown, fallback: string): string {
  const description = (error as { error_description?: unknown } | undefined)?.error_description;
  return typeof description === 'string' && description ? description : fallback;
}

/** Checks the entry the way Stripe Elements does before tokenizing, with Stripe's wording. */
export function readLocalCard(entry: LocalCardEntry) {
  const number = entry.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number)) throw cardFailure(t`Your card number is incomplete.`);
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(entry.expiry.trim());
  const expMonth = expiry ? Number(expiry[1]) : 0;
  if (!expiry || expMonth < 1 || expMonth > 12) throw cardFailure(t`Your card's expiration date is incomplete.`);
  const year = expiry[2] ?? '';
  const expYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  const cvc = entry.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) throw cardFailure(t`Your card's security code is incomplete.`);
  return { number, expMonth, expYear, cvc };
}

/**
 * The local card processor (Stripe's test cards, no network beyond this server): the same
 * flow as Stripe.js — tokenize, confirm, and 3-D Secure when the card asks for it.
 */
export function createLocalCardProcessor(
  api: ApiClient,
  readEntry: () => LocalCardEntry,
  approveThreeDSecure: () => Promise<boolean>,
): CardProcessor {
  return {
    kind: 'local',
    async createPaymentMethod(): Promise<TokenizedCard> {
      const body = readLocalCard(readEntry());
      const result = await api.POST('/local-card-processor/payment-methods', { body });
      if (!result.data) throw cardFailure(processorMessage(result.error, t`Your card could not be saved.`));
      const { id, card } = result.data;
      return { paymentMethodId: id, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
    },
    async confirmCardPayment(clientSecret, paymentMethodId) {
      const path = { params: { path: { clientSecret } } };
      const confirmed = await api.POST('/local-card-processor/payment-intents/{clientSecret}/confirm', {
        ...path,
        body: { paymentMethodId },
      });
      let intent = confirmed.data;
      if (!intent) throw cardFailure(processorMessage(confirmed.error, t`Your card payment could not be confirmed.`));
      if (intent.status === 'requires_action') {
        const approve = await approveThreeDSecure();
        const authenticated = await api.POST('/local-card-processor/payment-intents/{clientSecret}/authenticate', {
          ...path,
          body: { approve },
        });
        intent = authenticated.data;
        if (!intent) throw cardFailure(processorMessage(authenticated.error, t`Your card payment could not be authenticated.`));
      }
      if (intent.status !== 'succeeded') {
        throw cardFailure(intent.error?.message ?? t`Your card payment was not completed.`);
      }
    },
  };
}
