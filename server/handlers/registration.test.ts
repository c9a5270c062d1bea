import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecaptchaCaptcha } from '../adapters/captcha/recaptchaCaptcha.ts';
import { users } from '../db/schema/accounts.ts';
import { creditLedger, credits } from '../db/schema/billing.ts';
import { codeFromLink, createAccount, expireOneTimeToken, newestMailTo, signIn, uniqueEmail } from '../test/accounts.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestApp, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let addressCounter = 0;
/** Sign-ups are limited per client address (REGISTRATION_LIMITS): each test signs up from its own. */
const nextAddress = () => `192.0.2.${++addressCounter}`;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    fullname: 'Grace Hopper',
    email: uniqueEmail('grace'),
    phone: '+12015550123',
    password: 'cobol-1959',
    timezone: 'America/New_York',
    captchaToken: 'token-from-the-bot-check',
    ...overrides,
  };
}

describe('POST /user/register', () => {
  it('creates an unverified account with 20 credits through the ledger and mails a working verification link', async () => {
    const input = registration({ email: uniqueEmail('Grace').toUpperCase(), leadSource: 'ads', sscid: 'abc', metadata: { utm: 'x' } });
    const email = input.email.toLowerCase();
    const response = await server.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: input });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'A sign up verification email was sent to your address!' });

    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'Grace Hopper', emailVerifiedAt: null, leadSource: 'ads', sscid: 'abc', metadata: { utm: 'x' } });
    const [balance] = await server.db.select().from(credits).where(eq(credits.userId, user!.id));
    expect(balance!.credits).toBe(20);
    const ledger = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, user!.id));
    expect(ledger).toMatchObject([{ delta: 20, balanceAfter: 20, reason: 'signup_grant' }]);

    // Not before verification (spec §1)…
    const early = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      form: { grant_type: 'password', username: email, password: input.password },
    });
    expect(early.body.error).toBe('inactive_account');

    // …then the link from the e-mail verifies the account.
    const mail = await newestMailTo(server, email);
    expect(mail?.subject).toMatch(/Verify your e-mail address/);
    const link = mail!.links[0]!;
    expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/verify/[A-Za-z0-9_-]{43}\\?type=account$`));
    const verified = await server.request({
      method: 'POST',
      url: `/api/user/verify-email/${codeFromLink(link)}`,
      body: { client_id: 'dashboard' },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ data: { name: 'Grace Hopper' } });

    const tokens = await signIn(server, email, input.password);
    const meta = await server.request({ method: 'GET', url: '/api/client/meta', token: tokens.accessToken });
    expect(meta.body.credits).toEqual([{ credits: 20, overdraft: 0, autoRecharge: null, minMonthlySpendingRequirement: 0 }]);
  });

  it('answers 409 account_exists for an address in use, whatever its case', async () => {
    const account = await createAccount(server.db);
    const response = await server.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: registration({ email: account.email.toUpperCase() }) });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'account_exists', error_description: 'Account with that username already exists.' });
  });

  it('answers 409 for a second registration of the same address', async () => {
    const input = registration();
    expect((await server.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: input })).status).toBe(201);
    expect((await server.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: input })).status).toBe(409);
  });

  it('answers 410 account_deleted when the address belonged to a deleted account', async () => {
    const account = await createAccount(server.db, { deleted: true });
    const response = await server.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: registration({ email: account.email }) });
    expect(response.status).toBe(410);
    expect(response.body.error).toBe('account_deleted');
  });

  describe('with Google reCAPTCHA', () => {
    // One app whose captcha asks a fake siteverify; each test sets what it answers.
    let siteverify: typeof fetch;
    let withRecaptcha: TestApp;
    beforeAll(async () => {
      withRecaptcha = await server.variant({
        adapters: (log, base) => ({
          ...base,
          captcha: new RecaptchaCaptcha({ secret: 'the-secret', log, fetchImpl: (url, init) => siteverify(url, init) }),
        }),
      });
    });

    it('answers 400 when the token is rejected, and creates nothing', async () => {
      siteverify = async () => Response.json({ success: false, 'error-codes': ['invalid-input-response'] });
      const input = registration();
      const response = await withRecaptcha.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: input });
      expect(response.status).toBe(400);
      expect(response.body.error_description).toBe('The bot check failed. Please try again.');
      expect(await server.db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
    });

    it('answers 400 when Google cannot be reached (fails closed)', async () => {
      siteverify = async () => {
        throw new TypeError('fetch failed');
      };
      expect((await withRecaptcha.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: registration() })).status).toBe(400);
    });

    it('sends the token and the secret to siteverify and registers on success', async () => {
      const seen: URLSearchParams[] = [];
      siteverify = async (_url, init) => {
        seen.push(init!.body as URLSearchParams);
        return Response.json({ success: true });
      };
      const response = await withRecaptcha.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: registration({ captchaToken: 'abc' }) });
      expect(response.status).toBe(201);
      expect(Object.fromEntries(seen[0]!)).toMatchObject({ secret: 'the-secret', response: 'abc' });
    });
  });

  it.each([
    ['a missing field', { phone: undefined }, /phone is required/],
    ['a short password', { password: 'abc' }, /password must be at least 5 characters/],
    ['a bad e-mail', { email: 'not-an-email' }, /email must be a valid e-mail address/],
    ['a bad phone', { phone: '555-0123' }, /phone is not valid/],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, /timezone is not a known IANA time zone/],
    ['a wrong type', { fullname: ['Grace'] }, /fullname must be of type string/],
  ])('answers 400 for %s', async (_name, overrides, message) => {
    const response = await server.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: registration(overrides) });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_description).toMatch(message);
  });
});

describe('POST /user/verify-email/{token}', () => {
  async function registerAndGetCode() {
    const input = registration();
    await server.request({ method: 'POST', url: '/api/user/register', remoteAddress: nextAddress(), body: input });
    const mail = await newestMailTo(server, input.email);
    return { input, code: codeFromLink(mail!.links[0]!) };
  }

  it('works once: a second use answers 404 invalid_code', async () => {
    const { code } = await registerAndGetCode();
    expect((await server.request({ method: 'POST', url: `/api/user/verify-email/${code}` })).status).toBe(200);
    const again = await server.request({ method: 'POST', url: `/api/user/verify-email/${code}` });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'invalid_code', error_description: 'Invalid or expired verification code.' });
  });

  it('works once even when two requests race (on PostgreSQL they really run at once)', async () => {
    const { code } = await registerAndGetCode();
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.request({ method: 'POST', url: `/api/user/verify-email/${code}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
  });

  it('expires after 48 hours', async () => {
    const { code } = await registerAndGetCode();
    await expireOneTimeToken(server.db, code);
    expect((await server.request({ method: 'POST', url: `/api/user/verify-email/${code}` })).status).toBe(404);
  });

  it('answers 404 for an unknown code, and does not accept a reset code', async () => {
    expect((await server.request({ method: 'POST', url: '/api/user/verify-email/nonsense' })).status).toBe(404);
    const account = await createAccount(server.db, { verified: false });
    await server.request({ method: 'PUT', url: '/api/user/password-reset', body: { email: account.email } });
    const resetCode = codeFromLink((await newestMailTo(server, account.email))!.links[0]!);
    expect((await server.request({ method: 'POST', url: `/api/user/verify-email/${resetCode}` })).status).toBe(404);
  });
});
