import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '@playwright/test';

/** A request the receiver got: its raw body as sent (a signature covers these bytes, not a re-serialization). */
export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed (contract: WebhookEventBody). */
  event: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/**
 * A client's webhook receiver for the spec's tests (issue 19): a plain HTTP server on 127.0.0.1
 * and a port of its own (development and tests accept http:// and this machine as targets), which
 * answers 204 to everything and records what it got.
 */
export function useWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let server: Server;
  let origin = '';
  test.beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let event: ReceivedWebhook['event'];
        try {
          event = JSON.parse(rawBody) as ReceivedWebhook['event'];
        } catch {
          event = { id: '', type: '(not JSON)', createdAt: '', data: {} };
        }
        received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, rawBody, event });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    /** `http://127.0.0.1:<port>`, once the server listens (inside a test). */
    get origin() {
      return origin;
    },
    /** What arrived at `path`, of event type `type`, in order. */
    of(path: string, type: string): ReceivedWebhook[] {
      return received.filter((request) => request.path === path && request.event.type === type);
    },
  };
}

/**
 * Whether `X-Callback-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`)
 * signs the request's raw body with `secret`, within 5 minutes (README, "Webhooks").
 */
export function signedWith(webhook: ReceivedWebhook, secret: string): boolean {
  const header = String(webhook.headers['x-callback-signature'] ?? '');
  const fields = new Map(header.split(',').map((field) => field.split('=') as [string, string]));
  const t = Number(fields.get('t'));
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  return fields.get('v1') === createHmac('sha256', secret).update(`${t}.${webhook.rawBody}`).digest('hex');
}
