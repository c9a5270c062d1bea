import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts.ts';
import { codeFromLink, createAccount, expireOneTimeToken, newestMailTo, refresh, signIn, uniqueEmail } from '../test/accounts.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function signedIn(options: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(server.db, options);
  const tokens = await signIn(server, account.email, account.password);
  return { account, tokens };
}

describe('PUT /user/password-reset (forgot password)', () => {
  it('answers 202 with the same message whether or not the account exists', async () => {
    const account = await createAccount(server.db);
    const known = await server.request({ method: 'PUT', url: '/api/user/password-reset', body: { email: account.email } });
    const unknown = await server.request({ method: 'PUT', url: '/api/user/password-reset', body: { email: uniqueEmail('ghost') } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
  });

  it('mails a reset link only when the account exists', async () => {
    const account = await createAccount(server.db);
    const ghost = uniqueEmail('ghost');
    await server.request({ method: 'PUT', url: '/api/user/password-reset', body: { email: account.email } });
    await server.request({ method: 'PUT', url: '/api/user/password-reset', body: { email: ghost } });
    expect((await newestMailTo(server, account.email))!.links[0]).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/reset/[A-Za-z0-9_-]{43}$`));
    expect(await newestMailTo(server, ghost)).toBeUndefined();
  });
});

describe('POST /user/password-reset/{verificationCode}', () => {
  async function resetCodeFor(email: string) {
    await server.request({ method: 'PUT', url: '/api/user/password-reset', body: { email } });
    return codeFromLink((await newestMailTo(server, email))!.links[0]!);
  }

  it('sets the password, signs out every session, and works once', async () => {
    const { account, tokens } = await signedIn();
    const code = await resetCodeFor(account.email);
    const reset = await server.request({
      method: 'POST',
      url: `/api/user/password-reset/${code}`,
      body: { password: 'brand-new-password', isForgotPassword: true },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Your account has been successfully reset.' });

    expect((await server.request({ method: 'GET', url: '/api/user', token: tokens.accessToken })).status).toBe(401);
    expect((await refresh(server, tokens.refreshToken)).status).toBe(401);
    await signIn(server, account.email, 'brand-new-password');

    const reused = await server.request({ method: 'POST', url: `/api/user/password-reset/${code}`, body: { password: 'another-password' } });
    expect(reused.status).toBe(404);
    expect(reused.body.error).toBe('invalid_code');
  });

  it('verifies an unverified account: the e-mail proved its owner', async () => {
    const account = await createAccount(server.db, { verified: false });
    const code = await resetCodeFor(account.email);
    await server.request({ method: 'POST', url: `/api/user/password-reset/${code}`, body: { password: 'brand-new-password' } });
    await signIn(server, account.email, 'brand-new-password');
  });

  it('answers 404 after the hour is up, and the password stays', async () => {
    const account = await createAccount(server.db);
    const code = await resetCodeFor(account.email);
    await expireOneTimeToken(server.db, code);
    const late = await server.request({ method: 'POST', url: `/api/user/password-reset/${code}`, body: { password: 'brand-new-password' } });
    expect(late.status).toBe(404);
    await signIn(server, account.email, account.password);
  });
});

describe('GET /user and GET /user/email', () => {
  it('answer the caller\'s own profile and address', async () => {
    const { account, tokens } = await signedIn({ name: 'Katherine Johnson' });
    const profile = await server.request({ method: 'GET', url: '/api/user', token: tokens.accessToken });
    expect(profile.body).toMatchObject({
      id: account.id,
      name: 'Katherine Johnson',
      email: account.email,
      timezone: 'Europe/London',
      pendingEmail: null,
      twilioNumberId: null,
      hasAdvancedWidgetSettings: false,
      customCallerIdSettings: { displayCustomNumberToCustomers: false },
    });
    const email = await server.request({ method: 'GET', url: '/api/user/email', token: tokens.accessToken });
    expect(email.body).toEqual({ email: account.email });
  });
});

describe('PATCH /user', () => {
  it('changes name, time zone and Twilio number', async () => {
    const { tokens } = await signedIn();
    const response = await server.request({
      method: 'PATCH',
      url: '/api/user',
      token: tokens.accessToken,
      body: { name: 'Dorothy Vaughan', timezone: 'Asia/Tokyo', twilioNumberId: 2 },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Dorothy Vaughan', timezone: 'Asia/Tokyo', twilioNumberId: 2 });
    const cleared = await server.request({ method: 'PATCH', url: '/api/user', token: tokens.accessToken, body: { twilioNumberId: null } });
    expect(cleared.body.twilioNumberId).toBeNull();
  });

  it.each([
    ['an unknown time zone', { timezone: 'Atlantis/Capital' }, /timezone is not a known IANA time zone/],
    ['an unknown Twilio number', { twilioNumberId: 999 }, /twilioNumberId/],
    ['no field at all', {}, /must have at least 1 field/],
    ['a field that cannot change here', { password: 'sneaky-password' }, /password is not allowed/],
  ])('answers 400 for %s', async (_name, body, message) => {
    const { tokens } = await signedIn();
    const response = await server.request({ method: 'PATCH', url: '/api/user', token: tokens.accessToken, body });
    expect(response.status).toBe(400);
    expect(response.body.error_description).toMatch(message);
  });

  describe('changing the e-mail address', () => {
    it('keeps the address until the link mailed to the new one is used', async () => {
      const { account, tokens } = await signedIn({ name: 'Mary Jackson' });
      const newEmail = uniqueEmail('mary');
      const response = await server.request({ method: 'PATCH', url: '/api/user', token: tokens.accessToken, body: { email: newEmail.toUpperCase(), currentPassword: account.password } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email: account.email, pendingEmail: newEmail });

      const link = (await newestMailTo(server, newEmail))!.links[0]!;
      expect(link).toMatch(/\/verify\/[A-Za-z0-9_-]+\?type=changeEmail$/);
      const verified = await server.request({ method: 'POST', url: `/api/user/change-email/verify/${codeFromLink(link)}`, body: { client_id: 'dashboard' } });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ data: { name: 'Mary Jackson' } });

      const profile = await server.request({ method: 'GET', url: '/api/user', token: tokens.accessToken });
      expect(profile.body).toMatchObject({ email: newEmail, pendingEmail: null });
      await signIn(server, newEmail, account.password);
      const again = await server.request({ method: 'POST', url: `/api/user/change-email/verify/${codeFromLink(link)}` });
      expect(again.status).toBe(404);
    });

    it('answers 409 when another account uses the address', async () => {
      const other = await createAccount(server.db);
      const { account, tokens } = await signedIn();
      const response = await server.request({ method: 'PATCH', url: '/api/user', token: tokens.accessToken, body: { email: other.email, currentPassword: account.password } });
      expect(response.status).toBe(409);
      expect(response.body.error).toBe('account_exists');
    });

    it('answers 409 at verification when another account took the address meanwhile', async () => {
      const { account, tokens } = await signedIn();
      const newEmail = uniqueEmail('contested');
      await server.request({ method: 'PATCH', url: '/api/user', token: tokens.accessToken, body: { email: newEmail, currentPassword: account.password } });
      const code = codeFromLink((await newestMailTo(server, newEmail))!.links[0]!);
      await createAccount(server.db, { email: newEmail });
      const response = await server.request({ method: 'POST', url: `/api/user/change-email/verify/${code}` });
      expect(response.status).toBe(409);
    });

    it('ignores an older link once a newer address was asked for', async () => {
      const { account, tokens } = await signedIn();
      const first = uniqueEmail('first');
      await server.request({ method: 'PATCH', url: '/api/user', token: tokens.accessToken, body: { email: first, currentPassword: account.password } });
      const firstCode = codeFromLink((await newestMailTo(server, first))!.links[0]!);
      await server.request({ method: 'PATCH', url: '/api/user', token: tokens.accessToken, body: { email: uniqueEmail('second'), currentPassword: account.password } });
      expect((await server.request({ method: 'POST', url: `/api/user/change-email/verify/${firstCode}` })).status).toBe(404);
    });

    it('expires after 48 hours', async () => {
      const { account, tokens } = await signedIn();
      const newEmail = uniqueEmail('late');
      await server.request({ method: 'PATCH', url: '/api/user', token: tokens.accessToken, body: { email: newEmail, currentPassword: account.password } });
      const code = codeFromLink((await newestMailTo(server, newEmail))!.links[0]!);
      await expireOneTimeToken(server.db, code);
      expect((await server.request({ method: 'POST', url: `/api/user/change-email/verify/${code}` })).status).toBe(404);
    });
  });
});

describe.each([
  ['PATCH', 'changePassword'],
  ['PUT', 'setPassword'],
] as const)('%s /user/password (%s)', (method, _operationId) => {
  it('changes the password and signs out every other session, keeping this one', async () => {
    const { account, tokens } = await signedIn();
    const otherDevice = await signIn(server, account.email, account.password);
    const response = await server.request({
      method,
      url: '/api/user/password',
      token: tokens.accessToken,
      body: { currentPassword: account.password, newPassword: 'new-secret-1', invalidateSessions: true },
    });
    expect(response.status).toBe(204);
    expect((await server.request({ method: 'GET', url: '/api/user', token: tokens.accessToken })).status).toBe(200);
    expect((await server.request({ method: 'GET', url: '/api/user', token: otherDevice.accessToken })).status).toBe(401);
    expect((await refresh(server, otherDevice.refreshToken)).status).toBe(401);
    await signIn(server, account.email, 'new-secret-1');
  });

  it('keeps other sessions with invalidateSessions false', async () => {
    const { account, tokens } = await signedIn();
    const otherDevice = await signIn(server, account.email, account.password);
    await server.request({
      method,
      url: '/api/user/password',
      token: tokens.accessToken,
      body: { currentPassword: account.password, newPassword: 'new-secret-2', invalidateSessions: false },
    });
    expect((await server.request({ method: 'GET', url: '/api/user', token: otherDevice.accessToken })).status).toBe(200);
  });

  it('answers 401 invalid_grant for a wrong current password, not the code that makes the SPA refresh', async () => {
    const { account, tokens } = await signedIn();
    const response = await server.request({
      method,
      url: '/api/user/password',
      token: tokens.accessToken,
      body: { currentPassword: 'not-my-password', newPassword: 'new-secret-3' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'invalid_grant', error_description: 'invalid_current_password' });
    const [user] = await server.db.select().from(users).where(eq(users.id, account.id));
    expect(user).toBeDefined();
    await signIn(server, account.email, account.password);
  });
});
