import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema/system.ts';
import { users } from '../db/schema/accounts.ts';
import { AdjustableTokenClock } from '../domain/auth/tokenClock.ts';
import { EMAIL_CHANGE_LIMITS } from '../domain/users/emailChange.ts';
import { CURRENT_PASSWORD_LIMIT } from '../domain/auth/currentPassword.ts';
import { codeFromLink, createAccount, newestMailTo, refresh, signIn, uniqueEmail } from '../test/accounts.ts';
import { startTestServer, type TestApp, type TestServer } from '../test/harness.ts';

// Issue 15, findings 9 and 5 (change of e-mail): it needed no password, the old address was not
// told, other sessions stayed open, and nothing limited the mails an attacker could have sent,
// with text of their choosing, to any address.

let server: TestServer;
let clock: AdjustableTokenClock;
let app: TestApp;
beforeAll(async () => {
  server = await startTestServer();
  clock = new AdjustableTokenClock();
  app = await server.variant({ tokenClock: clock });
});
afterAll(() => server?.close());

async function signedIn(options: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(server.db, options);
  const tokens = await signIn(app, account.email, account.password);
  return { account, tokens };
}

const changeEmail = (token: string, body: Record<string, unknown>) => app.request({ method: 'PATCH', url: '/api/user', token, body });

async function mailsTo(address: string) {
  return server.db.select().from(outboxMessages).where(eq(outboxMessages.to, address));
}

describe('a change of e-mail needs the current password', () => {
  it('answers 400 without it, 401 invalid_grant with a wrong one, and changes and mails nothing', async () => {
    const { account, tokens } = await signedIn();
    const target = uniqueEmail('target');
    const without = await changeEmail(tokens.accessToken, { email: target });
    expect(without.status).toBe(400);
    expect(without.body.error_description).toMatch(/currentPassword/);
    const alone = await changeEmail(tokens.accessToken, { currentPassword: account.password });
    expect(alone.status).toBe(400);
    const wrong = await changeEmail(tokens.accessToken, { email: target, currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'The current password is wrong. The e-mail address was not changed.' });
    const wrongWithName = await changeEmail(tokens.accessToken, { name: 'Changed Name', email: target, currentPassword: 'nope-nope' });
    expect(wrongWithName.status).toBe(401);

    const [row] = await server.db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ email: account.email, pendingEmail: null, name: account.name });
    expect(await mailsTo(target)).toHaveLength(0);
    expect(await mailsTo(account.email)).toHaveLength(0);
    // The session is not treated as expired: it still works.
    expect((await app.request({ method: 'GET', url: '/api/user', token: tokens.accessToken })).status).toBe(200);
  });
});

describe('the old address is told', () => {
  it('what is changing, to which address and when, with no link that confirms', async () => {
    const { account, tokens } = await signedIn();
    const target = uniqueEmail('moved');
    const before = new Date(clock.now());
    expect((await changeEmail(tokens.accessToken, { email: target, currentPassword: account.password })).status).toBe(200);
    const notice = (await newestMailTo(app, account.email))!;
    expect(notice.subject).toMatch(/e-mail address of your .* account is being changed/);
    expect(notice.text).toContain(`from ${account.email} to ${target}`);
    expect(notice.text).toContain(`${before.toISOString().slice(0, 10)} `);
    expect(notice.links).toEqual(['http://dashboard.test/auth/forgot-password']);
    const confirmation = (await newestMailTo(app, target))!;
    expect(notice.text).not.toContain(codeFromLink(confirmation.links[0]!));
  });
});

describe('a confirmed change ends the other sessions', () => {
  it('keeps the session that asked and signs every other one out', async () => {
    const { account, tokens: asking } = await signedIn();
    const other = await signIn(app, account.email, account.password);
    const target = uniqueEmail('confirmed');
    expect((await changeEmail(asking.accessToken, { email: target, currentPassword: account.password })).status).toBe(200);
    // Before the link is used, nothing ends.
    expect((await app.request({ method: 'GET', url: '/api/user', token: other.accessToken })).status).toBe(200);

    const code = codeFromLink((await newestMailTo(app, target))!.links[0]!);
    expect((await app.request({ method: 'POST', url: `/api/user/change-email/verify/${code}` })).status).toBe(200);

    expect((await app.request({ method: 'GET', url: '/api/user', token: other.accessToken })).status).toBe(401);
    expect((await refresh(app, other.refreshToken)).status).toBe(401);
    const profile = await app.request({ method: 'GET', url: '/api/user', token: asking.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(target);
    expect((await refresh(app, asking.refreshToken)).status).toBe(200);
  });

  it('refuses the link once the asking session has ended (a password change elsewhere kills a thief\'s change)', async () => {
    const { account, tokens: thief } = await signedIn();
    const owner = await signIn(app, account.email, account.password);
    const target = uniqueEmail('thief');
    expect((await changeEmail(thief.accessToken, { email: target, currentPassword: account.password })).status).toBe(200);
    const changed = await app.request({
      method: 'PATCH',
      url: '/api/user/password',
      token: owner.accessToken,
      body: { currentPassword: account.password, newPassword: 'owner-is-back-1', invalidateSessions: true },
    });
    expect(changed.status).toBe(204);
    const code = codeFromLink((await newestMailTo(app, target))!.links[0]!);
    expect((await app.request({ method: 'POST', url: `/api/user/change-email/verify/${code}` })).status).toBe(404);
    const [row] = await server.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.email).toBe(account.email);
  });
});

describe('limits on changes of e-mail (finding 5)', () => {
  it('an attacker mailing a victim 20 times with text of their choosing: 3 mails, none with the text', async () => {
    const victim = uniqueEmail('victim');
    const bait = 'Win a prize at http://evil.example';
    const attackers = await Promise.all([0, 1, 2, 3].map(() => signedIn({ name: bait })));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const { account, tokens } = attackers[attempt % attackers.length]!;
      const response = await changeEmail(tokens.accessToken, { email: victim, currentPassword: account.password });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(EMAIL_CHANGE_LIMITS.perTarget.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - EMAIL_CHANGE_LIMITS.perTarget.max);
    const received = await mailsTo(victim);
    expect(received).toHaveLength(3);
    for (const mail of received) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
    }
  });

  it('one account asks 5 times an hour, atomically under parallel requests, and again after the hour', async () => {
    const { account, tokens } = await signedIn();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => changeEmail(tokens.accessToken, { email: uniqueEmail('many'), currentPassword: account.password })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(EMAIL_CHANGE_LIMITS.perAccount.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - EMAIL_CHANGE_LIMITS.perAccount.max);
    const refused = responses.find((response) => response.status === 429)!;
    expect(refused.body.error).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Wrong passwords count too: the limit also slows guessing through this operation.
    expect((await changeEmail(tokens.accessToken, { email: uniqueEmail('guess'), currentPassword: 'guess-1' })).status).toBe(429);

    clock.advance(60 * 60 * 1000);
    const fresh = await signIn(app, account.email, account.password);
    expect((await changeEmail(fresh.accessToken, { email: uniqueEmail('later'), currentPassword: account.password })).status).toBe(200);
  });

  it('counts guesses with the current address too: no unlimited password oracle (review)', async () => {
    const { account, tokens } = await signedIn();
    for (let guess = 0; guess < EMAIL_CHANGE_LIMITS.perAccount.max; guess += 1) {
      expect((await changeEmail(tokens.accessToken, { email: account.email, currentPassword: `guess-${guess}` })).status).toBe(401);
    }
    // The right password gets no answer about itself now.
    const refused = await changeEmail(tokens.accessToken, { email: account.email, currentPassword: account.password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('junk requests to a victim\'s address (wrong password, address taken) do not use up its per-target limit (review)', async () => {
    const victim = uniqueEmail('target');
    const attackers = await Promise.all([0, 1, 2].map(() => signedIn()));
    for (const { tokens } of attackers) {
      for (let guess = 0; guess < 3; guess += 1) {
        expect((await changeEmail(tokens.accessToken, { email: victim, currentPassword: `wrong-${guess}` })).status).toBe(401);
      }
    }
    const owner = await signedIn();
    expect((await changeEmail(owner.tokens.accessToken, { email: victim, currentPassword: owner.account.password })).status).toBe(200);
    expect(await mailsTo(victim)).toHaveLength(1);
  });
});

describe('PATCH /user/password limits current-password checks per account (review of issue 15)', () => {
  const changePassword = (token: string, currentPassword: string) =>
    app.request({ method: 'PATCH', url: '/api/user/password', token, body: { currentPassword, newPassword: 'a-brand-new-password', invalidateSessions: false } });

  it('a stolen access token gets 5 guesses in 15 minutes, then 429 even for the right password, and again after the window', async () => {
    const { account, tokens } = await signedIn();
    for (let guess = 0; guess < CURRENT_PASSWORD_LIMIT.max; guess += 1) {
      const wrong = await changePassword(tokens.accessToken, `guess-${guess}`);
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('invalid_grant');
    }
    const refused = await changePassword(tokens.accessToken, account.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    clock.advance(15 * 60 * 1000);
    const fresh = await signIn(app, account.email, account.password);
    expect((await changePassword(fresh.accessToken, account.password)).status).toBe(204);
  });

  it('shares the limit with a change of e-mail (issue 19: one limit for every check of the current password)', async () => {
    clock.advanceTo(Math.ceil(clock.now() / 900_000) * 900_000 + 1_000);
    const { account, tokens } = await signedIn();
    for (let guess = 0; guess < CURRENT_PASSWORD_LIMIT.max; guess += 1) expect((await changePassword(tokens.accessToken, `guess-${guess}`)).status).toBe(401);
    const target = uniqueEmail('shared');
    const refused = await changeEmail(tokens.accessToken, { email: target, currentPassword: account.password });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_attempts');
    expect(await mailsTo(target)).toHaveLength(0);
  });
});
