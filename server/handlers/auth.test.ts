import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../db/schema/accounts.ts';
import { hashSecretToken } from '../domain/auth/secretTokens.ts';
import { forgetRevokedSessions, isSessionActive, REFRESH_REUSE_GRACE_SECONDS, SESSION_CHECK_REUSE_MS, startSession } from '../domain/auth/sessions.ts';
import { createAccount, refresh, signIn, uniqueEmail } from '../test/accounts.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const EXPIRED = { error: 'invalid_or_expired_access_token', error_description: 'invalid_or_expired_access_token' };

describe('POST /oauth2/token, password grant', () => {
  it('signs in with a form body and answers a token pair', async () => {
    const account = await createAccount(server.db);
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      form: { grant_type: 'password', username: account.email, password: account.password, client_id: 'dashboard' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = await server.request({ method: 'GET', url: '/api/user', token: response.body.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: account.id, email: account.email });
  });

  it('accepts a JSON body and an e-mail typed with capitals and spaces', async () => {
    const account = await createAccount(server.db);
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      body: { grant_type: 'password', username: account.email.toUpperCase(), password: account.password },
    });
    expect(response.status).toBe(200);
  });

  it('answers 401 invalid_grant for a wrong password', async () => {
    const account = await createAccount(server.db);
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      form: { grant_type: 'password', username: account.email, password: 'wrong-password' },
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_grant');
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      form: { grant_type: 'password', username: uniqueEmail('nobody'), password: 'whatever-password' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'invalid_grant', error_description: 'The login details are incorrect.' });
  });

  it('answers 401 inactive_account before the e-mail is verified (spec §8)', async () => {
    const account = await createAccount(server.db, { verified: false });
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      form: { grant_type: 'password', username: account.email, password: account.password },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'inactive_account', error_description: 'inactive_account' });
  });

  it('does not tell a wrong password on an unverified account that it is unverified', async () => {
    const account = await createAccount(server.db, { verified: false });
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      form: { grant_type: 'password', username: account.email, password: 'wrong-password' },
    });
    expect(response.body.error).toBe('invalid_grant');
  });

  it('refuses a deleted account', async () => {
    const account = await createAccount(server.db, { deleted: true });
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      form: { grant_type: 'password', username: account.email, password: account.password },
    });
    expect(response.body.error).toBe('invalid_grant');
  });
});

describe('POST /oauth2/token, refresh_token grant', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const account = await createAccount(server.db);
    const first = await signIn(server, account.email, account.password);
    const rotated = await refresh(server, first.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refreshToken).not.toBe(first.refreshToken);
    expect((await server.request({ method: 'GET', url: '/api/user', token: rotated.body.accessToken })).status).toBe(200);

    const again = await refresh(server, rotated.body.refreshToken);
    expect(again.status).toBe(200);
  });

  it('revokes the whole session when a spent refresh token comes back after the session moved on', async () => {
    const account = await createAccount(server.db);
    const first = await signIn(server, account.email, account.password);
    const second = (await refresh(server, first.refreshToken)).body;
    const third = (await refresh(server, second.refreshToken)).body;

    const reuse = await refresh(server, first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error).toBe('invalid_grant');

    // The latest token and the session's access tokens die too.
    expect((await refresh(server, third.refreshToken)).status).toBe(401);
    const profile = await server.request({ method: 'GET', url: '/api/user', token: third.accessToken });
    expect(profile.status).toBe(401);
    expect(profile.body).toEqual(EXPIRED);
    const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(session!.revokedReason).toBe('refresh_token_reuse');
  });

  it('lets a spent refresh token be exchanged again within the grace window (a lost answer)', async () => {
    const account = await createAccount(server.db);
    const first = await signIn(server, account.email, account.password);
    const lost = await refresh(server, first.refreshToken);
    expect(lost.status).toBe(200);

    const retried = await refresh(server, first.refreshToken);
    expect(retried.status).toBe(200);
    // The same successor, not a second chain (issue 15, finding 8).
    expect(retried.body.refreshToken).toBe(lost.body.refreshToken);
    expect((await refresh(server, retried.body.refreshToken)).status).toBe(200);
    const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(session!.revokedAt).toBeNull();
  });

  it('revokes the session when a spent refresh token comes back after the grace window', async () => {
    const account = await createAccount(server.db);
    const first = await signIn(server, account.email, account.password);
    expect((await refresh(server, first.refreshToken)).status).toBe(200);
    const longAgo = new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    await server.db.update(refreshTokens).set({ rotatedAt: longAgo }).where(eq(refreshTokens.tokenHash, hashSecretToken(first.refreshToken)));

    expect((await refresh(server, first.refreshToken)).status).toBe(401);
    const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(session!.revokedReason).toBe('refresh_token_reuse');
  });

  it('gives every concurrent use of one refresh token the same successor of the same session', async () => {
    const account = await createAccount(server.db);
    const tokens = await signIn(server, account.email, account.password);
    const answers = await Promise.all([1, 2, 3].map(() => refresh(server, tokens.refreshToken)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.refreshToken)).size).toBe(1);
  });

  it('leaves other sessions of the account alone', async () => {
    const account = await createAccount(server.db);
    const laptop = await signIn(server, account.email, account.password);
    const phone = await signIn(server, account.email, account.password);
    await refresh(server, laptop.refreshToken);
    await refresh(server, laptop.refreshToken);
    expect((await refresh(server, phone.refreshToken)).status).toBe(200);
  });

  it('answers 401 invalid_grant for an unknown refresh token', async () => {
    const response = await refresh(server, 'not-a-real-token');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_grant');
  });

  it('answers 401 invalid_grant for an expired refresh token', async () => {
    const account = await createAccount(server.db);
    const tokens = await signIn(server, account.email, account.password);
    await server.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashSecretToken(tokens.refreshToken)));
    expect((await refresh(server, tokens.refreshToken)).status).toBe(401);
  });

  it('expire after REFRESH_TOKEN_TTL on the token clock', async () => {
    const account = await createAccount(server.db);
    let now = Date.now();
    const clocked = await server.variant({ tokenClock: { now: () => now } });
    const ttlMs = clocked.config.refreshTokenTtlSeconds * 1000;
    const tokens = await signIn(clocked, account.email, account.password);
    now += ttlMs - 1000;
    const renewed = await refresh(clocked, tokens.refreshToken);
    expect(renewed.status).toBe(200);
    // The new refresh token lives its own REFRESH_TOKEN_TTL from now.
    now += ttlMs;
    expect((await refresh(clocked, renewed.body.refreshToken)).status).toBe(401);
  });
});

describe('bearer access tokens', () => {
  it('expire after ACCESS_TOKEN_TTL with 401 invalid_or_expired_access_token', async () => {
    const account = await createAccount(server.db);
    // A stopped clock that the test moves: expiry is reached without waiting, to the second.
    let now = Date.now();
    const clocked = await server.variant({ tokenClock: { now: () => now } });
    const issuedAt = Math.floor(now / 1000) * 1000;
    const ttlMs = clocked.config.accessTokenTtlSeconds * 1000;
    const tokens = await signIn(clocked, account.email, account.password);
    const profile = (token: string) => clocked.request({ method: 'GET', url: '/api/user', token });

    now = issuedAt + ttlMs - 1000;
    expect((await profile(tokens.accessToken)).status).toBe(200);
    now = issuedAt + ttlMs;
    const expired = await profile(tokens.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(EXPIRED);
    // The refresh token still works: this is the SPA's refresh-and-replay path (spec §4).
    const renewed = await refresh(clocked, tokens.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await profile(renewed.body.accessToken)).status).toBe(200);
  });

  it('are checked on the token clock, not the system clock', async () => {
    const account = await createAccount(server.db);
    const tokens = await signIn(server, account.email, account.password);
    // Another instance whose token clock is past the token's expiry refuses it.
    const later = await server.variant({ tokenClock: { now: () => Date.now() + (server.config.accessTokenTtlSeconds + 1) * 1000 } });
    expect((await later.request({ method: 'GET', url: '/api/user', token: tokens.accessToken })).status).toBe(401);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a malformed header', 'Basic abc'],
    ['a forged token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  ])('answers 401 invalid_or_expired_access_token for %s', async (_name, authorization) => {
    const response = await server.request({
      method: 'GET',
      url: '/api/user',
      headers: authorization ? { authorization } : {},
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(EXPIRED);
  });

  it('are accepted by another instance sharing the database (the signing key lives there)', async () => {
    const account = await createAccount(server.db);
    const tokens = await signIn(server, account.email, account.password);
    const otherInstance = await server.variant({});
    expect((await otherInstance.request({ method: 'GET', url: '/api/user', token: tokens.accessToken })).status).toBe(200);
  });
});

describe('the session check (issue 17)', () => {
  it('takes a session found open for open SESSION_CHECK_REUSE_MS, so a revocation by another instance counts within it', async () => {
    const account = await createAccount(server.db);
    let now = Date.now();
    const clocked = await server.variant({ tokenClock: { now: () => now } });
    const tokens = await signIn(clocked, account.email, account.password);
    const profile = () => clocked.request({ method: 'GET', url: '/api/user', token: tokens.accessToken });
    expect((await profile()).status).toBe(200);
    // Revoked by another process: nothing tells this one.
    await server.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'logout' }).where(eq(sessions.userId, account.id));
    now += SESSION_CHECK_REUSE_MS - 1;
    expect((await profile()).status).toBe(200);
    now += 1;
    expect((await profile()).status).toBe(401);
  });

  it('does not remember a check that overlapped a revocation on this instance (one committed while the check read)', async () => {
    const account = await createAccount(server.db);
    const { sessionId } = await startSession(server.db, { userId: account.id }, 3600);
    const clock = { now: () => 1_000_000 };
    const check = isSessionActive(server.db, sessionId, account.id, clock);
    forgetRevokedSessions([]);
    expect(await check).toBe(true);
    await server.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'logout' }).where(eq(sessions.id, sessionId));
    expect(await isSessionActive(server.db, sessionId, account.id, clock)).toBe(false);
  });
});

describe('DELETE /oauth2/token', () => {
  it('signs out: the access and refresh tokens of the session stop working, other sessions do not', async () => {
    const account = await createAccount(server.db);
    const current = await signIn(server, account.email, account.password);
    const other = await signIn(server, account.email, account.password);

    const logout = await server.request({ method: 'DELETE', url: '/api/oauth2/token', token: current.accessToken });
    expect(logout.status).toBe(204);
    expect(logout.text).toBe('');

    expect((await server.request({ method: 'GET', url: '/api/user', token: current.accessToken })).status).toBe(401);
    expect((await refresh(server, current.refreshToken)).status).toBe(401);
    expect((await server.request({ method: 'GET', url: '/api/user', token: other.accessToken })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await server.request({ method: 'DELETE', url: '/api/oauth2/token' })).status).toBe(401);
  });

  it('tolerates a JSON content type with an empty body', async () => {
    const account = await createAccount(server.db);
    const tokens = await signIn(server, account.email, account.password);
    const logout = await server.request({
      method: 'DELETE',
      url: '/api/oauth2/token',
      token: tokens.accessToken,
      rawBody: '',
      contentType: 'application/json',
    });
    expect(logout.status).toBe(204);
  });
});

describe('malformed token requests answer 400 invalid_request, never 5xx', () => {
  it.each([
    ['an unknown grant', { grant_type: 'client_credentials' }, /grant_type must be one of: password, refresh_token/],
    ['no grant', { username: 'a@example.com', password: 'secret' }, /grant_type is required/],
    ['a password grant without a password', { grant_type: 'password', username: 'a@example.com' }, /password is required/],
    ['a refresh grant without a token', { grant_type: 'refresh_token' }, /refresh_token is required/],
    ['a username that is not an e-mail', { grant_type: 'password', username: 'bob', password: 'secret' }, /username must be a valid e-mail address/],
    ['a number for the password', { grant_type: 'password', username: 'a@example.com', password: 12345 }, /password must be of type string/],
    ['an unknown field', { grant_type: 'password', username: 'a@example.com', password: 'secret', scope: 'all' }, /scope is not allowed/],
  ])('%s', async (_name, body, message) => {
    const response = await server.request({ method: 'POST', url: '/api/oauth2/token', body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_description).toMatch(message);
  });

  it('broken JSON', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      rawBody: '{"grant_type": "password",',
      contentType: 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });

  it('an empty body', async () => {
    const response = await server.request({ method: 'POST', url: '/api/oauth2/token', rawBody: '', contentType: 'application/json' });
    expect(response.status).toBe(400);
  });

  it('an unsupported content type answers 415', async () => {
    const response = await server.request({ method: 'POST', url: '/api/oauth2/token', rawBody: 'grant_type=password', contentType: 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.body.error).toBe('unsupported_media_type');
  });

  it('an oversized body answers 413', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/oauth2/token',
      body: { grant_type: 'password', username: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('payload_too_large');
  });
});
