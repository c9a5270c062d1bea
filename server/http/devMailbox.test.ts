import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance } from '../test/instance.ts';
import { openTestDatabase, startTestServer, TEST_MAILBOX_KEY, type TestServer } from '../test/harness.ts';
import { pgliteTemplate } from '../test/pgliteTemplate.ts';
import { eq } from 'drizzle-orm';
import { serverSecrets } from '../db/schema/system.ts';
import { OutboxTexts } from '../adapters/texts/outboxTexts.ts';
import { pino } from 'pino';
import { devOutboxUrl, loadMailboxKey } from './devMailbox.ts';

// Issue 15, finding 7: the dev mailbox showed every account's verification and reset links to
// anyone. It now answers only with its key, and a wrong or missing key looks like no route.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const registered = await server.request({
    method: 'POST',
    url: '/api/user/register',
    body: { fullname: 'Mail Reader', email: 'mail.reader@example.com', phone: '+12015550123', password: 'secret-1', timezone: 'UTC', captchaToken: 't' },
  });
  expect(registered.status).toBe(201);
});
afterAll(() => server?.close());

describe('the dev mailbox', () => {
  it.each(['/dev/mailbox', '/dev/mailbox.json'])('answers %s only with its key', async (url) => {
    const without = await server.request({ method: 'GET', url, headers: { accept: 'text/html' } });
    const wrong = await server.request({ method: 'GET', url: `${url}?key=${TEST_MAILBOX_KEY}x` });
    const almost = await server.request({ method: 'GET', url: `${url}?key=${TEST_MAILBOX_KEY.slice(0, -1)}` });
    for (const refused of [without, wrong, almost]) {
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: 'not_found', error_description: `No route for GET ${url}.` });
      expect(refused.text).not.toContain('verify');
    }
    const right = await server.request({ method: 'GET', url: `${url}?key=${TEST_MAILBOX_KEY}` });
    expect(right.status).toBe(200);
    expect(right.text).toMatch(/http:\/\/dashboard\.test\/verify\/[A-Za-z0-9_-]+\?type=account/);
  });

  it('lists the outbox as HTML with clickable links', async () => {
    const response = await server.request({ method: 'GET', url: `/dev/mailbox?key=${TEST_MAILBOX_KEY}` });
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toMatch(/<a href="http:\/\/dashboard\.test\/verify\/[A-Za-z0-9_-]+\?type=account">/);
  });

  it('is not served when mail goes out through SMTP, key or not', async () => {
    const withSmtp = await server.variant({ config: { smtpUrl: 'smtp://127.0.0.1:2525' } });
    expect((await withSmtp.request({ method: 'GET', url: `/dev/mailbox.json?key=${TEST_MAILBOX_KEY}` })).status).toBe(404);
  });

  it('without MAILBOX_KEY, uses the key stored in the database, the same for every instance', async () => {
    const first = await server.variant({ config: { mailboxKey: undefined } });
    const second = await server.variant({ config: { mailboxKey: undefined } });
    expect((await first.request({ method: 'GET', url: `/dev/mailbox.json?key=${TEST_MAILBOX_KEY}` })).status).toBe(404);
    const [row] = await server.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'dev_mailbox_key'));
    expect(row!.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const instance of [first, second]) {
      expect((await instance.request({ method: 'GET', url: `/dev/mailbox.json?key=${row!.value}` })).status).toBe(200);
    }
  });
});

describe('the dev text messages', () => {
  it.each(['/dev/messages', '/dev/messages.json'])('answers %s only with the mailbox key', async (url) => {
    for (const refused of [`${url}`, `${url}?key=${TEST_MAILBOX_KEY}x`]) {
      const response = await server.request({ method: 'GET', url: refused });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', error_description: `No route for GET ${url}.` });
    }
    expect((await server.request({ method: 'GET', url: `${url}?key=${TEST_MAILBOX_KEY}` })).status).toBe(200);
  });

  it('lists what the local outbox sent, newest first, escaped, with clickable links', async () => {
    const texts = new OutboxTexts({ db: server.db, publicUrl: server.config.publicUrl, log: pino({ level: 'silent' }) });
    await texts.send({ to: '+12015550100', from: '+12015550199', body: 'First' });
    await texts.send({ to: '+12015550101', from: '+12015550199', body: 'Sorry we missed your call <b>now</b>: http://dashboard.test/calls' });
    const json = await server.request({ method: 'GET', url: `/dev/messages.json?key=${TEST_MAILBOX_KEY}` });
    expect(json.headers['cache-control']).toBe('no-store');
    const listed = json.body as { to: string; from: string; body: string; links: string[] }[];
    expect(listed.slice(0, 2)).toMatchObject([
      { to: '+12015550101', from: '+12015550199', links: ['http://dashboard.test/calls'] },
      { to: '+12015550100', body: 'First' },
    ]);
    const page = await server.request({ method: 'GET', url: `/dev/messages?key=${TEST_MAILBOX_KEY}` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('&#60;b&#62;now&#60;/b&#62;');
    expect(page.text).not.toContain('<b>');
    expect(page.text).toContain('<a href="http://dashboard.test/calls">');
  });

  it('is not served in production, even beside the simulator (ALLOW_LOCAL_ADAPTERS)', async () => {
    const production = await server.variant({ config: { nodeEnv: 'production', allowLocalAdapters: true, smtpUrl: 'smtp://127.0.0.1:2525' } });
    expect((await production.request({ method: 'GET', url: `/dev/messages.json?key=${TEST_MAILBOX_KEY}` })).status).toBe(404);
  });

  it('is not served when text messages go out through Twilio', async () => {
    const withTwilio = await server.variant({ config: { telephony: { ...server.config.telephony, twilio: { accountSid: `AC${'0'.repeat(32)}`, authToken: 't' } } } });
    expect((await withTwilio.request({ method: 'GET', url: `/dev/messages.json?key=${TEST_MAILBOX_KEY}` })).status).toBe(404);
    expect((await withTwilio.request({ method: 'GET', url: `/dev/mailbox.json?key=${TEST_MAILBOX_KEY}` })).status).toBe(200);
  });
});

describe('the mailbox key across a restart', () => {
  it('stays the same on one data directory, and the printed address opens the mailbox', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mailbox-key-'));
    const postgres = process.env.DATABASE_URL ? await openTestDatabase() : undefined;
    const template = await pgliteTemplate();
    try {
      const keys: string[] = [];
      for (let start = 0; start < 2; start += 1) {
        // The migrated template only for the new directory: the restart opens what the first start left.
        const instance = await startInstance({ dataDir, databaseUrl: postgres?.url, pgliteDump: start === 0 ? template : undefined });
        try {
          const url = new URL(devOutboxUrl(instance.config.publicUrl, 'mailbox', await loadMailboxKey(instance.config, instance.db)));
          keys.push(url.searchParams.get('key')!);
          expect((await instance.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(200);
          expect((await instance.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
        } finally {
          await instance.close();
        }
      }
      expect(keys[0]).toHaveLength(32);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      await postgres?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
