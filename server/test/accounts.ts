import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { oneTimeTokens, users } from '../db/schema/accounts.ts';
import { hashPassword } from '../domain/auth/passwords.ts';
import { hashSecretToken } from '../domain/auth/secretTokens.ts';
import { changeCredits, openCreditsAccount, SIGNUP_GRANT_CREDITS } from '../domain/credits/ledger.ts';
import { FAST_PASSWORD_HASHING, TEST_MAILBOX_KEY, type TestApp } from './harness.ts';

let counter = 0;

/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  name: string;
}

/** Inserts an account straight into the database (faster than registration when that is not under test). */
export async function createAccount(
  db: Database,
  options: { email?: string; password?: string; name?: string; verified?: boolean; deleted?: boolean } = {},
): Promise<TestAccount> {
  const account = {
    email: options.email ?? uniqueEmail(),
    password: options.password ?? 'correct-horse',
    name: options.name ?? 'Ada Lovelace',
  };
  const [user] = await db
    .insert(users)
    .values({
      name: account.name,
      email: account.email,
      phone: '+12015550123',
      timezone: 'Europe/London',
      passwordHash: await hashPassword(account.password, FAST_PASSWORD_HASHING),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning({ id: users.id });
  await openCreditsAccount(db, user!.id);
  await changeCredits(db, { userId: user!.id, delta: SIGNUP_GRANT_CREDITS, reason: 'signup_grant' });
  return { id: user!.id, ...account };
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** The password grant, as the SPA sends it (form body, spec §7); expects success. */
export async function signIn(t: TestApp, email: string, password: string, remoteAddress?: string): Promise<Tokens> {
  const response = await t.request({
    method: 'POST',
    url: '/api/oauth2/token',
    form: { grant_type: 'password', username: email, password, client_id: 'dashboard' },
    remoteAddress,
  });
  expect(response.status, response.text).toBe(200);
  return response.body as Tokens;
}

export function refresh(t: TestApp, refreshToken: string) {
  return t.request({
    method: 'POST',
    url: '/api/oauth2/token',
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'dashboard' },
  });
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/** The newest e-mail to `to` in the local outbox (through /dev/mailbox.json, as the browser tests read it). */
export async function newestMailTo(t: TestApp, to: string): Promise<OutboxMessage | undefined> {
  const response = await t.request({ method: 'GET', url: `/dev/mailbox.json?key=${TEST_MAILBOX_KEY}` });
  return (response.body as OutboxMessage[]).find((message) => message.to === to);
}

/** The code at the end of a link's path: /verify/{code}?type=… or /reset/{code}. */
export function codeFromLink(link: string): string {
  return new URL(link).pathname.split('/').pop()!;
}

/** Moves an e-mailed code's expiry into the past, as if its lifetime had run out. */
export async function expireOneTimeToken(db: Database, code: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.tokenHash, hashSecretToken(code)));
}
