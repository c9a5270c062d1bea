import Stripe from 'stripe';

export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  client_secret: string;
  amount: number;
  currency: string;
  customer: string;
  status: string;
  payment_method: string | null;
  last_payment_error: { code: string; message: string } | null;
  latest_charge: string | null;
  metadata: Record<string, string>;
}

/**
 * Stripe's API as far as StripePayments uses it, in memory, behind the `fetch` the official
 * client is given (Stripe.createFetchHttpClient): customers, payment methods, payment intents
 * with idempotency keys, off-session confirmation with card errors. Tests steer it by changing
 * `intents`, `refuseAttach`, `refuseOffSession` or `failNext`.
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly intents = new Map<string, FakeIntent>();
  readonly customers = new Map<string, { id: string; email: string }>();
  readonly methods = new Map<string, { id: string; customer: string | null; last4: string }>();
  /** Card error code for attaching a card, e.g. card_declined. */
  refuseAttach: string | null = null;
  /** Card error code for off-session confirmations. */
  refuseOffSession: string | null = null;
  /** Answers the next request with a 500. */
  failNext = false;
  readonly #byIdempotencyKey = new Map<string, { body: string; status: number; text: string }>();
  #lastBody = '';

  readonly httpClient = Stripe.createFetchHttpClient(((input: string | URL, init?: RequestInit) =>
    Promise.resolve(this.#handle(new URL(String(input)), init ?? {}))) as typeof fetch);

  /** Forgets the calls and the steering of earlier tests (the objects stay, as at Stripe). */
  reset(): void {
    this.calls.length = 0;
    this.refuseAttach = null;
    this.refuseOffSession = null;
    this.failNext = false;
  }

  /** A card made by Stripe.js in the browser, not attached yet. */
  addPaymentMethod(last4 = '4242'): string {
    const id = `pm_fake${nextId()}`;
    this.methods.set(id, { id, customer: null, last4 });
    return id;
  }

  /** What Stripe.js's confirmCardPayment would do: the intent succeeds with a charge and receipt. */
  succeed(intentId: string, paymentMethod = 'pm_browser'): void {
    const intent = this.intents.get(intentId)!;
    Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod, latest_charge: `ch_${intentId}` });
  }

  #handle(url: URL, init: RequestInit): Response {
    const method = (init.method ?? 'GET').toUpperCase();
    const params = new URLSearchParams(method === 'GET' ? url.search : String(init.body ?? ''));
    const headers = new Headers(init.headers);
    const idempotencyKey = headers.get('idempotency-key');
    this.calls.push({ method, path: url.pathname, params, idempotencyKey });
    if (this.failNext) {
      this.failNext = false;
      return json(500, { error: { type: 'api_error', message: 'Stripe is having a bad day' } }, { 'stripe-should-retry': 'false' });
    }
    const replayKey = `${url.pathname}:${idempotencyKey}`;
    if (idempotencyKey && method === 'POST') {
      const earlier = this.#byIdempotencyKey.get(replayKey);
      if (earlier) {
        if (earlier.body !== String(init.body)) {
          return json(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters.' } });
        }
        return json(earlier.status, JSON.parse(earlier.text));
      }
    }
    const [status, body, extraHeaders] = this.#route(method, url.pathname, params);
    this.#lastBody = JSON.stringify(body);
    const response = json(status, body, extraHeaders);
    if (idempotencyKey && method === 'POST' && response.status < 500) {
      // Stripe answers a repeated key with the first answer, as it was.
      const text = this.#lastBody;
      this.#byIdempotencyKey.set(replayKey, { body: String(init.body), status: response.status, text });
    }
    return response;
  }

  #route(method: string, path: string, params: URLSearchParams): Reply {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const id = `cus_fake${nextId()}`;
      this.customers.set(id, { id, email: params.get('email') ?? '' });
      return reply(200, { id, object: 'customer', email: params.get('email') });
    }
    if ((match = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path))) {
      const paymentMethod = this.methods.get(match[1]!);
      if (!paymentMethod) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${match[1]}'` } });
      if (match[2] === '/attach') {
        if (this.refuseAttach) return cardError(this.refuseAttach);
        paymentMethod.customer = params.get('customer');
      }
      if (match[2] === '/detach') paymentMethod.customer = null;
      return reply(200, {
        id: paymentMethod.id,
        object: 'payment_method',
        customer: paymentMethod.customer,
        card: { brand: 'visa', last4: paymentMethod.last4, exp_month: 12, exp_year: 2030 },
      });
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_fake${nextId()}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of params) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        client_secret: `${id}_secret_fake`,
        amount: Number(params.get('amount')),
        currency: params.get('currency')!,
        customer: params.get('customer')!,
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: null,
        latest_charge: null,
        metadata,
      };
      this.intents.set(id, intent);
      return reply(200, intent);
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path))) {
      const intent = this.intents.get(match[1]!);
      if (!intent) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      if (match[2] === '/confirm') {
        intent.payment_method = params.get('payment_method');
        if (this.refuseOffSession) {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = { code: this.refuseOffSession, message: 'Your card was declined.' };
          return cardError(this.refuseOffSession, intent);
        }
        Object.assign(intent, { status: 'succeeded', latest_charge: `ch_${intent.id}` });
      }
      return reply(200, this.#expanded(intent, params));
    }
    return reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method} ${path})` } });
  }

  #expanded(intent: FakeIntent, params: URLSearchParams) {
    const expand = [...params.entries()].some(([key, value]) => key.startsWith('expand') && value === 'latest_charge');
    if (!expand || !intent.latest_charge) return intent;
    return { ...intent, latest_charge: { id: intent.latest_charge, object: 'charge', receipt_url: `https://pay.stripe.com/receipts/${intent.latest_charge}` } };
  }
}

let idCounter = 0;

/** Ids unique across FakeStripe instances, as Stripe's are (tests share one database). */
function nextId(): string {
  idCounter += 1;
  return `${process.pid}x${idCounter}`;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_fake', ...headers } });
}

type Reply = [status: number, body: unknown, headers?: Record<string, string>];

function reply(status: number, body: unknown): Reply {
  return [status, body];
}

function cardError(code: string, paymentIntent?: FakeIntent): Reply {
  return reply(402, { error: { type: 'card_error', code, message: 'Your card was declined.', payment_intent: paymentIntent } });
}
