import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema/system.ts';
import { VERIFICATION_RESEND_LIMITS } from '../domain/users/verificationResend.ts';
import { codeFromLink, createAccount, signIn, uniqueEmail } from '../test/accounts.ts';
import { clockIntoNextHour, startTestServer, type TestApp, type TestServer } from '../test/harness.ts';

// PUT /user/verification-email: "Send the link again" after "Verify your e-mail address to
// login"; its failure is spec §8's "Failed to send verification code.".

const clock = clockIntoNextHour();
let server: TestServer;
let app: TestApp;
beforeAll(async () => {
  server = await startTestServer();
  app = await server.variant({ tokenClock: clock });
});
afterAll(() => server?.close());

let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

const resend = (email: string, remoteAddress = newAddress(), target: TestApp = app) =>
  target.request({ method: 'PUT', url: '/api/user/verification-email', body: { email }, remoteAddress });

const mailsTo = (email: string) => server.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.id);

describe('PUT /user/verification-email', () => {
  it('mails a new link to an account that is not verified yet; the link verifies it and the owner signs in', async () => {
    const account = await createAccount(server.db, { verified: false });
    const answer = await resend(account.email.toUpperCase());
    expect(answer.status).toBe(202);
    const [mail] = await mailsTo(account.email);
    expect(mail?.text).toMatch(/\/verify\/\S+\?type=account/);
    const code = codeFromLink(/https?:\/\/\S+\/verify\/[^\s?]+/.exec(mail!.text)![0]);
    expect((await server.request({ method: 'POST', url: `/api/user/verify-email/${code}`, body: { client_id: 'dashboard' } })).status).toBe(200);
    await signIn(server, account.email, account.password, newAddress());
  });

  it('retires the links sent before, and carries nothing the sign-up form chose (not even the name)', async () => {
    const account = await createAccount(server.db, { verified: false, name: 'Claim 500 dollars at evil.example' });
    await resend(account.email);
    await resend(account.email);
    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(`${mail.subject} ${mail.text}`).not.toContain('evil.example');
    const [older, newer] = mails.map((mail) => codeFromLink(/https?:\/\/\S+\/verify\/[^\s?]+/.exec(mail.text)![0]));
    expect((await server.request({ method: 'POST', url: `/api/user/verify-email/${older}`, body: { client_id: 'dashboard' } })).status).toBe(404);
    expect((await server.request({ method: 'POST', url: `/api/user/verify-email/${newer}`, body: { client_id: 'dashboard' } })).status).toBe(200);
  });

  it('answers the same and mails nothing for a verified, a deleted or an unknown address', async () => {
    const verified = await createAccount(server.db);
    const deleted = await createAccount(server.db, { verified: false, deleted: true });
    const unknown = uniqueEmail('nobody');
    const answers = await Promise.all([verified.email, deleted.email, unknown].map((email) => resend(email)));
    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(Array(3).fill([202, answers[0]!.body.message]));
    for (const email of [verified.email, deleted.email, unknown]) expect(await mailsTo(email)).toEqual([]);
  });

  it('mails one inbox at most 3 times an hour from any addresses, and one address asks 20 times an hour', async () => {
    const account = await createAccount(server.db, { verified: false });
    const statuses = [];
    for (let i = 0; i < VERIFICATION_RESEND_LIMITS.perTarget.max + 2; i++) statuses.push((await resend(account.email)).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect(await mailsTo(account.email)).toHaveLength(VERIFICATION_RESEND_LIMITS.perTarget.max);

    const address = newAddress();
    const fromOne = [];
    for (let i = 0; i < VERIFICATION_RESEND_LIMITS.perAddress.max + 1; i++) fromOne.push((await resend(uniqueEmail('walk'), address)).status);
    expect(fromOne.filter((status) => status === 202)).toHaveLength(VERIFICATION_RESEND_LIMITS.perAddress.max);
    const refused = await resend(uniqueEmail('walk'), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 502 mail_unavailable when the mail cannot be sent, and 400 for a malformed address', async () => {
    const failing = await server.variant({
      tokenClock: clock,
      adapters: (_log, base) => ({ ...base, mail: { description: 'refuses every mail', send: async () => Promise.reject(new Error('SMTP down')) } }),
    });
    const account = await createAccount(server.db, { verified: false });
    const answer = await resend(account.email, newAddress(), failing);
    expect(answer.status).toBe(502);
    expect(answer.body.error).toBe('mail_unavailable');
    expect((await resend('not-an-address')).status).toBe(400);
  });
});
