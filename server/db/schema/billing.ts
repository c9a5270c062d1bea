import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { calls } from './calls.ts';
import { createdAt, id, instant, updatedAt } from './columns.ts';
import { creditPacks } from './reference.ts';

/**
 * The balance of an account (spec §3 Credits record). Changed only together with a
 * `credit_ledger` row (server/domain/credits/ledger.ts), in one transaction.
 */
export const credits = pgTable(
  'credits',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    credits: integer().notNull().default(0),
    /** The floor the balance may reach (0 or negative); credits == overdraft is "overdraft reached" (spec §4). */
    overdraft: integer().notNull().default(0),
    /**
     * Credits held by calls being placed (the sum of their calls.reserved_credits): what the
     * client can spend is credits - reserved (common/rules/credits.ts), never below the overdraft.
     */
    reserved: integer().notNull().default(0),
    minMonthlySpendingRequirement: integer().notNull().default(0),
    /**
     * When the owner was last e-mailed that, at the last 30 days' pace, the credits run out within
     * 3 days (issue 20, credit forecast); null when no warning stands. Cleared once the forecast
     * is past 3 days again (credits bought, auto-recharge on), so the next run-out warns again.
     */
    runOutWarnedAt: instant(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('credits_overdraft_not_positive', sql`${t.overdraft} <= 0`),
    check('credits_not_below_overdraft', sql`${t.credits} >= ${t.overdraft}`),
    check('credits_reserved_not_negative', sql`${t.reserved} >= 0`),
  ],
);

export const creditLedgerReasons = ['signup_grant', 'purchase', 'auto_recharge', 'call', 'refund', 'adjustment'] as const;
export type CreditLedgerReason = (typeof creditLedgerReasons)[number];

/**
 * Append-only history of every credit change (ARCHITECTURE.md, Credits). A trigger in the
 * migrations rejects UPDATE and DELETE on this table.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    delta: integer().notNull(),
    balanceAfter: integer().notNull(),
    reason: text({ enum: creditLedgerReasons }).notNull(),
    paymentId: integer().references(() => payments.id),
    callId: integer().references(() => calls.id),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_id_created_at_idx').on(t.userId, t.createdAt),
    // A payment's credits are granted once, however often the processor reports it.
    uniqueIndex('credit_ledger_payment_id_key').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    check(
      'credit_ledger_reason_check',
      sql`${t.reason} in ('signup_grant', 'purchase', 'auto_recharge', 'call', 'refund', 'adjustment')`,
    ),
  ],
);

/** A card saved with the card processor (spec §3 Payment method). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The processor's id (`pm_…`). */
    processorId: text().notNull(),
    brand: text(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_methods_processor_id_key').on(t.processorId), index('payment_methods_user_id_idx').on(t.userId)],
);

/** Automatic purchase of a pack when credits fall below a threshold (spec §3 Auto-recharge). */
export const autoRecharges = pgTable('auto_recharges', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  packId: integer()
    .notNull()
    .references(() => creditPacks.id),
  criticalCredits: integer().notNull(),
  paymentMethodId: integer()
    .notNull()
    .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  /**
   * The threshold-crossing marker: a debit that leaves the balance below criticalCredits while
   * armed disarms it and queues one purchase; only a balance back at or above the threshold
   * re-arms it. So a purchase happens at most once per crossing (domain/payments/autoRecharge.ts).
   */
  isArmed: boolean().notNull().default(true),
  /**
   * At most this many purchases are queued in any 24 hours (issue 15): a crossing past it charges
   * nothing and the client is e-mailed once a day instead (autoRechargeTrigger.ts).
   */
  maxPerDay: integer().notNull().default(3),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const autoRechargeJobStatuses = ['pending', 'processing', 'done', 'failed', 'canceled'] as const;
export type AutoRechargeJobStatus = (typeof autoRechargeJobStatuses)[number];

/**
 * A queued auto-recharge purchase. Queued inside the debit's transaction, charged outside it by
 * a worker that claims rows with FOR UPDATE SKIP LOCKED (ARCHITECTURE.md rule 3), so the card
 * processor is never called while the balance row is locked.
 */
export const autoRechargeJobs = pgTable(
  'auto_recharge_jobs',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: autoRechargeJobStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    claimedAt: instant(),
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    /** Why the job ended without a successful purchase. */
    outcome: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One purchase in flight per account, whatever races the debits run.
    uniqueIndex('auto_recharge_jobs_one_open_per_user').on(t.userId).where(sql`${t.status} in ('pending', 'processing')`),
    index('auto_recharge_jobs_status_idx').on(t.status, t.id),
    // The daily cap counts an account's jobs of the last 24 hours (autoRechargeTrigger.ts).
    index('auto_recharge_jobs_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('auto_recharge_jobs_status_check', sql`${t.status} in ('pending', 'processing', 'done', 'failed', 'canceled')`),
  ],
);

/** The Stripe customer of an account, created on first use by the Stripe adapter. */
export const stripeCustomers = pgTable('stripe_customers', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text().notNull().unique(),
  createdAt: createdAt(),
});

export const paymentStatuses = ['on-hold', 'failed', 'canceled', 'successful'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A credit-pack purchase (spec §3 Payment; statuses from spec §4). */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shown as Payment ID (spec §3). */
    convertId: text().notNull(),
    packId: integer()
      .notNull()
      .references(() => creditPacks.id),
    /** Cents, copied from the pack at purchase time. */
    amount: integer().notNull(),
    credits: integer().notNull(),
    status: text({ enum: paymentStatuses }).notNull().default('on-hold'),
    isAutomatic: boolean().notNull().default(false),
    isProcessed: boolean().notNull().default(false),
    isSuccessful: boolean().notNull().default(false),
    paymentMethodId: integer().references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** The processor's payment intent (`pi_…`) and its client secret. */
    processorIntentId: text().notNull(),
    clientSecret: text().notNull(),
    idempotencyKey: text(),
    receiptUrl: text(),
    /** The processor's last event about this payment (spec §3 webhookEvent). */
    webhookEvent: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_convert_id_key').on(t.convertId),
    uniqueIndex('payments_processor_intent_id_key').on(t.processorIntentId),
    uniqueIndex('payments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payments_user_id_created_at_idx').on(t.userId, t.createdAt),
    // The reconciler's sweep over unsettled payments (domain/payments/paymentReconciler.ts).
    index('payments_on_hold_created_at_idx').on(t.createdAt).where(sql`${t.status} = 'on-hold'`),
    check('payments_status_check', sql`${t.status} in ('on-hold', 'failed', 'canceled', 'successful')`),
  ],
);
