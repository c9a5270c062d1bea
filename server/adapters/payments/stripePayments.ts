import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { stripeCustomers } from '../../db/schema/billing.ts';
import {
  type AttachedCard,
  CardRefusedError,
  IdempotencyKeyReusedError,
  type IntentStatus,
  type OffSessionCharge,
  type PaymentIntentRequest,
  type Payments,
  PaymentProcessorError,
  type ProcessorIntent,
} from './payments.ts';

export interface StripePaymentsOptions {
  db: Database;
  secretKey: string;
  publishableKey: string;
  /** Verifies webhook signatures; without it only polling learns outcomes. */
  webhookSecret: string | undefined;
  /** Tests replace the network (Stripe.createFetchHttpClient with a fake fetch). */
  httpClient?: Stripe.HttpClient;
}

/**
 * The real card processor, through the official `stripe` package, when STRIPE_SECRET_KEY is set.
 * The browser makes payment methods and confirms intents with Stripe.js; the server attaches
 * cards to the account's Stripe customer, creates intents, charges saved cards off-session for
 * auto-recharge, and learns outcomes from the `payment_intent.*` webhook and by polling.
 */
export class StripePayments implements Payments {
  readonly name = 'stripe';
  readonly description: string;
  readonly publishableKey: string;
  readonly reportsAsynchronously = true;
  readonly webhookSecret: string | undefined;
  readonly stripe: Stripe;
  readonly #db: Database;

  constructor(options: StripePaymentsOptions) {
    this.#db = options.db;
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      httpClient: options.httpClient,
      maxNetworkRetries: 2,
      appInfo: { name: 'callback-dashboard' },
    });
    const mode = options.secretKey.startsWith('sk_live_') ? 'live' : 'test';
    this.description = `Stripe (${mode} mode${options.webhookSecret ? ', webhook verified' : ', no STRIPE_WEBHOOK_SECRET: outcomes by polling only'})`;
  }

  async attachPaymentMethod(userId: number, paymentMethodId: string): Promise<AttachedCard | null> {
    const customer = await this.#customerId(userId);
    try {
      const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      // A card saved by another customer is not this account's to take.
      if (owner && owner !== customer) return null;
      const attached = owner ? method : await this.stripe.paymentMethods.attach(paymentMethodId, { customer });
      if (!attached.card) return null;
      return {
        paymentMethodId: attached.id,
        brand: attached.card.brand,
        last4: attached.card.last4,
        expMonth: attached.card.exp_month,
        expYear: attached.card.exp_year,
      };
    } catch (error) {
      if (isMissingResource(error)) return null;
      // Stripe checks a card when it is attached: its decline test cards fail here.
      if (error instanceof Stripe.errors.StripeCardError) {
        throw new CardRefusedError({ code: error.code ?? 'card_declined', message: error.message });
      }
      throw toProcessorError(error);
    }
  }

  async detachPaymentMethod(_userId: number, paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      // Already gone, or never attached: the card is detached either way.
      if (isMissingResource(error) || (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_method_unexpected_state')) return;
      throw toProcessorError(error);
    }
  }

  async createPaymentIntent(request: PaymentIntentRequest): Promise<ProcessorIntent> {
    const customer = await this.#customerId(request.userId);
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency,
          customer,
          description: request.description,
          metadata: request.metadata,
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toProcessorIntent(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeIdempotencyError) {
        throw new IdempotencyKeyReusedError('The idempotency key was already used with other parameters.');
      }
      throw toProcessorError(error);
    }
  }

  async retrievePaymentIntent(intentId: string): Promise<ProcessorIntent> {
    try {
      // latest_charge carries the receipt (intents lost `charges` in API version 2022-11-15).
      return toProcessorIntent(await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }));
    } catch (error) {
      throw toProcessorError(error);
    }
  }

  async chargeOffSession(charge: OffSessionCharge): Promise<ProcessorIntent> {
    try {
      const intent = await this.stripe.paymentIntents.confirm(
        charge.intentId,
        { payment_method: charge.paymentMethodId, off_session: true, expand: ['latest_charge'] },
        { idempotencyKey: charge.idempotencyKey },
      );
      return toProcessorIntent(intent);
    } catch (error) {
      // A refused card is an answer, not a failure: the intent comes with the error.
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
        return { ...toProcessorIntent(error.payment_intent), error: { code: error.code ?? 'card_declined', message: error.message } };
      }
      throw toProcessorError(error);
    }
  }

  /**
   * Checks a webhook's signature against STRIPE_WEBHOOK_SECRET and answers the event; null when
   * the signature does not verify.
   */
  verifyWebhook(payload: string, signature: string): Stripe.Event | null {
    if (!this.webhookSecret) return null;
    try {
      return this.stripe.webhooks.constructEvent(payload, signature, this.webhookSecret);
    } catch {
      return null;
    }
  }

  /** The account's Stripe customer, created on first use. */
  async #customerId(userId: number): Promise<string> {
    const [known] = await this.#db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
    if (known) return known.customerId;
    const [user] = await this.#db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    if (!user) throw new PaymentProcessorError(`No account ${userId}`);
    let created: Stripe.Customer;
    try {
      created = await this.stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: String(userId) } });
    } catch (error) {
      throw toProcessorError(error);
    }
    const [inserted] = await this.#db
      .insert(stripeCustomers)
      .values({ userId, customerId: created.id })
      .onConflictDoNothing({ target: stripeCustomers.userId })
      .returning();
    if (inserted) return inserted.customerId;
    // Another request created the account's customer at the same time: keep that one.
    await this.stripe.customers.del(created.id).catch(() => undefined);
    const [winner] = await this.#db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
    return winner!.customerId;
  }
}

const KNOWN_STATUSES = new Set<string>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);

export function toProcessorIntent(intent: Stripe.PaymentIntent): ProcessorIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  const lastError = intent.last_payment_error;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    // requires_capture never happens here (capture is automatic); read anything unknown as processing.
    status: (KNOWN_STATUSES.has(intent.status) ? intent.status : 'processing') as IntentStatus,
    paymentMethodId: paymentMethod,
    error: lastError ? { code: lastError.code ?? 'card_declined', message: lastError.message ?? 'Your card was declined.' } : null,
    receiptUrl: charge?.receipt_url ?? null,
  };
}

function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

function toProcessorError(error: unknown): PaymentProcessorError {
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProcessorError(`Stripe: ${message}`, { cause: error });
}
