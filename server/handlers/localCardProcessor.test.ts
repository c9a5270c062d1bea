import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCardPaymentMethods } from '../db/schema/localCardProcessor.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestServer } from '../test/harness.ts';
import {
  balanceOf,
  buyPack,
  type Client,
  confirmIntent,
  createPayment,
  newClient,
  PACK_20,
  tokenizeCard,
  TEST_CARDS,
} from '../test/payments.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const nextYear = new Date().getUTCFullYear() + 1;

function tokenize(client: Client, card: Partial<{ number: string; expMonth: number; expYear: number; cvc: string }>) {
  return server.request({
    method: 'POST',
    url: '/api/local-card-processor/payment-methods',
    token: client.token,
    body: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: nextYear, cvc: '123', ...card },
  });
}

function authenticate(client: Client, clientSecret: string, approve: boolean) {
  return server.request({
    method: 'POST',
    url: `/api/local-card-processor/payment-intents/${clientSecret}/authenticate`,
    token: client.token,
    body: { approve },
  });
}

async function paymentsOf(client: Client) {
  const response = await server.request({ method: 'GET', url: '/api/client/payments', token: client.token });
  expect(response.status).toBe(200);
  return response.body.data as { status: string; isProcessed: boolean; isSuccessful: boolean; webhookEvent: any }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('POST /local-card-processor/payment-methods (tokenize a card)', () => {
  it('answers a pm_ id with brand, last4 and expiry, and stores no card number', async () => {
    const client = await newClient(server);
    const response = await tokenize(client, { number: TEST_CARDS.mastercard, expMonth: 3 });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^pm_[A-Za-z0-9]{24}$/),
      card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: nextYear },
    });
    const [row] = await server.db.select().from(localCardPaymentMethods).where(eq(localCardPaymentMethods.id, response.body.id));
    expect(JSON.stringify(row)).not.toContain(TEST_CARDS.mastercard);
    expect(Object.keys(row!).sort()).toEqual(['behaviour', 'brand', 'createdAt', 'expMonth', 'expYear', 'id', 'isAttached', 'last4', 'userId']);
  });

  it('refuses a number that fails the Luhn check with 402 incorrect_number', async () => {
    const response = await tokenize(await newClient(server), { number: '4242424242424241' });
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: 'incorrect_number', error_description: 'Your card number is incorrect.' });
  });

  it('refuses an expiry in the past with 402 expired_card, and accepts the current month', async () => {
    const client = await newClient(server);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const expired = await tokenize(client, { expMonth: lastMonth.getUTCMonth() + 1, expYear: lastMonth.getUTCFullYear() });
    expect(expired.status).toBe(402);
    expect(expired.body.error).toBe('expired_card');
    const current = await tokenize(client, { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() });
    expect(current.status).toBe(201);
  });

  it.each([['12'], ['12345'], ['abc']])('refuses the CVC %j with 400', async (cvc) => {
    const response = await tokenize(await newClient(server), { cvc });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });

  it('accepts a 4-digit CVC', async () => {
    expect((await tokenize(await newClient(server), { number: '378282246310005', cvc: '1234' })).body.card.brand).toBe('amex');
  });

  it('needs the bearer token', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/local-card-processor/payment-methods',
      body: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: nextYear, cvc: '123' },
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /local-card-processor/payment-intents/{clientSecret}/confirm: Stripe test cards', () => {
  it('4242 4242 4242 4242 succeeds: the payment is successful, the credits are added, a receipt exists', async () => {
    const client = await newClient(server);
    const card = await tokenizeCard(server, client, TEST_CARDS.succeeds);
    const intent = await createPayment(server, client, PACK_20.id);
    const confirmed = await confirmIntent(server, client, intent.body.client_secret, card);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ id: intent.body.paymentIntentId, status: 'succeeded' });
    expect(await balanceOf(server.db, client.account.id)).toBe(20 + PACK_20.credits);
    const [payment] = await paymentsOf(client);
    expect(payment).toMatchObject({ status: 'successful', isProcessed: true, isSuccessful: true });
    expect(payment!.webhookEvent.data.object.charges.data[0].receipt_url).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/receipts/[A-Za-z0-9_-]{32}$`),
    );
  });

  it.each([
    [TEST_CARDS.declined, 'card_declined', 'Your card was declined.'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds', 'Your card has insufficient funds.'],
    [TEST_CARDS.expired, 'expired_card', 'Your card has expired.'],
    [TEST_CARDS.incorrectCvc, 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('%s is refused with %s: the payment fails and no credits are added', async (number, code, message) => {
    const client = await newClient(server);
    const card = await tokenizeCard(server, client, number);
    const confirmed = await buyPack(server, client, PACK_20.id, card);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ id: expect.stringMatching(/^pi_/), status: 'requires_payment_method', error: { code, message } });
    expect(await balanceOf(server.db, client.account.id)).toBe(20);
    const [payment] = await paymentsOf(client);
    expect(payment).toMatchObject({ status: 'failed', isProcessed: true, isSuccessful: false });
    expect(payment!.webhookEvent.data.object.charges.data[0].receipt_url).toBeNull();
  });

  it('a refused intent can be confirmed again with another card, and then succeeds', async () => {
    const client = await newClient(server);
    const declined = await tokenizeCard(server, client, TEST_CARDS.declined);
    const good = await tokenizeCard(server, client, TEST_CARDS.succeeds);
    const intent = await createPayment(server, client, PACK_20.id);
    expect((await confirmIntent(server, client, intent.body.client_secret, declined)).body.status).toBe('requires_payment_method');
    expect((await confirmIntent(server, client, intent.body.client_secret, good)).body.status).toBe('succeeded');
    expect(await balanceOf(server.db, client.account.id)).toBe(40);
    expect((await paymentsOf(client))[0]).toMatchObject({ status: 'successful', isSuccessful: true });
  });

  it('confirming twice charges once and adds the credits once', async () => {
    const client = await newClient(server);
    const card = await tokenizeCard(server, client);
    const intent = await createPayment(server, client, PACK_20.id);
    const [first, second] = await Promise.all([
      confirmIntent(server, client, intent.body.client_secret, card),
      confirmIntent(server, client, intent.body.client_secret, card),
    ]);
    const third = await confirmIntent(server, client, intent.body.client_secret, card);
    for (const response of [first, second, third]) expect(response.body.status).toBe('succeeded');
    expect(await balanceOf(server.db, client.account.id)).toBe(40);
  });

  it('answers 404 for an unknown client secret or another client\'s intent', async () => {
    const owner = await newClient(server);
    const intruder = await newClient(server);
    const intent = await createPayment(server, owner, PACK_20.id);
    const card = await tokenizeCard(server, intruder);
    const foreign = await confirmIntent(server, intruder, intent.body.client_secret, card);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
    expect((await confirmIntent(server, owner, 'pi_unknown_secret_unknown', card)).status).toBe(404);
    expect(await balanceOf(server.db, owner.account.id)).toBe(20);
  });

  it("answers 400 for a payment method the caller did not tokenize (another client's card)", async () => {
    const owner = await newClient(server);
    const other = await newClient(server);
    const othersCard = await tokenizeCard(server, other);
    const intent = await createPayment(server, owner, PACK_20.id);
    const response = await confirmIntent(server, owner, intent.body.client_secret, othersCard);
    expect(response.status).toBe(400);
    expect(await balanceOf(server.db, owner.account.id)).toBe(20);
  });

  it('answers 400 for a malformed client secret', async () => {
    const client = await newClient(server);
    const response = await confirmIntent(server, client, 'not-a-secret', 'pm_x');
    expect(response.status).toBe(400);
  });
});

describe('3-D Secure (4000 0027 6000 3184)', () => {
  async function intentNeedingAuthentication(client: Client) {
    const card = await tokenizeCard(server, client, TEST_CARDS.requiresAuthentication);
    const intent = await createPayment(server, client, PACK_20.id);
    const confirmed = await confirmIntent(server, client, intent.body.client_secret, card);
    expect(confirmed.body).toEqual({ id: intent.body.paymentIntentId, status: 'requires_action' });
    expect((await paymentsOf(client))[0]).toMatchObject({ status: 'on-hold', isProcessed: false });
    return intent.body.client_secret as string;
  }

  it('confirm → requires_action; approve → succeeded with the credits added once', async () => {
    const client = await newClient(server);
    const secret = await intentNeedingAuthentication(client);
    expect(await balanceOf(server.db, client.account.id)).toBe(20);
    const approved = await authenticate(client, secret, true);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('succeeded');
    expect(await balanceOf(server.db, client.account.id)).toBe(40);
    // The challenge is over: a second answer is refused, and adds nothing.
    const again = await authenticate(client, secret, true);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('payment_intent_unexpected_state');
    expect(await balanceOf(server.db, client.account.id)).toBe(40);
  });

  it('reject → requires_payment_method with payment_intent_authentication_failure; the payment fails', async () => {
    const client = await newClient(server);
    const secret = await intentNeedingAuthentication(client);
    const rejected = await authenticate(client, secret, false);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'requires_payment_method', error: { code: 'payment_intent_authentication_failure' } });
    expect(await balanceOf(server.db, client.account.id)).toBe(20);
    expect((await paymentsOf(client))[0]).toMatchObject({ status: 'failed', isSuccessful: false });
  });

  it('answers 409 for an intent that is not waiting for authentication, 404 for another client', async () => {
    const client = await newClient(server);
    const intent = await createPayment(server, client, PACK_20.id);
    expect((await authenticate(client, intent.body.client_secret, true)).status).toBe(409);
    const secret = await intentNeedingAuthentication(client);
    const intruder = await newClient(server);
    expect((await authenticate(intruder, secret, true)).status).toBe(404);
    expect(await balanceOf(server.db, client.account.id)).toBe(20);
  });
});

describe('receipts', () => {
  it('serves a successful payment\'s receipt at its unguessable link: pack, amount, date, last4', async () => {
    const client = await newClient(server);
    const card = await tokenizeCard(server, client, TEST_CARDS.succeeds);
    await buyPack(server, client, PACK_20.id, card);
    const [payment] = await paymentsOf(client);
    const url = new URL(payment!.webhookEvent.data.object.charges.data[0].receipt_url);
    const page = await server.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('20 credits');
    expect(page.body).toContain('$20.00');
    expect(page.body).toContain('•••• 4242');
    expect(page.body).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  });

  it('answers 404 for an unknown token', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/receipts/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(page.statusCode).toBe(404);
  });
});

describe('with the Stripe adapter', () => {
  it('answers 501 not_implemented on every local card processor operation', async () => {
    const stripe = await server.variant({
      config: { stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: undefined } },
    });
    const client = await newClient(server);
    const token = client.token;
    const secret = 'pi_abc_secret_def';
    const responses = await Promise.all([
      stripe.request({ method: 'POST', url: '/api/local-card-processor/payment-methods', token, body: { number: TEST_CARDS.succeeds, expMonth: 1, expYear: nextYear, cvc: '123' } }),
      stripe.request({ method: 'POST', url: `/api/local-card-processor/payment-intents/${secret}/confirm`, token, body: { paymentMethodId: 'pm_x' } }),
      stripe.request({ method: 'POST', url: `/api/local-card-processor/payment-intents/${secret}/authenticate`, token, body: { approve: true } }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(501);
      expect(response.body.error).toBe('not_implemented');
    }
  });
});
