import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createAdapters, describeAdapters } from '../adapters.ts';
import type { Ga4Hit } from './ga4.ts';
import { Ga4MeasurementProtocol, GA4_TIMEOUT_MS } from './ga4MeasurementProtocol.ts';
import { Ga4Recorder } from './ga4Recorder.ts';

// Issue 19: the GA4 adapters — the Measurement Protocol against a real HTTP server on this
// machine (what it sends; success, error status, no answer, nobody listening), the local
// recorder, and which one the configuration picks.

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

let collector: Server;
let endpoint: string;
const received: Received[] = [];
let answer: (response: ServerResponse) => void = (response) => response.writeHead(204).end();

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/mp/collect`;
});
afterAll(async () => {
  collector?.closeAllConnections();
  await new Promise((resolve) => collector?.close(resolve));
});
afterEach(() => {
  received.length = 0;
  answer = (response) => response.writeHead(204).end();
});

const hit: Ga4Hit = {
  measurementId: 'G-ABC123XYZ9',
  apiSecret: 'sEcReT/with+signs=',
  body: {
    client_id: '1234567890.1700000000',
    timestamp_micros: 1_700_000_000_000_000,
    events: [{ name: 'callback_call_completed', params: { call_status: 'successful', call_type: 'instant', duration_seconds: 42, widget_id: 7, widget_name: 'Pricing', engagement_time_msec: 1 } }],
  },
};

describe('the Measurement Protocol adapter', () => {
  it('POSTs the hit as JSON to /mp/collect with the measurement id and the API secret, and takes a 2xx', async () => {
    const result = await new Ga4MeasurementProtocol({ endpoint }).send(hit);
    expect(result).toEqual({ ok: true, status: 204 });
    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    expect(request.method).toBe('POST');
    const url = new URL(request.url!, 'http://collector');
    expect(url.pathname).toBe('/mp/collect');
    expect(Object.fromEntries(url.searchParams)).toEqual({ measurement_id: 'G-ABC123XYZ9', api_secret: 'sEcReT/with+signs=' });
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual(hit.body);
    // GA4's own answer to a hit it takes, discarded or not.
    answer = (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('');
    expect(await new Ga4MeasurementProtocol({ endpoint }).send(hit)).toEqual({ ok: true, status: 200 });
  });

  it('fails an error status as http_error, with the status, and a redirect too (not followed)', async () => {
    answer = (response) => response.writeHead(503).end('unavailable');
    expect(await new Ga4MeasurementProtocol({ endpoint }).send(hit)).toEqual({ ok: false, reason: 'http_error', status: 503, error: 'GA4 answered 503' });
    answer = (response) => response.writeHead(302, { location: `${endpoint}/elsewhere` }).end();
    expect(await new Ga4MeasurementProtocol({ endpoint }).send(hit)).toMatchObject({ ok: false, reason: 'http_error', status: 302 });
    expect(received).toHaveLength(2);
  });

  it('fails as timeout when no answer comes within its timeout (10 s unless told)', async () => {
    expect(GA4_TIMEOUT_MS).toBe(10_000);
    answer = () => {};
    const started = performance.now();
    const result = await new Ga4MeasurementProtocol({ endpoint, timeoutMs: 150 }).send(hit);
    expect(result).toEqual({ ok: false, reason: 'timeout', status: null, error: 'no answer within 0.15 s' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('fails as unreachable when nobody listens, never naming the secret', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await new Ga4MeasurementProtocol({ endpoint: `http://127.0.0.1:${port}/mp/collect` }).send(hit);
    expect(result).toEqual({ ok: false, reason: 'unreachable', status: null, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(JSON.stringify(result)).not.toContain(hit.apiSecret);
  });
});

describe('the local recorder', () => {
  it('sends nothing, logs the hit with the secret redacted, keeps it, and answers as GA4 does', async () => {
    const lines: { object: object; message: string }[] = [];
    const recorder = new Ga4Recorder({ log: { info: (object: object, message: string) => void lines.push({ object, message }) } as never });
    expect(await recorder.send(hit)).toEqual({ ok: true, status: 204 });
    const recorded = { url: 'https://www.google-analytics.com/mp/collect?measurement_id=G-ABC123XYZ9&api_secret=REDACTED', body: hit.body };
    expect(recorder.recorded()).toEqual([recorded]);
    expect(lines).toEqual([{ object: { ga4Hit: recorded }, message: 'analytics: GA4 hit recorded, not sent' }]);
    expect(JSON.stringify(lines)).not.toContain(hit.apiSecret);
    expect(received).toEqual([]);
  });
});

describe('the choice of adapter', () => {
  const db = {} as Database; // the adapters only keep it
  const log = { info() {}, warn() {}, error() {} } as never;
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ALLOW_LOCAL_ADAPTERS: 'true' };

  it('is the local recorder outside production, and says so at startup', () => {
    const adapters = createAdapters(loadConfig({}), db, log);
    expect(adapters.ga4).toBeInstanceOf(Ga4Recorder);
    expect(describeAdapters(adapters)).toContain(
      'analytics: local GA4 recorder (records the Measurement Protocol hits in the log, sends nothing; set GA4_SEND=1 to send them to Google)',
    );
    expect(createAdapters(loadConfig({ ...production, GA4_SEND: 'false' }), db, log).ga4).toBeInstanceOf(Ga4Recorder);
  });

  it('is the Measurement Protocol in production, or when GA4_SEND says so', () => {
    const adapters = createAdapters(loadConfig(production), db, log);
    expect(adapters.ga4).toBeInstanceOf(Ga4MeasurementProtocol);
    expect(describeAdapters(adapters)).toContain('analytics: GA4 Measurement Protocol (call outcomes POSTed to https://www.google-analytics.com)');
    expect(createAdapters(loadConfig({ GA4_SEND: '1' }), db, log).ga4).toBeInstanceOf(Ga4MeasurementProtocol);
  });
});
