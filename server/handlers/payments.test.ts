import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRecharges, payments } from '../db/schema/billing.ts';
import { localCardPaymentIntents } from '../db/schema/localCardProcessor.ts';
import { newConvertId } from '../domain/payments/purchases.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import {
  balanceOf,
  buyPack,
  type Client,
  confirmIntent,
  createPayment,
  newClient,
  PACK_20,
  PACK_50,
  saveCard,
  tokenizeCard,
  TEST_CARDS,
} from '../test/payments.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function listCards(client: Client) {
  return server.request({ method: 'GET', url: '/api/client/payment-methods', token: client.token });
}

function deleteCard(client: Client, paymentMethodId: string) {
  return server.request({ method: 'DELETE', url: `/api/client/payment-methods?paymentMethodId=${paymentMethodId}`, token: client.token });
}

function setAutoRecharge(client: Client, body: Record<string, unknown>) {
  return server.request({ method: 'POST', url: '/api/client/auto-recharge', token: client.token, body });
}

function getCredits(client: Client) {
  return server.request({ method: 'GET', url: '/api/client/credits', token: client.token });
}

function listPayments(client: Client, query = '') {
  return server.request({ method: 'GET', url: `/api/client/payments${query}`, token: client.token });
}

describe('payment methods', () => {
  it('saves a tokenized card and lists it, newest first, with brand, last4 and expiry', async () => {
    const client = await newClient(server);
    expect((await listCards(client)).body).toEqual({ data: [] });
    const first = await saveCard(server, client, TEST_CARDS.succeeds);
    const second = await saveCard(server, client, TEST_CARDS.mastercard);
    const list = await listCards(client);
    expect(list.status).toBe(200);
    const year = new Date().getUTCFullYear() + 2;
    expect(list.body.data).toEqual([
      { id: second, paymentMethodId: second, card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: year } },
      { id: first, paymentMethodId: first, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: year } },
    ]);
  });

  it('answers 201 with the id, and saving the same card again keeps one', async () => {
    const client = await newClient(server);
    const paymentMethodId = await tokenizeCard(server, client);
    for (let i = 0; i < 2; i += 1) {
      const saved = await server.request({ method: 'POST', url: '/api/client/payment-methods', token: client.token, body: { paymentMethodId } });
      expect(saved.status).toBe(201);
      expect(saved.body).toEqual({ paymentMethodId });
    }
    expect((await listCards(client)).body.data).toHaveLength(1);
  });

  it("answers 400 for a payment method the processor does not know for the caller, including another client's", async () => {
    const owner = await newClient(server);
    const intruder = await newClient(server);
    const ownersCard = await saveCard(server, owner);
    for (const paymentMethodId of [ownersCard, 'pm_doesnotexist']) {
      const response = await server.request({ method: 'POST', url: '/api/client/payment-methods', token: intruder.token, body: { paymentMethodId } });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
    expect((await listCards(intruder)).body.data).toEqual([]);
    expect((await listCards(owner)).body.data).toHaveLength(1);
  });

  it('answers 400 for a malformed id', async () => {
    const client = await newClient(server);
    const response = await server.request({ method: 'POST', url: '/api/client/payment-methods', token: client.token, body: { paymentMethodId: 'card_1' } });
    expect(response.status).toBe(400);
  });

  it('removes a saved card with 204; the auto-recharge that used it goes too', async () => {
    const client = await newClient(server);
    const card = await saveCard(server, client);
    const other = await saveCard(server, client, TEST_CARDS.mastercard);
    expect((await setAutoRecharge(client, { packId: PACK_20.id, criticalCredits: 5, paymentMethodId: card })).status).toBe(200);
    const removed = await deleteCard(client, card);
    expect(removed.status).toBe(204);
    expect((await listCards(client)).body.data.map((m: { id: string }) => m.id)).toEqual([other]);
    expect((await getCredits(client)).body.autoRecharge).toBeNull();
  });

  it('keeps the auto-recharge when another card is removed', async () => {
    const client = await newClient(server);
    const card = await saveCard(server, client);
    const other = await saveCard(server, client, TEST_CARDS.mastercard);
    await setAutoRecharge(client, { packId: PACK_20.id, criticalCredits: 5, paymentMethodId: card });
    expect((await deleteCard(client, other)).status).toBe(204);
    expect((await getCredits(client)).body.autoRecharge).toEqual({ packId: PACK_20.id, criticalCredits: 5, maxPerDay: 3, paymentMethodId: card });
  });

  it("answers 404 for an unknown card and for another client's card, which stays saved", async () => {
    const owner = await newClient(server);
    const intruder = await newClient(server);
    const card = await saveCard(server, owner);
    await setAutoRecharge(owner, { packId: PACK_20.id, criticalCredits: 5, paymentMethodId: card });
    const foreign = await deleteCard(intruder, card);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
    expect((await deleteCard(owner, 'pm_unknown')).status).toBe(404);
    expect((await listCards(owner)).body.data).toHaveLength(1);
    expect((await getCredits(owner)).body.autoRecharge).not.toBeNull();
  });

  it('answers 400 without paymentMethodId', async () => {
    const client = await newClient(server);
    expect((await server.request({ method: 'DELETE', url: '/api/client/payment-methods', token: client.token })).status).toBe(400);
  });
});

describe('POST /client/payments', () => {
  it('answers 201 with the client secret of an intent for the pack\'s price, and records an on-hold payment', async () => {
    const client = await newClient(server);
    const response = await createPayment(server, client, PACK_50.id, 'key-1');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      client_secret: expect.stringMatching(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/),
      paymentIntentId: expect.stringMatching(/^pi_/),
      amount: PACK_50.price,
      currency: 'usd',
    });
    const list = await listPayments(client);
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      status: 'on-hold',
      isAutomatic: false,
      isProcessed: false,
      isSuccessful: false,
      amount: PACK_50.price,
      CreditPack: PACK_50,
      webhookEvent: null,
    });
    expect(list.body.data[0].convertId).toMatch(/^PAY-[0-9A-Z]{12}$/);
  });

  it('answers the same intent for the same idempotency key: a double submit charges once, credits once', async () => {
    const client = await newClient(server);
    const card = await tokenizeCard(server, client);
    const [first, second] = await Promise.all([createPayment(server, client, PACK_20.id, 'double'), createPayment(server, client, PACK_20.id, 'double')]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    await confirmIntent(server, client, first.body.client_secret, card);
    const third = await createPayment(server, client, PACK_20.id, 'double');
    expect(third.body).toEqual(first.body);
    await confirmIntent(server, client, third.body.client_secret, card);
    expect(await balanceOf(server.db, client.account.id)).toBe(20 + PACK_20.credits);
    expect((await listPayments(client)).body.count).toBe(1);
  });

  it('answers 409 idempotency_key_reused for the same key with another pack', async () => {
    const client = await newClient(server);
    await createPayment(server, client, PACK_20.id, 'reused');
    const response = await createPayment(server, client, PACK_50.id, 'reused');
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('idempotency_key_reused');
    expect((await listPayments(client)).body.count).toBe(1);
  });

  it('keeps idempotency keys per client', async () => {
    const a = await newClient(server);
    const b = await newClient(server);
    const first = await createPayment(server, a, PACK_20.id, 'shared-key');
    const second = await createPayment(server, b, PACK_50.id, 'shared-key');
    expect(second.status).toBe(201);
    expect(second.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
  });

  it('starts a new purchase for a key older than 24 hours', async () => {
    const client = await newClient(server);
    const first = await createPayment(server, client, PACK_20.id, 'old-key');
    // A day later at the processor too: its idempotency window (24 h) has passed as well.
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await server.db.update(payments).set({ createdAt: dayAgo }).where(eq(payments.processorIntentId, first.body.paymentIntentId));
    await server.db.update(localCardPaymentIntents).set({ createdAt: dayAgo }).where(eq(localCardPaymentIntents.id, first.body.paymentIntentId));
    const later = await createPayment(server, client, PACK_50.id, 'old-key');
    expect(later.status).toBe(201);
    expect(later.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
    expect((await listPayments(client)).body.count).toBe(2);
  });

  it('starts a new purchase for every request without a key', async () => {
    const client = await newClient(server);
    const first = await createPayment(server, client, PACK_20.id);
    const second = await createPayment(server, client, PACK_20.id);
    expect(second.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
  });

  it.each([[{ packId: 999 }], [{ packId: 0 }], [{ packId: 'one' }], [{}], [{ packId: 1, extra: true }], [{ packId: 1, idempotencyKey: '' }]])(
    'answers 400 for %j',
    async (body) => {
      const client = await newClient(server);
      const response = await server.request({ method: 'POST', url: '/api/client/payments', token: client.token, body });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    },
  );
});

describe('GET /client/payments (payment history)', () => {
  let client: Client;
  const created: Date[] = [];

  beforeAll(async () => {
    client = await newClient(server);
    const card = await tokenizeCard(server, client);
    const declined = await tokenizeCard(server, client, TEST_CARDS.declined);
    // 12 payments, one a day from 2026-01-01: successful, failed, on-hold in turn.
    for (let i = 0; i < 12; i += 1) {
      const intent = await createPayment(server, client, i % 2 === 0 ? PACK_20.id : PACK_50.id);
      if (i % 3 === 0) await confirmIntent(server, client, intent.body.client_secret, card);
      if (i % 3 === 1) await confirmIntent(server, client, intent.body.client_secret, declined);
      const at = new Date(Date.UTC(2026, 0, 1 + i, 12));
      created.push(at);
      await server.db.update(payments).set({ createdAt: at }).where(eq(payments.processorIntentId, intent.body.paymentIntentId));
    }
  });

  it('pages newest first, 10 by default, with the count of all matching payments', async () => {
    const first = await listPayments(client);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0].createdAt).toBe(created[11]!.toISOString());
    const second = await listPayments(client, '?page=2');
    expect(second.body.data.map((p: { createdAt: string }) => p.createdAt)).toEqual([created[1]!.toISOString(), created[0]!.toISOString()]);
    const small = await listPayments(client, '?page=3&perPage=5');
    expect(small.body.data).toHaveLength(2);
    expect((await listPayments(client, '?page=9')).body).toEqual({ data: [], count: 12 });
  });

  it('filters by status', async () => {
    const successful = await listPayments(client, '?status=successful');
    expect(successful.body.count).toBe(4);
    expect(successful.body.data.every((p: { status: string }) => p.status === 'successful')).toBe(true);
    expect((await listPayments(client, '?status=failed')).body.count).toBe(4);
    expect((await listPayments(client, '?status=on-hold')).body.count).toBe(4);
    expect((await listPayments(client, '?status=canceled')).body).toEqual({ data: [], count: 0 });
  });

  it('filters by creation time, both bounds inclusive', async () => {
    const from = created[2]!.toISOString();
    const to = created[5]!.toISOString();
    const range = await listPayments(client, `?dateFrom=${from}&dateTo=${to}`);
    expect(range.body.count).toBe(4);
    expect((await listPayments(client, `?dateFrom=${from}`)).body.count).toBe(10);
    expect((await listPayments(client, `?dateTo=${to}`)).body.count).toBe(6);
    expect((await listPayments(client, `?dateFrom=${from}&dateTo=${to}&status=successful`)).body.count).toBe(1);
  });

  it('answers 400 when dateFrom is later than dateTo, and for bad filters', async () => {
    const backwards = await listPayments(client, `?dateFrom=${created[5]!.toISOString()}&dateTo=${created[2]!.toISOString()}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('invalid_request');
    for (const query of ['?status=paid', '?page=0', '?perPage=201', '?dateFrom=yesterday']) {
      expect((await listPayments(client, query)).status, query).toBe(400);
    }
  });

  it('shows only the caller\'s payments', async () => {
    const other = await newClient(server);
    expect((await listPayments(other)).body).toEqual({ data: [], count: 0 });
  });

  it('shows the pack as it was sold', async () => {
    const [row] = (await listPayments(client, '?perPage=1')).body.data;
    expect(row.CreditPack).toEqual(row.amount === PACK_20.price ? PACK_20 : PACK_50);
  });
});

describe('auto-recharge settings', () => {
  it('sets, replaces and shows it in the credits record', async () => {
    const client = await newClient(server);
    const card = await saveCard(server, client);
    const set = await setAutoRecharge(client, { packId: PACK_20.id, criticalCredits: 10, paymentMethodId: card });
    expect(set.status).toBe(200);
    // The daily cap is 3 unless the client chose another (issue 15).
    expect(set.body).toEqual({ packId: PACK_20.id, criticalCredits: 10, maxPerDay: 3, paymentMethodId: card });
    await setAutoRecharge(client, { packId: PACK_50.id, criticalCredits: 15, maxPerDay: 5, paymentMethodId: card });
    expect((await getCredits(client)).body).toEqual({
      credits: 20,
      overdraft: 0,
      autoRecharge: { packId: PACK_50.id, criticalCredits: 15, maxPerDay: 5, paymentMethodId: card },
      minMonthlySpendingRequirement: 0,
      forecast: { state: 'autoRecharge' },
    });
    const rows = await server.db.select().from(autoRecharges).where(eq(autoRecharges.userId, client.account.id));
    expect(rows).toHaveLength(1);
  });

  it("answers 400 for an unknown pack, an unknown card or another client's card", async () => {
    const owner = await newClient(server);
    const intruder = await newClient(server);
    const ownersCard = await saveCard(server, owner);
    const intrudersCard = await saveCard(server, intruder);
    const tokenizedOnly = await tokenizeCard(server, intruder);
    for (const body of [
      { packId: 999, criticalCredits: 10, paymentMethodId: intrudersCard },
      { packId: PACK_20.id, criticalCredits: 10, paymentMethodId: ownersCard },
      { packId: PACK_20.id, criticalCredits: 10, paymentMethodId: tokenizedOnly },
      { packId: PACK_20.id, criticalCredits: -1, paymentMethodId: intrudersCard },
      { packId: PACK_20.id, paymentMethodId: intrudersCard },
    ]) {
      const response = await setAutoRecharge(intruder, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
    expect((await getCredits(intruder)).body.autoRecharge).toBeNull();
  });

  it('cancels it with 204, also when none is set', async () => {
    const client = await newClient(server);
    const card = await saveCard(server, client);
    await setAutoRecharge(client, { packId: PACK_20.id, criticalCredits: 10, paymentMethodId: card });
    for (let i = 0; i < 2; i += 1) {
      const response = await server.request({ method: 'DELETE', url: '/api/client/auto-recharge', token: client.token });
      expect(response.status).toBe(204);
    }
    expect((await getCredits(client)).body.autoRecharge).toBeNull();
  });

  it("cancelling one client's auto-recharge leaves another's", async () => {
    const a = await newClient(server);
    const b = await newClient(server);
    const card = await saveCard(server, a);
    await setAutoRecharge(a, { packId: PACK_20.id, criticalCredits: 10, paymentMethodId: card });
    await server.request({ method: 'DELETE', url: '/api/client/auto-recharge', token: b.token });
    expect((await getCredits(a)).body.autoRecharge).not.toBeNull();
  });
});

describe('GET /client/meta billing setting', () => {
  it('names the card processor for the payment form', async () => {
    const client = await newClient(server);
    const meta = await server.request({ method: 'GET', url: '/api/client/meta', token: client.token });
    const billing = meta.body.settings.find((s: { type: string }) => s.type === 'billing');
    expect(billing.value.cardProcessor).toEqual({ name: 'local', publishableKey: null });
  });
});

describe('every payments operation needs the bearer token', () => {
  it.each([
    ['GET', '/api/client/payment-methods', undefined],
    ['POST', '/api/client/payment-methods', { paymentMethodId: 'pm_x' }],
    ['DELETE', '/api/client/payment-methods?paymentMethodId=pm_x', undefined],
    ['POST', '/api/client/payments', { packId: 1 }],
    ['GET', '/api/client/payments', undefined],
    ['POST', '/api/client/auto-recharge', { packId: 1, criticalCredits: 5, paymentMethodId: 'pm_x' }],
    ['DELETE', '/api/client/auto-recharge', undefined],
    ['GET', '/api/client/credits', undefined],
    ['GET', '/api/client/credits/spent', undefined],
  ] as const)('%s %s', async (method, url, body) => {
    const response = await server.request({ method, url, body });
    expect(response.status).toBe(401);
  });
});

it('gives every payment a distinct public id', () => {
  const ids = new Set(Array.from({ length: 1000 }, () => newConvertId()));
  expect(ids.size).toBe(1000);
});

it('buying with a saved card works end to end', async () => {
  const client = await newClient(server);
  const card = await saveCard(server, client);
  expect((await buyPack(server, client, PACK_50.id, card)).body.status).toBe('succeeded');
  expect((await getCredits(client)).body.credits).toBe(70);
});
