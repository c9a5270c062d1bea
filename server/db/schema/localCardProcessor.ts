import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

// The state of the local card processor (server/adapters/payments/localCardProcessor.ts), the
// embedded stand-in for Stripe. It plays the processor's side of the flow, so these tables are
// its own, apart from the dashboard's payment_methods and payments.

/**
 * Test-card behaviours of Stripe's test numbers. The card number itself is never stored
 * (ARCHITECTURE.md, Adapters): only what a processor keeps too (brand, last4, expiry) and how
 * the test card answers when charged.
 */
export const localCardBehaviours = [
  'succeeds',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'requires_authentication',
] as const;
export type LocalCardBehaviour = (typeof localCardBehaviours)[number];

/** A tokenized card (`pm_…`), owned by the account that tokenized it. */
export const localCardPaymentMethods = pgTable(
  'local_card_payment_methods',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    behaviour: text({ enum: localCardBehaviours }).notNull(),
    /** Attached to its owner as a customer (Stripe's paymentMethods.attach); detached cards cannot be charged off-session. */
    isAttached: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('local_card_payment_methods_user_id_idx').on(t.userId)],
);

export const localIntentStatuses = ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled'] as const;
export type LocalIntentStatus = (typeof localIntentStatuses)[number];

/** A payment intent (`pi_…`) with Stripe's statuses and its client secret. */
export const localCardPaymentIntents = pgTable(
  'local_card_payment_intents',
  {
    id: text().primaryKey(),
    clientSecret: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text({ enum: localIntentStatuses }).notNull().default('requires_payment_method'),
    paymentMethodId: text(),
    /** The last refusal (Stripe's last_payment_error): code and message. */
    errorCode: text(),
    errorMessage: text(),
    /** Stripe keeps an idempotency key for 24 hours; so does this processor. */
    idempotencyKey: text(),
    /** The fingerprint of the creating request, so a reused key with other parameters is refused. */
    requestFingerprint: text().notNull(),
    /** The secret part of the public receipt link, set when the intent succeeds. */
    receiptToken: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('local_card_payment_intents_client_secret_key').on(t.clientSecret),
    uniqueIndex('local_card_payment_intents_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('local_card_payment_intents_receipt_token_key').on(t.receiptToken),
    check(
      'local_card_payment_intents_status_check',
      sql`${t.status} in ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled')`,
    ),
  ],
);
