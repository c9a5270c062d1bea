import type { Payments } from '../../adapters/payments/payments.ts';

interface Setting {
  id: number;
  type: string;
  value: Record<string, unknown>;
}

/**
 * Adds the card processor to the billing setting of GET /client/meta (spec §3 "settings … one of
 * type billing"; spec §7 "a card payment provider client with a publishable key"): the payment
 * form uses Stripe.js with `publishableKey` when the name is `stripe`, and the local card
 * processor's endpoints when it is `local`.
 */
export function withCardProcessor(settings: Setting[], payments: Payments): Setting[] {
  return settings.map((setting) =>
    setting.type === 'billing'
      ? { ...setting, value: { ...setting.value, cardProcessor: { name: payments.name, publishableKey: payments.publishableKey } } }
      : setting,
  );
}
