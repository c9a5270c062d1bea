// zod/mini: the setting is only validated, and the full zod would bring its JSON-schema and
// locale modules into the chunk every public page shares (issue 17).
import * as z from 'zod/mini';

/**
 * The card processor the payment form uses: the local card processor's own form, or Stripe
 * Elements with a publishable key (spec §7: "a card payment provider client with a publishable
 * key").
 */
export type CardProcessorChoice = { name: 'local' } | { name: 'stripe'; publishableKey: string };

export interface BillingSetting {
  /** spec §5 Payment form: the threshold list (its third item is the default). */
  autoRechargeThresholds: number[];
  cardProcessor: CardProcessorChoice;
}

const billingValue = z.object({
  autoRechargeThresholds: z.catch(z.array(z.int()), []),
  cardProcessor: z.catch(
    z.optional(z.nullable(z.object({ name: z.enum(['local', 'stripe']), publishableKey: z.optional(z.nullable(z.string().check(z.trim()))) }))),
    null,
  ),
});

/** The build-time key (VITE_STRIPE_PUBLISHABLE_KEY), for a server that does not name its processor. */
function buildTimeStripeKey(): string | null {
  const key = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined;
  return key && key.trim() ? key.trim() : null;
}

/**
 * Reads the billing setting of GET /client/meta (spec §3 "settings (entries with a type; one of
 * type billing)"). The server names its card processor there (`cardProcessor {name,
 * publishableKey}`), so the form follows the server's configuration: `local` gives the local
 * processor's form, `stripe` Stripe Elements with the server's publishable key. Only when the
 * setting names none (or Stripe without a key) does the build-time key decide.
 */
export function billingSettingOf(settings: unknown, fallbackStripeKey: string | null = buildTimeStripeKey()): BillingSetting {
  const entries = Array.isArray(settings) ? (settings as { type?: unknown; value?: unknown }[]) : [];
  const parsed = billingValue.safeParse(entries.find((entry) => entry?.type === 'billing')?.value ?? {});
  const value = parsed.success ? parsed.data : { autoRechargeThresholds: [], cardProcessor: null };
  const processor = value.cardProcessor;
  let cardProcessor: CardProcessorChoice;
  if (processor?.name === 'local') cardProcessor = { name: 'local' };
  else if (processor?.name === 'stripe' && processor.publishableKey) cardProcessor = { name: 'stripe', publishableKey: processor.publishableKey };
  else cardProcessor = fallbackStripeKey ? { name: 'stripe', publishableKey: fallbackStripeKey } : { name: 'local' };
  return { autoRechargeThresholds: value.autoRechargeThresholds, cardProcessor };
}
