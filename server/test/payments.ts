import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { creditLedger, credits } from '../db/schema/billing.ts';
import { createAccount, signIn, type TestAccount } from './accounts.ts';
import type { TestApp, TestServer } from './harness.ts';

/** Stripe's test card numbers (docs.stripe.com/testing). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  requiresAuthentication: '4000002760003184',
} as const;

/** Packs of the reference data (db/referenceData.ts): id 1 is 20 credits for $20.00, id 2 is 50 for $47.50. */
export const PACK_20 = { id: 1, credits: 20, price: 2_000 };
export const PACK_50 = { id: 2, credits: 50, price: 4_750 };

export interface Client {
  account: TestAccount;
  token: string;
}

/** A new account (20 credits from the sign-up grant) with an access token. */
export async function newClient(server: TestServer): Promise<Client> {
  const account = await createAccount(server.db);
  const { accessToken } = await signIn(server, account.email, account.password);
  return { account, token: accessToken };
}

/** Tokenizes a card with the local card processor; expects success and answers the pm id. */
export async function tokenizeCard(t: TestApp, client: Client, number: string = TEST_CARDS.succeeds): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/local-card-processor/payment-methods',
    token: client.token,
    body: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

/** Tokenizes and saves a card; answers its pm id. */
export async function saveCard(t: TestApp, client: Client, number: string = TEST_CARDS.succeeds): Promise<string> {
  const paymentMethodId = await tokenizeCard(t, client, number);
  const saved = await t.request({ method: 'POST', url: '/api/client/payment-methods', token: client.token, body: { paymentMethodId } });
  expect(saved.status, saved.text).toBe(201);
  return paymentMethodId;
}

export function createPayment(t: TestApp, client: Client, packId: number, idempotencyKey?: string) {
  return t.request({ method: 'POST', url: '/api/client/payments', token: client.token, body: { packId, ...(idempotencyKey ? { idempotencyKey } : {}) } });
}

export function confirmIntent(t: TestApp, client: Client, clientSecret: string, paymentMethodId: string) {
  return t.request({
    method: 'POST',
    url: `/api/local-card-processor/payment-intents/${clientSecret}/confirm`,
    token: client.token,
    body: { paymentMethodId },
  });
}

/** The whole one-time purchase as the SPA makes it: intent, then confirmation with the card. */
export async function buyPack(t: TestApp, client: Client, packId: number, paymentMethodId: string) {
  const intent = await createPayment(t, client, packId);
  expect(intent.status, intent.text).toBe(201);
  return confirmIntent(t, client, intent.body.client_secret, paymentMethodId);
}

export async function balanceOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ credits: credits.credits }).from(credits).where(eq(credits.userId, userId));
  return row!.credits;
}

/** The sum of an account's ledger, which always equals its balance. */
export async function ledgerSum(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row!.total);
}

export async function setOverdraft(db: Database, userId: number, overdraft: number): Promise<void> {
  await db.update(credits).set({ overdraft }).where(eq(credits.userId, userId));
}
