import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { autoRechargeJobs, payments } from '../../db/schema/billing.ts';
import { debitCredits } from '../../domain/credits/ledger.ts';
import { reconcileUnsettledPayments } from '../../domain/payments/paymentReconciler.ts';
import { FakeStripe } from '../../test/fakeStripe.ts';
import { startTestServer, type TestApp, type TestServer } from '../../test/harness.ts';
import { balanceOf, type Client, ledgerSum, newClient, PACK_20, PACK_50 } from '../../test/payments.ts';
import { StripePayments } from './stripePayments.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';

let server: TestServer;
let stripeApp: TestApp;
let fake: FakeStripe;
let adapter: StripePayments;

beforeAll(async () => {
  server = await startTestServer();
  // One database, two apps: only the Stripe app may run payment jobs, as in a deployment where
  // every instance has the same adapter.
  await server.app.paymentsWorker.stop();
  fake = new FakeStripe();
  adapter = new StripePayments({
    db: server.db,
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    httpClient: fake.httpClient,
  });
  stripeApp = await server.variant({ adapters: (_log, base) => ({ ...base, payments: adapter }) });
});
afterAll(() => server?.close());

beforeEach(() => fake.reset());

function postWebhook(t: TestApp, event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.request({ method: 'POST', url: '/api/stripe/webhook', rawBody: payload, contentType: 'application/json', headers: { 'stripe-signature': signature } });
}

function intentEvent(type: string, intentId: string) {
  return { id: `evt_${intentId}_${type}`, object: 'event', type, data: { object: { id: intentId, object: 'payment_intent' } } };
}

async function purchase(client: Client, packId: number, idempotencyKey?: string) {
  const response = await stripeApp.request({
    method: 'POST',
    url: '/api/client/payments',
    token: client.token,
    body: { packId, ...(idempotencyKey ? { idempotencyKey } : {}) },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { client_secret: string; paymentIntentId: string; amount: number; currency: string };
}

describe('StripePayments', () => {
  it('hands the publishable key to the payment form', async () => {
    const client = await newClient(server);
    const meta = await stripeApp.request({ method: 'GET', url: '/api/client/meta', token: client.token });
    const billing = meta.body.settings.find((s: { type: string }) => s.type === 'billing');
    expect(billing.value.cardProcessor).toEqual({ name: 'stripe', publishableKey: 'pk_test_fake' });
  });

  it("attaches a card to the account's Stripe customer, created once", async () => {
    const client = await newClient(server);
    for (const last4 of ['4242', '4444']) {
      const paymentMethodId = fake.addPaymentMethod(last4);
      const saved = await stripeApp.request({ method: 'POST', url: '/api/client/payment-methods', token: client.token, body: { paymentMethodId } });
      expect(saved.status, saved.text).toBe(201);
    }
    expect(fake.customers.size).toBe(1);
    const [customer] = [...fake.customers.values()];
    expect(customer!.email).toBe(client.account.email);
    const attaches = fake.calls.filter((call) => call.path.endsWith('/attach'));
    expect(attaches.map((call) => call.params.get('customer'))).toEqual([customer!.id, customer!.id]);
    const list = await stripeApp.request({ method: 'GET', url: '/api/client/payment-methods', token: client.token });
    expect(list.body.data.map((m: { card: { last4: string } }) => m.card.last4)).toEqual(['4444', '4242']);
  });

  it('answers 400 for a card Stripe does not know, and 402 with the code when Stripe refuses it', async () => {
    const client = await newClient(server);
    const unknown = await stripeApp.request({ method: 'POST', url: '/api/client/payment-methods', token: client.token, body: { paymentMethodId: 'pm_nothere' } });
    expect(unknown.status).toBe(400);
    fake.refuseAttach = 'card_declined';
    const refused = await stripeApp.request({
      method: 'POST',
      url: '/api/client/payment-methods',
      token: client.token,
      body: { paymentMethodId: fake.addPaymentMethod() },
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ error: 'card_declined', error_description: 'Your card was declined.' });
  });

  it("does not take a card saved by another account's customer", async () => {
    const owner = await newClient(server);
    const intruder = await newClient(server);
    const paymentMethodId = fake.addPaymentMethod();
    await stripeApp.request({ method: 'POST', url: '/api/client/payment-methods', token: owner.token, body: { paymentMethodId } });
    const stolen = await stripeApp.request({ method: 'POST', url: '/api/client/payment-methods', token: intruder.token, body: { paymentMethodId } });
    expect(stolen.status).toBe(400);
  });

  it('detaches a removed card at Stripe', async () => {
    const client = await newClient(server);
    const paymentMethodId = fake.addPaymentMethod();
    await stripeApp.request({ method: 'POST', url: '/api/client/payment-methods', token: client.token, body: { paymentMethodId } });
    const removed = await stripeApp.request({ method: 'DELETE', url: `/api/client/payment-methods?paymentMethodId=${paymentMethodId}`, token: client.token });
    expect(removed.status).toBe(204);
    expect(fake.methods.get(paymentMethodId)!.customer).toBeNull();
  });

  it('creates the intent for the pack price with an idempotency key derived from the client\'s', async () => {
    const client = await newClient(server);
    const intent = await purchase(client, PACK_50.id, 'submit-1');
    expect(intent).toMatchObject({ amount: PACK_50.price, currency: 'usd', client_secret: `${intent.paymentIntentId}_secret_fake` });
    const create = fake.calls.find((call) => call.path === '/v1/payment_intents')!;
    expect(create.idempotencyKey).toBe(`purchase-${client.account.id}-submit-1`);
    expect(create.params.get('amount')).toBe(String(PACK_50.price));
    expect(create.params.get('metadata[packId]')).toBe(String(PACK_50.id));
    expect(await purchase(client, PACK_50.id, 'submit-1')).toEqual(intent);
    expect(fake.intents.size).toBe(1);
  });

  it('answers 502 payment_processor_error when Stripe fails, and nothing is recorded', async () => {
    const client = await newClient(server);
    await purchase(client, PACK_20.id); // the customer exists now
    fake.failNext = true;
    const response = await stripeApp.request({ method: 'POST', url: '/api/client/payments', token: client.token, body: { packId: PACK_20.id } });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: 'payment_processor_error', error_description: 'External service error.' });
    const rows = await server.db.select().from(payments).where(eq(payments.userId, client.account.id));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /stripe/webhook', () => {
  it('settles the payment on payment_intent.succeeded, once however often Stripe delivers it', async () => {
    const client = await newClient(server);
    const intent = await purchase(client, PACK_20.id);
    fake.succeed(intent.paymentIntentId);
    for (let i = 0; i < 3; i += 1) {
      const response = await postWebhook(stripeApp, intentEvent('payment_intent.succeeded', intent.paymentIntentId));
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ received: true });
    }
    expect(await balanceOf(server.db, client.account.id)).toBe(40);
    expect(await ledgerSum(server.db, client.account.id)).toBe(40);
    const history = await stripeApp.request({ method: 'GET', url: '/api/client/payments', token: client.token });
    expect(history.body.data[0]).toMatchObject({ status: 'successful', isProcessed: true, isSuccessful: true });
    expect(history.body.data[0].webhookEvent.data.object.charges.data[0].receipt_url).toBe(
      `https://pay.stripe.com/receipts/ch_${intent.paymentIntentId}`,
    );
  });

  it('marks the payment failed on payment_intent.payment_failed', async () => {
    const client = await newClient(server);
    const intent = await purchase(client, PACK_20.id);
    Object.assign(fake.intents.get(intent.paymentIntentId)!, { last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } });
    expect((await postWebhook(stripeApp, intentEvent('payment_intent.payment_failed', intent.paymentIntentId))).status).toBe(200);
    const history = await stripeApp.request({ method: 'GET', url: '/api/client/payments', token: client.token });
    expect(history.body.data[0]).toMatchObject({ status: 'failed', isSuccessful: false });
    expect(await balanceOf(server.db, client.account.id)).toBe(20);
  });

  it('acknowledges other events and events about unknown intents without changing anything', async () => {
    expect((await postWebhook(stripeApp, { id: 'evt_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } })).status).toBe(200);
    const client = await newClient(server);
    const intent = await purchase(client, PACK_20.id);
    fake.succeed(intent.paymentIntentId);
    await server.db.delete(payments).where(eq(payments.processorIntentId, intent.paymentIntentId));
    expect((await postWebhook(stripeApp, intentEvent('payment_intent.succeeded', intent.paymentIntentId))).status).toBe(200);
    expect(await balanceOf(server.db, client.account.id)).toBe(20);
  });

  it('answers 400 when the signature does not verify, and changes nothing', async () => {
    const client = await newClient(server);
    const intent = await purchase(client, PACK_20.id);
    fake.succeed(intent.paymentIntentId);
    const forged = await postWebhook(stripeApp, intentEvent('payment_intent.succeeded', intent.paymentIntentId), 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('invalid_request');
    const unsigned = await stripeApp.request({ method: 'POST', url: '/api/stripe/webhook', body: intentEvent('payment_intent.succeeded', intent.paymentIntentId) });
    expect(unsigned.status).toBe(400);
    expect(await balanceOf(server.db, client.account.id)).toBe(20);
  });

  it('answers 501 with the local card processor', async () => {
    const response = await postWebhook(server, intentEvent('payment_intent.succeeded', 'pi_x'));
    expect(response.status).toBe(501);
    expect(response.body.error).toBe('not_implemented');
  });
});

describe('polling Stripe for payments the webhook did not settle', () => {
  it('settles an on-hold payment whose intent succeeded, once', async () => {
    const client = await newClient(server);
    const intent = await purchase(client, PACK_20.id);
    fake.succeed(intent.paymentIntentId);
    const due = new Date(Date.now() - 60_000);
    await server.db.update(payments).set({ createdAt: due, updatedAt: due }).where(eq(payments.processorIntentId, intent.paymentIntentId));
    expect(await reconcileUnsettledPayments(server.db, adapter, server.app.log)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(server.db, client.account.id)).toBe(40);
    // Settled payments are not asked about again; a late webhook changes nothing.
    expect((await postWebhook(stripeApp, intentEvent('payment_intent.succeeded', intent.paymentIntentId))).status).toBe(200);
    expect(await balanceOf(server.db, client.account.id)).toBe(40);
  });

  it('waits longer between polls as a payment ages', async () => {
    const client = await newClient(server);
    const intent = await purchase(client, PACK_20.id);
    // Created 10 minutes ago, last asked 2 minutes ago: the next poll is due at 5 minutes since then.
    await server.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000), updatedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(payments.processorIntentId, intent.paymentIntentId));
    const before = fake.calls.length;
    await reconcileUnsettledPayments(server.db, adapter, server.app.log);
    expect(fake.calls.slice(before).some((call) => call.path === `/v1/payment_intents/${intent.paymentIntentId}`)).toBe(false);
  });
});

describe('auto-recharge with Stripe', () => {
  async function clientWithAutoRecharge() {
    const client = await newClient(server);
    const paymentMethodId = fake.addPaymentMethod();
    await stripeApp.request({ method: 'POST', url: '/api/client/payment-methods', token: client.token, body: { paymentMethodId } });
    const set = await stripeApp.request({
      method: 'POST',
      url: '/api/client/auto-recharge',
      token: client.token,
      body: { packId: PACK_20.id, criticalCredits: 15, paymentMethodId },
    });
    expect(set.status).toBe(200);
    return { client, paymentMethodId };
  }

  it('confirms off-session with the saved card and adds the credits', async () => {
    const { client, paymentMethodId } = await clientWithAutoRecharge();
    await debitCredits(server.db, client.account.id, 10, 'call');
    await stripeApp.app.paymentsWorker.settle();
    const confirm = fake.calls.find((call) => call.path.endsWith('/confirm'))!;
    expect(confirm.params.get('off_session')).toBe('true');
    expect(confirm.params.get('payment_method')).toBe(paymentMethodId);
    expect(await balanceOf(server.db, client.account.id)).toBe(30);
    const [payment] = await server.db.select().from(payments).where(eq(payments.userId, client.account.id));
    expect(payment).toMatchObject({ isAutomatic: true, status: 'successful' });
  });

  it('records a card error as a failed automatic payment', async () => {
    const { client } = await clientWithAutoRecharge();
    fake.refuseOffSession = 'insufficient_funds';
    await debitCredits(server.db, client.account.id, 10, 'call');
    await stripeApp.app.paymentsWorker.settle();
    const [payment] = await server.db.select().from(payments).where(eq(payments.userId, client.account.id));
    expect(payment).toMatchObject({ isAutomatic: true, status: 'failed' });
    const [job] = await server.db.select().from(autoRechargeJobs).where(eq(autoRechargeJobs.userId, client.account.id));
    expect(job).toMatchObject({ status: 'failed', outcome: 'insufficient_funds' });
    expect(await balanceOf(server.db, client.account.id)).toBe(10);
  });
});
