/**
 * One delivery attempt of a webhook (issue 19, Webhooks): a JSON POST to the endpoint's URL,
 * judged by the answer's status. Retries, backoff and the delivery log are the caller's; this
 * module only makes sure that one attempt is safe and bounded:
 * - the address connected to is the address checked: the request's own `lookup` resolves the
 *   host, refuses it when any of its addresses is not public, and hands the checked addresses to
 *   the socket, so DNS cannot answer differently between the check and the connection (rebinding);
 * - redirects are not followed (a 3xx could point anywhere, including at our private network);
 * - one timer bounds the whole attempt (connect, answer headers, body), and at most 64 KB of the
 *   answer is read, so a slow, hanging or flooding receiver costs a worker at most `timeoutMs`;
 * - it never throws: every failure is an attempt with an error, for the delivery log.
 * It uses node:http rather than fetch because fetch offers no per-request `lookup`.
 */
import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowedAddress } from './webhookTargets.ts';

/** What one attempt came to, as the delivery log shows it. */
export interface WebhookAttempt {
  /** A 2xx answer. */
  ok: boolean;
  /** The answer's status; null when none came (refused address, connection error, timeout before the headers). */
  status: number | null;
  durationMs: number;
  /** Why the attempt failed when the status does not say it all; null for a 2xx, 4xx or 5xx answer. */
  error: string | null;
}

export interface PostWebhookOptions {
  url: URL;
  /** The JSON text, exactly as signed. */
  body: string;
  /** The signature and event id headers; content-type, user-agent and content-length are set here. */
  headers: Record<string, string>;
  timeoutMs: number;
  /** Development only: connect to this machine's loopback too (a local receiver); private networks never. */
  allowLoopback: boolean;
}

export const WEBHOOK_USER_AGENT = 'CallbackWidget-Webhooks/1';
/** The most of an answer's body read; receivers have nothing to tell us beyond the status. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** Resolves a host to all of its addresses, as dns.lookup with `all: true` does. */
export type ResolveAll = (hostname: string, options: LookupOptions) => Promise<LookupAddress[]>;

/**
 * The system's resolver (getaddrinfo: /etc/hosts, `localhost`), for development. It runs on
 * libuv's small thread pool, where a name server that never answers would hold a thread for
 * as long as the system's own timeout, and the call path shares that pool (crypto, files).
 */
const resolveWithSystem: ResolveAll = (hostname, options) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { ...options, all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** Queried with c-ares, off the thread pool, each query bounded: what production resolves webhook hosts with. */
const resolver = new dnsPromises.Resolver({ timeout: 2_000, tries: 2 });

/** A host's IPv4 and IPv6 addresses from DNS itself (no /etc/hosts: production hosts are public names). */
const resolveWithDns: ResolveAll = async (hostname, options) => {
  const [v4, v6] = await Promise.allSettled([
    options.family === 6 ? Promise.resolve([]) : resolver.resolve4(hostname),
    options.family === 4 ? Promise.resolve([]) : resolver.resolve6(hostname),
  ]);
  const addresses = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
  if (addresses.length === 0 && v4.status === 'rejected') throw v4.reason;
  return addresses;
};

const notPublicError = (host: string) => new Error(`the address of ${host} is not public`);

/**
 * A socket `lookup` that resolves with `resolveAll` and, unless `allowLoopback`, fails when any
 * address of the host is not public: a name with one private address among public ones is refused
 * whole, as a rebinding attacker would otherwise only need to win a race between them.
 * Node asks for all addresses (`options.all`) when it races IPv6 against IPv4 (autoSelectFamily);
 * it then gets every checked address, otherwise the first.
 */
export function checkedLookup(allowLoopback: boolean, resolveAll: ResolveAll = allowLoopback ? resolveWithSystem : resolveWithDns): LookupFunction {
  return (hostname, options, callback) => {
    const { all, ...rest } = options;
    resolveAll(hostname, rest).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error(`no address found for ${hostname}`), { code: 'ENOTFOUND' }), '');
        if (!addresses.every(({ address }) => isAllowedAddress(address, { allowLoopback }))) return callback(notPublicError(hostname), '');
        if (all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * An error as one line for the delivery log. A connection raced over IPv6 and IPv4 fails with an
 * AggregateError whose own message is empty: its parts say what happened.
 */
function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return [...new Set(error.errors.map(describeError))].join('; ');
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

/** `200 ms` reads as "0.2 s" in the delivery log. */
const seconds = (ms: number) => `${Math.round(ms) / 1000}`;

/** Posts one delivery and reports how it went; never throws, never takes much longer than `timeoutMs`. */
export function postWebhook(options: PostWebhookOptions): Promise<WebhookAttempt> {
  const { url, body, headers, timeoutMs, allowLoopback } = options;
  const started = performance.now();
  const attempt = (ok: boolean, status: number | null, error: string | null): WebhookAttempt => ({
    ok,
    status,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Node connects to an IP literal without calling lookup, so the literal is checked here.
  if (isIP(host) !== 0 && !isAllowedAddress(host, { allowLoopback })) return Promise.resolve(attempt(false, null, notPublicError(host).message));
  const send = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : null;
  if (send === null) return Promise.resolve(attempt(false, null, `unsupported scheme ${url.protocol}`));

  return new Promise((resolve) => {
    let request: ClientRequest | undefined;
    let answer: IncomingMessage | undefined;
    let settled = false;
    const settle = (result: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      // Nothing more is wanted from this connection; destroying it frees the socket at once.
      answer?.destroy();
      request?.destroy();
    };
    const judge = (status: number) =>
      settle(status >= 300 && status < 400 ? attempt(false, status, 'redirect not followed') : attempt(status >= 200 && status < 300, status, null));
    const timer = setTimeout(() => settle(attempt(false, answer?.statusCode ?? null, `no answer within ${seconds(timeoutMs)} s`)), timeoutMs);

    try {
      const payload = Buffer.from(body, 'utf8');
      const requestOptions: RequestOptions = {
        method: 'POST',
        // Ours last: a caller's header of the same name (any case) cannot change what is sent.
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT, 'content-length': String(payload.length) },
        lookup: checkedLookup(allowLoopback),
        // A fresh connection each time: a pooled socket would skip the lookup, and its check.
        agent: false,
      };
      request = send(url, requestOptions, (response) => {
        answer = response;
        const status = response.statusCode ?? 0;
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_ANSWER_BYTES) judge(status);
        });
        response.on('end', () => judge(status));
        response.on('error', (error) => settle(attempt(false, status, describeError(error))));
        response.on('close', () => {
          if (!response.complete) settle(attempt(false, status, 'the answer was cut off'));
        });
      });
      // Stays attached after settling: destroying the request may emit an error nobody else handles.
      request.on('error', (error) => settle(attempt(false, answer?.statusCode ?? null, describeError(error))));
      request.end(payload);
    } catch (error) {
      // request() throws synchronously on an invalid header name or value.
      settle(attempt(false, null, describeError(error)));
    }
  });
}
