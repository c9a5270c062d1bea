import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogWritten, startTestServer, type TestServer } from '../test/harness.ts';
import { confirmIntent, createPayment, newClient, PACK_20, tokenizeCard } from '../test/payments.ts';
import { redactSecretShapes, redactUrl } from './logRedaction.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/user/verify-email/abc_DEF-123', '/api/user/verify-email/[redacted]'],
    ['/api/user/change-email/verify/abc?x=1', '/api/user/change-email/verify/[redacted]?x=1'],
    ['/api/user/password-reset/abc', '/api/user/password-reset/[redacted]'],
    ['/verify/abc?type=account', '/verify/[redacted]?type=account'],
    ['/reset/abc', '/reset/[redacted]'],
    ['/receipts/rcpt_0123456789abcdef', '/receipts/[redacted]'],
    ['/files/Xy12ab34cd/recording.wav', '/files/[redacted]'],
    ['/billing/success?payment_intent=pi_1&payment_intent_client_secret=s', '/billing/success?payment_intent=pi_1&payment_intent_client_secret=[redacted]'],
    ['/api/x?refresh_token=a&access%5Ftoken=b&page=2', '/api/x?refresh_token=[redacted]&access%5Ftoken=[redacted]&page=2'],
    ['/api/local-card-processor/payment-intents/pi_9Zz_secret_AbC/authenticate', '/api/local-card-processor/payment-intents/pi_9Zz_secret_[redacted]/authenticate'],
    ['/dev/mailbox?key=abc', '/dev/mailbox?key=[redacted]'],
  ])('hides the secret of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/user/password-reset')).toBe('/api/user/password-reset');
    expect(redactUrl('/api/client/calls?page=2&status=missed')).toBe('/api/client/calls?page=2&status=missed');
    expect(redactUrl('/widget.js?key=PublicKey123')).toBe('/widget.js?key=[redacted]');
  });
});

describe('redactSecretShapes', () => {
  it.each([
    ['POST /api/local-card-processor/payment-intents/pi_3Abc_secret_Xy9z/confirm', 'POST /api/local-card-processor/payment-intents/pi_3Abc_secret_[redacted]/confirm'],
    ['{"clientSecret":"seti_1Q_secret_QQ"}', '{"clientSecret":"seti_1Q_secret_[redacted]"}'],
    ['Stripe said: Invalid API Key provided: sk_live_51HxYz', 'Stripe said: Invalid API Key provided: sk_live_[redacted]'],
    ['webhook whsec_abc123 rejected', 'webhook whsec_[redacted] rejected'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl expired', 'token [redacted] expired'],
    ['authorization: Bearer abc.def-123', 'authorization: Bearer [redacted]'],
    ['connect ECONNREFUSED postgres://app:hunter2@db:5432/x', 'connect ECONNREFUSED postgres://app:[redacted]@db:5432/x'],
    ['"smtps://mailer:p4ss@smtp.example.com:465"', '"smtps://mailer:[redacted]@smtp.example.com:465"'],
    ['Route GET:/api/user/verify-email/abc_DEF not found', 'Route GET:/api/user/verify-email/[redacted] not found'],
    ['link http://localhost:3000/reset/Zx-9?lang=en', 'link http://localhost:3000/reset/[redacted]?lang=en'],
    ['"url":"/dev/mailbox.json?key=k3y&x=1"', '"url":"/dev/mailbox.json?key=[redacted]&x=1"'],
    ['see /verify/abc?type=changeEmail', 'see /verify/[redacted]?type=changeEmail'],
  ])('hides the secret in %s', (text, expected) => {
    expect(redactSecretShapes(text)).toBe(expected);
  });

  it('leaves ordinary text alone and keeps a JSON line JSON', () => {
    const line = JSON.stringify({ msg: 'basic plan, 20 credits, /api/client/calls?page=2', url: '/api/user/password-reset', pi: 'pi_123' });
    expect(redactSecretShapes(line)).toBe(line);
    const secretLine = JSON.stringify({ url: '/api/local-card-processor/payment-intents/pi_1_secret_2/confirm', err: 'postgres://u:p@h/d' });
    expect(() => JSON.parse(redactSecretShapes(secretLine))).not.toThrow();
  });
});

describe('the request log (issue 15, finding 11)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('holds no payment-intent client secret, key or token, whatever logs it', async () => {
    let log = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const app = await server.variant({ config: { logLevel: 'trace' }, logStream: stream });
    const client = await newClient(server);
    const card = await tokenizeCard(app, client);
    const intent = await createPayment(app, client, PACK_20.id);
    expect(intent.status).toBe(201);
    const clientSecret = intent.body.client_secret as string;
    expect(clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    expect((await confirmIntent(app, client, clientSecret, card)).status).toBe(200);
    // A secret in a message and in an error, as a careless log call or a library would write it.
    app.app.log.warn({ err: new Error(`charge failed for ${clientSecret}`) }, `retrying ${clientSecret} with sk_test_abcdef`);
    await accessLogWritten();

    expect(log).toContain('/payment-intents/pi_');
    expect(log).toContain('_secret_[redacted]/confirm');
    const secretPart = clientSecret.split('_secret_')[1]!;
    expect(log).not.toContain(secretPart);
    expect(log).not.toContain('sk_test_abcdef');
    expect(log).not.toContain(client.token);
    for (const line of log.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });
});
