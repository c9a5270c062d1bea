import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../adapters/mail/mail.ts';
import { codeFromLink, refresh, signIn, uniqueEmail } from '../test/accounts.ts';
import { accessLogWritten, startTestServer, type TestApp, type TestServer } from '../test/harness.ts';
import { batchedLines } from './logRedaction.ts';

// Issue 8: tokens never logged. The whole log, at the most verbose level, of an account's life:
// sign-up, e-mail verification, sign-in, refresh, API calls, password reset, and the SPA pages
// and Stripe return URL that carry codes and secrets. The e-mails go to a fake, not the
// development outbox (off in production), so the test reads the codes from the mails themselves.

let server: TestServer;
let app: TestApp;
let log = '';
const mails: MailMessage[] = [];
const linkIn = (to: string) => /https?:\/\/\S+/.exec(mails.findLast((mail) => mail.to === to)!.text)![0];

beforeAll(async () => {
  server = await startTestServer();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  app = await server.variant({
    config: { logLevel: 'trace' },
    logStream: stream,
    adapters: (_log, base) => ({ ...base, mail: { description: 'test mail', send: async (message) => void mails.push(message) } }),
  });
});
afterAll(() => server?.close());

describe('the server log', () => {
  it('never holds a password, a token, an e-mailed code or a client secret', async () => {
    const email = uniqueEmail('logged');
    const password = 'never-in-the-log-1';
    const register = await app.request({
      method: 'POST',
      url: '/api/user/register',
      body: { fullname: 'Log Reader', email, phone: '+12015550123', password, timezone: 'UTC', captchaToken: 'captcha-token-secret' },
    });
    expect(register.status).toBe(201);
    const verifyCode = codeFromLink(linkIn(email));
    await app.request({ method: 'GET', url: `/verify/${verifyCode}?type=account`, headers: { accept: 'text/html' } });
    expect((await app.request({ method: 'POST', url: `/api/user/verify-email/${verifyCode}`, body: { client_id: 'dashboard' } })).status).toBe(200);

    const tokens = await signIn(app, email, password);
    const refreshed = await refresh(app, tokens.refreshToken);
    expect(refreshed.status).toBe(200);
    const cookie = 'session=cookie-value-secret';
    await app.request({ method: 'GET', url: '/api/user', token: refreshed.body.accessToken, headers: { cookie } });
    await app.request({ method: 'GET', url: '/billing/success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_abc', headers: { accept: 'text/html' } });

    await app.request({ method: 'PUT', url: '/api/user/password-reset', body: { email } });
    const resetCode = codeFromLink(linkIn(email));
    const newPassword = 'also-never-logged-2';
    await app.request({ method: 'GET', url: `/reset/${resetCode}`, headers: { accept: 'text/html' } });
    expect((await app.request({ method: 'POST', url: `/api/user/password-reset/${resetCode}`, body: { password: newPassword, isForgotPassword: true } })).status).toBe(200);

    expect(log).toContain('request completed');
    expect(log).toContain('/api/user/verify-email/[redacted]');
    const secrets = { password, newPassword, verifyCode, resetCode, cookie, captcha: 'captcha-token-secret', clientSecret: 'pi_1_secret_abc', accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, refreshedAccess: refreshed.body.accessToken, refreshedRefresh: refreshed.body.refreshToken };
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(String(secret)), `${name} is in the log`).toBe(false);
  });
});

describe('the access log (issue 17)', () => {
  it('writes one line per request, when it is answered, with its status and time; a passing health check only at debug', async () => {
    let lines = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (lines += chunk.toString()));
    const quiet = await server.variant({ config: { logLevel: 'info' }, logStream: stream });
    const entriesOf = (text: string) =>
      text
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; level: number; reqId?: string; req?: { url: string }; res?: { statusCode: number }; responseTime?: number })
        // The lines of requests (the variant's startup lines may still be on their way).
        .filter((entry) => entry.reqId !== undefined);
    lines = '';
    expect((await quiet.request({ method: 'GET', url: '/api/health' })).status).toBe(200);
    expect((await quiet.request({ method: 'GET', url: '/api/nothing-here' })).status).toBe(404);
    await accessLogWritten();
    const entries = entriesOf(lines);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ msg: 'request completed', req: { url: '/api/nothing-here' }, res: { statusCode: 404 } });
    expect(entries[0]!.responseTime).toBeGreaterThanOrEqual(0);

    let debugLines = '';
    const debugStream = new PassThrough();
    debugStream.on('data', (chunk: Buffer) => (debugLines += chunk.toString()));
    const verbose = await server.variant({ config: { logLevel: 'debug' }, logStream: debugStream });
    debugLines = '';
    expect((await verbose.request({ method: 'GET', url: '/api/health' })).status).toBe(200);
    await accessLogWritten();
    expect(entriesOf(debugLines).filter((entry) => entry.msg === 'request completed')).toMatchObject([{ level: 20, req: { url: '/api/health' } }]);

    // Its own logger skips the pass other lines take: secrets of a known shape anywhere in the URL are blanked all the same.
    lines = '';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNlY3JldA';
    const url = `/api/nothing-here?session=${jwt}&next=/reset/reset-code-secret&ref=pi_1_secret_abc&dsn=postgres://u:pw-secret@db/x`;
    expect((await quiet.request({ method: 'GET', url })).status).toBe(404);
    await accessLogWritten();
    expect(lines).toContain('request completed');
    for (const secret of [jwt, 'reset-code-secret', 'pi_1_secret_abc', 'pw-secret']) expect(lines.includes(secret), secret).toBe(false);
  });
});

describe('batchedLines (issue 17)', () => {
  it('writes the lines of one turn of the event loop together, at its end', async () => {
    const writes: string[] = [];
    const lines = batchedLines({ write: (chunk: string) => writes.push(chunk) } as unknown as NodeJS.WritableStream);
    lines.write('one\n');
    lines.write('two\n');
    expect(writes).toEqual([]);
    await accessLogWritten();
    expect(writes).toEqual(['one\ntwo\n']);
    lines.write('three\n');
    await accessLogWritten();
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
  });
});

