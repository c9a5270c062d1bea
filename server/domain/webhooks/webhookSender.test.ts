import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, WEBHOOK_USER_AGENT, checkedLookup, postWebhook, type ResolveAll } from './webhookSender.ts';
import { SIGNATURE_HEADER, signatureHeader, verifySignature } from './webhookSignature.ts';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** A receiver on 127.0.0.1 that records what reaches it, down to the connections opened. */
interface Receiver {
  port: number;
  requests: Received[];
  connections: number;
}

const servers: Server[] = [];

async function startReceiver(handle: (request: IncomingMessage, response: ServerResponse, received: Received) => void): Promise<Receiver> {
  const server = createServer();
  const receiver: Receiver = { port: 0, requests: [], connections: 0 };
  server.on('connection', () => receiver.connections++);
  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, rawBody: Buffer.concat(chunks) };
      receiver.requests.push(received);
      handle(request, response, received);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  receiver.port = (server.address() as AddressInfo).port;
  return receiver;
}

const answering = (status: number, body = '') => startReceiver((_request, response) => response.writeHead(status, { 'content-type': 'text/plain' }).end(body));

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const body = '{"id":"evt_1","type":"call.requested","createdAt":"2025-01-01T00:00:00.000Z","data":{"name":"Zoë"}}';
const post = (url: string, overrides: { headers?: Record<string, string>; timeoutMs?: number; allowLoopback?: boolean; body?: string; resolveAll?: ResolveAll } = {}) =>
  postWebhook({
    url: new URL(url),
    body: overrides.body ?? body,
    headers: overrides.headers ?? {},
    timeoutMs: overrides.timeoutMs ?? 2000,
    allowLoopback: overrides.allowLoopback ?? true,
    resolveAll: overrides.resolveAll,
  });

describe('postWebhook', () => {
  it('is ok on 200', async () => {
    const receiver = await answering(200, 'thanks');
    const attempt = await post(`http://127.0.0.1:${receiver.port}/hook`);
    expect(attempt).toEqual({ ok: true, status: 200, durationMs: expect.any(Number), error: null, errorCode: null });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /hook']);
  });

  it('is ok on 204', async () => {
    const receiver = await answering(204);
    expect(await post(`http://127.0.0.1:${receiver.port}/`)).toMatchObject({ ok: true, status: 204, error: null, errorCode: null });
  });

  it.each([500, 404, 410, 429])('is not ok on %i, with that status', async (status) => {
    const receiver = await answering(status, 'nope');
    // The status says it all in English; the code tells the dashboard to say it.
    expect(await post(`http://127.0.0.1:${receiver.port}/`)).toMatchObject({ ok: false, status, error: null, errorCode: 'http_status' });
  });

  it.each([301, 302, 307, 308])('does not follow a %i', async (status) => {
    const receiver = await startReceiver((request, response) => {
      if (request.url === '/target') response.writeHead(200).end();
      else response.writeHead(status, { location: '/target' }).end();
    });
    expect(await post(`http://127.0.0.1:${receiver.port}/hook`)).toMatchObject({ ok: false, status, error: 'redirect not followed', errorCode: 'redirect' });
    expect(receiver.requests.map(({ path }) => path)).toEqual(['/hook']);
  });

  it('gives up on a receiver that never answers, within the timeout', async () => {
    const receiver = await startReceiver(() => {});
    const started = performance.now();
    const attempt = await post(`http://127.0.0.1:${receiver.port}/`, { timeoutMs: 200 });
    const elapsed = performance.now() - started;
    expect(attempt).toMatchObject({ ok: false, status: null, error: 'no answer within 0.2 s', errorCode: 'timeout' });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(195);
    expect(elapsed).toBeLessThan(1000);
    expect(receiver.requests).toHaveLength(1);
  });

  it('gives up on an answer whose body never ends, keeping its status', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('still going');
    });
    const started = performance.now();
    expect(await post(`http://127.0.0.1:${receiver.port}/`, { timeoutMs: 200 })).toMatchObject({ ok: false, status: 200, error: 'no answer within 0.2 s', errorCode: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('stops reading a large answer and judges it by its status', async () => {
    let written = 0;
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(16 * 1024, 120);
      // Writes as long as the connection takes it: far more than is read.
      const pump = () => {
        while (!response.destroyed && written < 1024 * MAX_ANSWER_BYTES) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const attempt = await post(`http://127.0.0.1:${receiver.port}/`, { timeoutMs: 2000 });
    expect(attempt).toMatchObject({ ok: true, status: 200, error: null, errorCode: null });
    expect(written).toBeLessThan(1024 * MAX_ANSWER_BYTES);
  });

  it('reports a refused connection', async () => {
    const receiver = await answering(200);
    const port = receiver.port;
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const attempt = await post(`http://127.0.0.1:${port}/`);
    expect(attempt).toMatchObject({ ok: false, status: null, errorCode: 'connection_failed' });
    expect(attempt.error).toContain('ECONNREFUSED');
  });

  it('reports an answer cut off before its end as a failed connection, with its status', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      // Gone before the 100 bytes announced.
      response.write('only part of it', () => response.socket?.destroy());
    });
    const attempt = await post(`http://127.0.0.1:${receiver.port}/`);
    expect(attempt).toMatchObject({ ok: false, status: 200, errorCode: 'connection_failed' });
    // Node says "aborted" or the answer's close does: either is the same failure.
    expect(attempt.error).toMatch(/^(aborted|the answer was cut off)$/);
  });

  it('tells a host DNS does not know from a failed connection', async () => {
    const unknown: ResolveAll = async () => {
      throw Object.assign(new Error('queryA ENOTFOUND hooks.invalid'), { code: 'ENOTFOUND' });
    };
    const attempt = await post('http://hooks.invalid/', { allowLoopback: false, resolveAll: unknown });
    expect(attempt).toMatchObject({ ok: false, status: null, error: 'queryA ENOTFOUND hooks.invalid', errorCode: 'host_not_found' });
    // A name without addresses is not found either.
    expect(await post('http://hooks.invalid/', { allowLoopback: false, resolveAll: async () => [] })).toMatchObject({ errorCode: 'host_not_found' });
  });

  it('tells a failed HTTPS handshake from a failed connection', async () => {
    // A receiver that speaks plain HTTP where TLS is expected: connected, then the handshake fails (as with a bad certificate).
    const receiver = await answering(200);
    const attempt = await post(`https://127.0.0.1:${receiver.port}/`);
    expect(attempt).toMatchObject({ ok: false, status: null, errorCode: 'tls_failed' });
    expect(attempt.error).not.toBeNull();
  });

  it('sends the body and headers exactly', async () => {
    const receiver = await answering(200);
    const secret = 'whsec_test';
    const signature = signatureHeader(secret, body, 1_735_689_600);
    await post(`http://127.0.0.1:${receiver.port}/hook?endpoint=3`, { headers: { [SIGNATURE_HEADER]: signature, 'X-Callback-Event-Id': 'evt_1' } });
    const [received] = receiver.requests;
    expect(received!.method).toBe('POST');
    expect(received!.path).toBe('/hook?endpoint=3');
    expect(received!.rawBody.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(received!.headers).toMatchObject({
      'x-callback-signature': signature,
      'x-callback-event-id': 'evt_1',
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(verifySignature(received!.headers['x-callback-signature'] as string, received!.rawBody.toString('utf8'), secret, 1_735_689_600)).toBe(true);
  });

  it('keeps its own content-type, user-agent and content-length over a caller\'s', async () => {
    const receiver = await answering(200);
    await post(`http://127.0.0.1:${receiver.port}/`, { headers: { 'Content-Type': 'text/plain', 'User-Agent': 'x', 'Content-Length': '1' } });
    const length = String(Buffer.byteLength(body));
    expect(receiver.requests[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT, 'content-length': length });
    expect(receiver.requests[0]!.rawBody.toString('utf8')).toBe(body);
  });

  it('reports an invalid header instead of throwing', async () => {
    const attempt = await post('http://127.0.0.1:9/', { headers: { 'X-Bad': 'line\r\nbreak' } });
    expect(attempt).toMatchObject({ ok: false, status: null, error: 'Invalid character in header content ["X-Bad"]', errorCode: 'connection_failed' });
  });

  it('reports a scheme it does not speak', async () => {
    expect(await post('ftp://127.0.0.1/')).toMatchObject({ ok: false, status: null, error: 'unsupported scheme ftp:', errorCode: 'url_scheme_http_or_https' });
  });

  describe('without allowLoopback', () => {
    it('refuses an IP literal that is not public before connecting', async () => {
      const receiver = await answering(200);
      const attempt = await post(`http://127.0.0.1:${receiver.port}/`, { allowLoopback: false });
      expect(attempt).toMatchObject({ ok: false, status: null, error: 'the address of 127.0.0.1 is not public', errorCode: 'address_refused' });
      expect(receiver.connections).toBe(0);
    });

    it.each(['[::1]', '[::ffff:127.0.0.1]', '169.254.169.254', '10.0.0.1'])('refuses %s before connecting', async (host) => {
      const attempt = await post(`http://${host}:9/`, { allowLoopback: false, timeoutMs: 200 });
      expect(attempt).toMatchObject({ ok: false, errorCode: 'address_refused' });
      expect(attempt.error).toMatch(/^the address of .+ is not public$/);
    });

    it('never reaches this machine through a name (production asks DNS itself, where localhost is no public name)', async () => {
      const receiver = await answering(200);
      const attempt = await post(`http://localhost:${receiver.port}/`, { allowLoopback: false });
      expect(attempt).toMatchObject({ ok: false, status: null });
      // DNS's own answer: no such public name, or a name on this machine refused.
      expect(['host_not_found', 'address_refused']).toContain(attempt.errorCode);
      expect(attempt.error).not.toBeNull();
      expect(receiver.connections).toBe(0);
    });

    it('allows the same name with allowLoopback (development)', async () => {
      const receiver = await answering(200);
      const attempt = await post(`http://localhost:${receiver.port}/`, { allowLoopback: true });
      // localhost may resolve to ::1 first; the receiver listens on 127.0.0.1 only.
      expect(attempt).toMatchObject({ ok: true, status: 200 });
    });

    it('refuses a name resolving to a private address at send time, whatever the URL looked like', async () => {
      const rebound: ResolveAll = async () => [{ address: '10.0.0.5', family: 4 }];
      const attempt = await post('https://hooks.example.com/', { allowLoopback: false, resolveAll: rebound });
      expect(attempt).toMatchObject({ ok: false, status: null, error: 'the address of hooks.example.com is not public', errorCode: 'address_refused' });
    });
  });
});

describe('checkedLookup', () => {
  const addresses = (...list: string[]): LookupAddress[] => list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const resolving =
    (list: LookupAddress[]): ResolveAll =>
    async () =>
      list;
  const lookUp = (allowLoopback: boolean, resolveAll: ResolveAll, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
      checkedLookup(allowLoopback, resolveAll)('hooks.example.com', { all }, (error, address, family) => resolve({ error, address, family })),
    );

  it('hands the socket the first address when all are public', async () => {
    const result = await lookUp(false, resolving(addresses('2606:4700::1', '93.184.215.14')), false);
    expect(result).toEqual({ error: null, address: '2606:4700::1', family: 6 });
  });

  it('hands every checked address when Node races the families', async () => {
    const result = await lookUp(false, resolving(addresses('2606:4700::1', '93.184.215.14')), true);
    expect(result.address).toEqual(addresses('2606:4700::1', '93.184.215.14'));
  });

  it.each([
    [['10.0.0.5']],
    [['93.184.215.14', '127.0.0.1']],
    [['169.254.169.254', '93.184.215.14']],
    [['2606:4700::1', '::ffff:10.0.0.1']],
  ])('refuses a host when any of its addresses is not public: %j', async (list) => {
    for (const all of [false, true]) {
      const result = await lookUp(false, resolving(addresses(...list)), all);
      expect(result.error?.message).toBe('the address of hooks.example.com is not public');
    }
  });

  it('lets this machine through with allowLoopback (development), never a private network or link-local', async () => {
    expect(await lookUp(true, resolving(addresses('127.0.0.1')), false)).toEqual({ error: null, address: '127.0.0.1', family: 4 });
    expect((await post('http://169.254.169.254:9/latest/meta-data', { allowLoopback: true, timeoutMs: 200 })).error).toBe('the address of 169.254.169.254 is not public');
    for (const list of [['10.0.0.8'], ['169.254.169.254'], ['127.0.0.1', '192.168.0.2']]) {
      expect((await lookUp(true, resolving(addresses(...list)), false)).error?.message).toBe('the address of hooks.example.com is not public');
    }
  });

  it('resolves once per connection, so the address checked is the address used', async () => {
    // A rebinding resolver: public on the first question, loopback on the next.
    let asked = 0;
    const rebinding: ResolveAll = async () => (asked++ === 0 ? addresses('93.184.215.14') : addresses('127.0.0.1'));
    const lookup = checkedLookup(false, rebinding);
    const first = await new Promise<string | LookupAddress[]>((resolve) => lookup('hooks.example.com', {}, (_error, address) => resolve(address)));
    const second = await new Promise<Error | null>((resolve) => lookup('hooks.example.com', {}, (error) => resolve(error)));
    expect([first, second?.message, asked]).toEqual(['93.184.215.14', 'the address of hooks.example.com is not public', 2]);
  });

  it('passes on a resolver error and an empty answer', async () => {
    const failing: ResolveAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example.com'), { code: 'ENOTFOUND' });
    };
    expect((await lookUp(false, failing, false)).error?.code).toBe('ENOTFOUND');
    expect((await lookUp(false, resolving([]), false)).error?.code).toBe('ENOTFOUND');
  });
});
