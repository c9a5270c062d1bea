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
 * - it never throws: every failure is an attempt with an error code, for the dashboard to say in
 *   the user's language, and an English error, for people and logs.
 * It uses node:http rather than fetch because fetch offers no per-request `lookup`.
 */
import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { isAllowedAddress } from './webhookTargets.ts';

/**
 * Why a delivery failed (contract: WebhookDeliveryErrorCode), stored beside its English error.
 * An attempt's codes are chosen here; the worker adds its own (`expired`, `object_gone`, and the
 * WebhookUrlRefusal of a stored address the rules no longer allow: webhooksWorker.ts).
 */
export type WebhookDeliveryErrorCode = components['schemas']['WebhookDeliveryErrorCode'];

/** What one attempt came to, as the delivery log shows it. */
export interface WebhookAttempt {
  /** A 2xx answer. */
  ok: boolean;
  /** The answer's status; null when none came (refused address, connection error, timeout before the headers). */
  status: number | null;
  durationMs: number;
  /** Why the attempt failed when the status does not say it all; null for a 2xx, 4xx or 5xx answer. */
  error: string | null;
  /** Why the attempt failed, as a code (`http_status` for a 4xx or 5xx answer); null exactly when it is ok. */
  errorCode: WebhookDeliveryErrorCode | null;
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
  /** For tests: how a host name is resolved (default: as checkedLookup does). */
  resolveAll?: ResolveAll;
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

/**
 * The lookup's failures, by code: the socket hands a lookup's error to the request as it is, so
 * the request's error handler can tell a host DNS does not know, or one refused, from a failed
 * connection. The error objects are kept as the resolver made them (code, message).
 */
const lookupFailures = new WeakMap<Error, WebhookDeliveryErrorCode>();
const failedLookup = (error: NodeJS.ErrnoException, code: WebhookDeliveryErrorCode) => (lookupFailures.set(error, code), error);

const notPublicError = (host: string) => failedLookup(new Error(`the address of ${host} is not public`), 'address_refused');

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
        if (addresses.length === 0) return callback(failedLookup(Object.assign(new Error(`no address found for ${hostname}`), { code: 'ENOTFOUND' }), 'host_not_found'), '');
        if (!addresses.every(({ address }) => isAllowedAddress(address, { allowLoopback }))) return callback(notPublicError(hostname), '');
        if (all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      // Whatever DNS answered (no such name, no answer in time), the host could not be found.
      (error: NodeJS.ErrnoException) => callback(failedLookup(error, 'host_not_found'), ''),
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

/**
 * The code of a request's error: the lookup's own (checkedLookup), a failed HTTPS handshake (after
 * the connection, before the secure session: a certificate expired, untrusted or for another
 * name, or no TLS spoken), otherwise a failed or broken connection. A connection raced over IPv6
 * and IPv4 fails with an AggregateError of connection errors: no lookup failure is among them.
 */
function errorCodeOf(error: unknown, handshaking: boolean): WebhookDeliveryErrorCode {
  const looked = error instanceof Error ? lookupFailures.get(error) : undefined;
  return looked ?? (handshaking ? 'tls_failed' : 'connection_failed');
}

/** `200 ms` reads as "0.2 s" in the delivery log. */
const seconds = (ms: number) => `${Math.round(ms) / 1000}`;

/** Posts one delivery and reports how it went; never throws, never takes much longer than `timeoutMs`. */
export function postWebhook(options: PostWebhookOptions): Promise<WebhookAttempt> {
  const { url, body, headers, timeoutMs, allowLoopback, resolveAll } = options;
  const started = performance.now();
  /** An attempt is ok exactly when nothing failed: no code. */
  const attempt = (status: number | null, errorCode: WebhookDeliveryErrorCode | null = null, error: string | null = null): WebhookAttempt => ({
    ok: errorCode === null,
    status,
    durationMs: Math.round(performance.now() - started),
    error,
    errorCode,
  });
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Node connects to an IP literal without calling lookup, so the literal is checked here.
  if (isIP(host) !== 0 && !isAllowedAddress(host, { allowLoopback })) return Promise.resolve(attempt(null, 'address_refused', notPublicError(host).message));
  const send = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : null;
  // The worker checks the stored address first (checkWebhookUrl), so only a direct caller gets here: the rule it breaks is this one.
  if (send === null) return Promise.resolve(attempt(null, 'url_scheme_http_or_https', `unsupported scheme ${url.protocol}`));

  return new Promise((resolve) => {
    let request: ClientRequest | undefined;
    let answer: IncomingMessage | undefined;
    /** Connected over TCP, the TLS session not yet established: a failure now is the handshake's. */
    let handshaking = false;
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
      settle(
        status >= 300 && status < 400 ? attempt(status, 'redirect', 'redirect not followed') : status >= 200 && status < 300 ? attempt(status) : attempt(status, 'http_status'),
      );
    const timer = setTimeout(() => settle(attempt(answer?.statusCode ?? null, 'timeout', `no answer within ${seconds(timeoutMs)} s`)), timeoutMs);

    try {
      const payload = Buffer.from(body, 'utf8');
      const requestOptions: RequestOptions = {
        method: 'POST',
        // Ours last: a caller's header of the same name (any case) cannot change what is sent.
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT, 'content-length': String(payload.length) },
        lookup: checkedLookup(allowLoopback, resolveAll),
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
        response.on('error', (error) => settle(attempt(status, 'connection_failed', describeError(error))));
        response.on('close', () => {
          if (!response.complete) settle(attempt(status, 'connection_failed', 'the answer was cut off'));
        });
      });
      if (url.protocol === 'https:') {
        request.on('socket', (socket: Socket) => {
          socket.once('connect', () => (handshaking = true));
          socket.once('secureConnect', () => (handshaking = false));
        });
      }
      // Stays attached after settling: destroying the request may emit an error nobody else handles.
      request.on('error', (error) => settle(attempt(answer?.statusCode ?? null, errorCodeOf(error, handshaking), describeError(error))));
      request.end(payload);
    } catch (error) {
      // request() throws synchronously on an invalid header name or value: no request could be made.
      settle(attempt(null, 'connection_failed', describeError(error)));
    }
  });
}
