import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/accounts.ts';

/**
 * Failed-login limits, counted in the database so they hold across server instances:
 *
 * - 5 failures per 15 minutes for one (account, address) pair → 429. Keyed on the pair, not the
 *   account alone, so an attacker elsewhere cannot lock the real user out of their account.
 * - 50 failures per 15 minutes from one address, whatever the accounts → 429. Stops one address
 *   from spraying passwords over many accounts.
 * - 100 failures per 15 minutes on one account from all addresses together → no refusal, but
 *   every further attempt on that account is slowed by 1 second. A botnet guessing one
 *   account's password gets slow, and the owner still signs in.
 *
 * A successful sign-in clears the failures of its pair.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerPair: 5,
  maxFailuresPerAddress: 50,
  slowDownAfterAccountFailures: 100,
  slowDownMs: 1000,
  /** Failures older than this are deleted as new ones arrive. */
  retentionMs: 24 * 60 * 60 * 1000,
} as const;

export interface LoginAttemptKey {
  /** The username as typed, lowercased; it need not name an account. */
  account: string;
  clientAddress: string;
}

export type ThrottleVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

export async function checkLoginThrottle(db: Database, key: LoginAttemptKey): Promise<ThrottleVerdict> {
  const since = new Date(Date.now() - LOGIN_THROTTLE.windowMs);
  const retryAfterSeconds = Math.ceil(LOGIN_THROTTLE.windowMs / 1000);
  const recent = gte(loginAttempts.createdAt, since);

  const pairFailures = await countFailures(
    db,
    and(eq(loginAttempts.account, key.account), eq(loginAttempts.clientAddress, key.clientAddress), recent),
  );
  if (pairFailures >= LOGIN_THROTTLE.maxFailuresPerPair) return { allowed: false, retryAfterSeconds };

  const addressFailures = await countFailures(db, and(eq(loginAttempts.clientAddress, key.clientAddress), recent));
  if (addressFailures >= LOGIN_THROTTLE.maxFailuresPerAddress) return { allowed: false, retryAfterSeconds };

  const accountFailures = await countFailures(db, and(eq(loginAttempts.account, key.account), recent));
  const delayMs = accountFailures >= LOGIN_THROTTLE.slowDownAfterAccountFailures ? LOGIN_THROTTLE.slowDownMs : 0;
  return { allowed: true, delayMs };
}

export async function recordLoginFailure(db: Database, key: LoginAttemptKey): Promise<void> {
  await db.insert(loginAttempts).values(key);
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(Date.now() - LOGIN_THROTTLE.retentionMs)));
}

export async function clearLoginFailures(db: Database, key: LoginAttemptKey): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.account, key.account), eq(loginAttempts.clientAddress, key.clientAddress)));
}

async function countFailures(db: Database, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ failures: count() }).from(loginAttempts).where(where);
  return row?.failures ?? 0;
}
