import { randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type LocalCardBehaviour,
  localCardPaymentIntents,
  localCardPaymentMethods,
} from '../../db/schema/localCardProcessor.ts';
import {
  type AttachedCard,
  CARD_ERROR_MESSAGES,
  type CardError,
  IdempotencyKeyReusedError,
  type OffSessionCharge,
  type PaymentIntentRequest,
  type Payments,
  PaymentProcessorError,
  type ProcessorIntent,
} from './payments.ts';
import { cardBrand, isExpired, passesLuhn, testCardBehaviour } from './testCards.ts';

/** What the SPA's card form sends (contract LocalCardInput); never stored. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface LocalPaymentMethod {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

export type TokenizeOutcome = { ok: true; paymentMethod: LocalPaymentMethod } | { ok: false; error: CardError };

/** Stripe forgets idempotency keys after 24 hours; so does this processor. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

type IntentRow = typeof localCardPaymentIntents.$inferSelect;
type MethodRow = typeof localCardPaymentMethods.$inferSelect;

/**
 * The embedded stand-in for Stripe (ARCHITECTURE.md, Adapters): the same flow and statuses,
 * driven by Stripe's test card numbers (adapters/payments/testCards.ts), with its state in the
 * database so every server instance sees the same intents. Cards are tokenized by the account
 * that owns them; an intent belongs to the account it was created for. Successful intents get
 * a receipt served by this server at /receipts/<token>.
 */
export class LocalCardProcessor implements Payments {
  readonly name = 'local';
  readonly description = 'local card processor (Stripe test cards)';
  readonly publishableKey = null;
  readonly reportsAsynchronously = false;
  readonly #db: Database;
  readonly #publicUrl: string;

  constructor(options: { db: Database; publicUrl: string }) {
    this.#db = options.db;
    this.#publicUrl = options.publicUrl;
  }

  /**
   * Stripe.js createPaymentMethod: checks the number (Luhn), expiry and CVC, as Stripe does
   * before any charge; how a test card answers a charge is decided at confirmation.
   */
  async tokenizeCard(userId: number, card: CardDetails): Promise<TokenizeOutcome> {
    if (!passesLuhn(card.number)) return refused('incorrect_number');
    if (isExpired(card.expMonth, card.expYear)) return refused('expired_card');
    if (!/^\d{3,4}$/.test(card.cvc)) return refused('incorrect_cvc');
    const [row] = await this.#db
      .insert(localCardPaymentMethods)
      .values({
        id: randomId('pm'),
        userId,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        behaviour: testCardBehaviour(card.number),
      })
      .returning();
    return { ok: true, paymentMethod: toLocalPaymentMethod(row!) };
  }

  async attachPaymentMethod(userId: number, paymentMethodId: string): Promise<AttachedCard | null> {
    const [row] = await this.#db
      .update(localCardPaymentMethods)
      .set({ isAttached: true })
      .where(and(eq(localCardPaymentMethods.id, paymentMethodId), eq(localCardPaymentMethods.userId, userId)))
      .returning();
    return row ? { paymentMethodId: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear } : null;
  }

  async detachPaymentMethod(userId: number, paymentMethodId: string): Promise<void> {
    await this.#db
      .update(localCardPaymentMethods)
      .set({ isAttached: false })
      .where(and(eq(localCardPaymentMethods.id, paymentMethodId), eq(localCardPaymentMethods.userId, userId)));
  }

  async createPaymentIntent(request: PaymentIntentRequest): Promise<ProcessorIntent> {
    const fingerprint = JSON.stringify([request.amount, request.currency, request.metadata]);
    const existing = await this.#intentByIdempotencyKey(request.userId, request.idempotencyKey);
    if (existing) {
      if (Date.now() - existing.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) return this.#replay(existing, fingerprint);
      // An expired key starts afresh, as on Stripe.
      await this.#db.update(localCardPaymentIntents).set({ idempotencyKey: null }).where(eq(localCardPaymentIntents.id, existing.id));
    }
    const id = randomId('pi');
    const [created] = await this.#db
      .insert(localCardPaymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomAlphanumeric(24)}`,
        userId: request.userId,
        amount: request.amount,
        currency: request.currency,
        idempotencyKey: request.idempotencyKey,
        requestFingerprint: fingerprint,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return this.#toIntent(created);
    // A concurrent request with the same key won the insert: answer its intent.
    const winner = await this.#intentByIdempotencyKey(request.userId, request.idempotencyKey);
    if (!winner) throw new PaymentProcessorError('Payment intent vanished during creation');
    return this.#replay(winner, fingerprint);
  }

  async retrievePaymentIntent(intentId: string): Promise<ProcessorIntent> {
    const [row] = await this.#db.select().from(localCardPaymentIntents).where(eq(localCardPaymentIntents.id, intentId));
    if (!row) throw new PaymentProcessorError(`No such payment intent: ${intentId}`);
    return this.#toIntent(row);
  }

  async chargeOffSession(charge: OffSessionCharge): Promise<ProcessorIntent> {
    const [intent] = await this.#db
      .select()
      .from(localCardPaymentIntents)
      .where(and(eq(localCardPaymentIntents.id, charge.intentId), eq(localCardPaymentIntents.userId, charge.userId)));
    if (!intent) throw new PaymentProcessorError(`No such payment intent: ${charge.intentId}`);
    const outcome = await this.#attempt(intent.clientSecret, charge.userId, charge.paymentMethodId, { offSession: true });
    if (outcome === 'not_found') throw new PaymentProcessorError(`No such payment intent: ${charge.intentId}`);
    if (outcome !== 'unknown_payment_method') return outcome;
    // A saved card the processor no longer holds is a refusal of this charge, not an outage.
    const [refused] = await this.#db
      .update(localCardPaymentIntents)
      .set({ status: 'requires_payment_method', errorCode: 'resource_missing', errorMessage: 'The saved card is no longer available.' })
      .where(eq(localCardPaymentIntents.id, intent.id))
      .returning();
    return this.#toIntent(refused!);
  }

  /** Stripe.js confirmCardPayment, for the caller's intent with one of the caller's cards. */
  async confirmPaymentIntent(
    userId: number,
    clientSecret: string,
    paymentMethodId: string,
  ): Promise<ProcessorIntent | 'not_found' | 'unknown_payment_method'> {
    return this.#attempt(clientSecret, userId, paymentMethodId, { offSession: false });
  }

  /** The 3-D Secure challenge of an intent in requires_action: approved it succeeds, refused it fails. */
  async authenticatePaymentIntent(
    userId: number,
    clientSecret: string,
    approve: boolean,
  ): Promise<ProcessorIntent | 'not_found' | 'unexpected_state'> {
    const updated = await this.#db.transaction(async (tx) => {
      const [intent] = await tx
        .select()
        .from(localCardPaymentIntents)
        .where(and(eq(localCardPaymentIntents.clientSecret, clientSecret), eq(localCardPaymentIntents.userId, userId)))
        .for('update');
      if (!intent) return 'not_found' as const;
      if (intent.status !== 'requires_action') return 'unexpected_state' as const;
      const [row] = await tx
        .update(localCardPaymentIntents)
        .set(approve ? succeeded() : failed('payment_intent_authentication_failure'))
        .where(eq(localCardPaymentIntents.id, intent.id))
        .returning();
      return row!;
    });
    return typeof updated === 'string' ? updated : this.#toIntent(updated);
  }

  /** What a receipt shows (spec §3 Payment: receipt link), by the secret token of its link. */
  async findReceipt(token: string): Promise<{ intent: ProcessorIntent; createdAt: Date; card: LocalPaymentMethod['card'] | null } | null> {
    const [row] = await this.#db
      .select({ intent: localCardPaymentIntents, method: localCardPaymentMethods })
      .from(localCardPaymentIntents)
      .leftJoin(localCardPaymentMethods, eq(localCardPaymentMethods.id, localCardPaymentIntents.paymentMethodId))
      .where(and(eq(localCardPaymentIntents.receiptToken, token), eq(localCardPaymentIntents.status, 'succeeded')));
    if (!row) return null;
    return {
      intent: this.#toIntent(row.intent),
      createdAt: row.intent.updatedAt,
      card: row.method ? toLocalPaymentMethod(row.method).card : null,
    };
  }

  /**
   * One charge attempt with a card, under the intent's row lock so that a double submit charges
   * once: an intent that has succeeded already is answered as it is.
   */
  async #attempt(
    clientSecret: string,
    userId: number,
    paymentMethodId: string,
    { offSession }: { offSession: boolean },
  ): Promise<ProcessorIntent | 'not_found' | 'unknown_payment_method'> {
    const outcome = await this.#db.transaction(async (tx) => {
      const [intent] = await tx
        .select()
        .from(localCardPaymentIntents)
        .where(and(eq(localCardPaymentIntents.clientSecret, clientSecret), eq(localCardPaymentIntents.userId, userId)))
        .for('update');
      if (!intent) return 'not_found' as const;
      if (intent.status === 'succeeded' || intent.status === 'canceled') return intent;
      const [method] = await tx
        .select()
        .from(localCardPaymentMethods)
        .where(and(eq(localCardPaymentMethods.id, paymentMethodId), eq(localCardPaymentMethods.userId, userId)));
      if (!method || (offSession && !method.isAttached)) return 'unknown_payment_method' as const;
      const [row] = await tx
        .update(localCardPaymentIntents)
        .set({ paymentMethodId: method.id, ...chargeResult(method.behaviour, offSession) })
        .where(eq(localCardPaymentIntents.id, intent.id))
        .returning();
      return row!;
    });
    return typeof outcome === 'string' ? outcome : this.#toIntent(outcome);
  }

  async #intentByIdempotencyKey(userId: number, key: string): Promise<IntentRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(localCardPaymentIntents)
      .where(and(eq(localCardPaymentIntents.userId, userId), eq(localCardPaymentIntents.idempotencyKey, key)));
    return row;
  }

  #replay(row: IntentRow, fingerprint: string): ProcessorIntent {
    if (row.requestFingerprint !== fingerprint) {
      throw new IdempotencyKeyReusedError('The idempotency key was already used with other parameters.');
    }
    return this.#toIntent(row);
  }

  #toIntent(row: IntentRow): ProcessorIntent {
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      paymentMethodId: row.paymentMethodId,
      error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? row.errorCode } : null,
      receiptUrl: row.status === 'succeeded' && row.receiptToken ? `${this.#publicUrl}/receipts/${row.receiptToken}` : null,
    };
  }
}

/** How a test card answers a charge (docs.stripe.com/testing). */
function chargeResult(behaviour: LocalCardBehaviour, offSession: boolean) {
  switch (behaviour) {
    case 'succeeds':
      return succeeded();
    case 'requires_authentication':
      // Off-session nobody can answer the challenge: Stripe fails it as authentication_required.
      return offSession ? failed('authentication_required') : { status: 'requires_action' as const, errorCode: null, errorMessage: null };
    default:
      return failed(behaviour);
  }
}

function succeeded() {
  return { status: 'succeeded' as const, errorCode: null, errorMessage: null, receiptToken: randomBytes(24).toString('base64url') };
}

function failed(code: string) {
  return { status: 'requires_payment_method' as const, errorCode: code, errorMessage: CARD_ERROR_MESSAGES[code] ?? code };
}

function refused(code: string): TokenizeOutcome {
  return { ok: false, error: { code, message: CARD_ERROR_MESSAGES[code] ?? code } };
}

function toLocalPaymentMethod(row: MethodRow): LocalPaymentMethod {
  return { id: row.id, card: { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear } };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/** Ids shaped like Stripe's (`pm_…`, `pi_…`), matching the contract's patterns. */
function randomId(prefix: 'pm' | 'pi'): string {
  return `${prefix}_${randomAlphanumeric(24)}`;
}
