import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/accounts.ts';
import { addressLimitKey } from '../limits/clientAddress.ts';

/**
 * Failed-login limits, counted in the database so they hold across server instances:
 *
 * Addresses are counted as every per-address limit counts them: an IPv6 client per /64.
 *
 * - 5 failures per 15 minutes for one (account, address) pair → 429. Keyed on the pair, not the
 *   account alone, so an attacker elsewhere cannot lock the real user out of their account.
 * - 50 failures per 15 minutes from one address, whatever the accounts → no refusal, but every
 *   further attempt from that address is slowed by 1 second. A refusal would lock out every
 *   account behind that address (an office, a proxy without TRUST_PROXY) with right passwords
 *   too (issue 15, finding 6); the pair limit still caps the guesses per account.
 * - 100 failures per 15 minutes on one account from all addresses together → the same slowing
 *   on that account. A botnet guessing one account's password gets slow, and the owner still
 *   signs in.
 *
 * An attempt is reserved (its row written) before the password is checked, in one transaction
 * with the count that allows it and under a per-pair lock: of any number of parallel attempts
 * on one pair, on any number of instances, 5 are checked and the rest refused (finding 11). A
 * wrong password keeps its reservation as its failure; a successful sign-in clears the failures
 * of its pair, its reservation included. Refused attempts write nothing.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerPair: 5,
  slowDownAfterAddressFailures: 50,
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

/** Allowed: the attempt is reserved; settle it with loginFailed or loginSucceeded once the password is checked. */
export type ThrottleVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

export async function reserveLoginAttempt(db: Database, attempt: LoginAttemptKey, now = new Date()): Promise<ThrottleVerdict> {
  const key = limitKeyOf(attempt);
  return db.transaction(async (tx) => {
    // One pair's attempts take turns here (a lock in the database, so across instances too):
    // each counts the reservations of those before it, and the sixth is refused.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_attempts'), hashtext(${key.account} || ' ' || ${key.clientAddress}))`);
    const recent = gte(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_THROTTLE.windowMs));
    const sameAccount = eq(loginAttempts.account, key.account);
    const sameAddress = eq(loginAttempts.clientAddress, key.clientAddress);
    // Three counts, each along its own index: under a spraying attack the window holds many rows.
    if ((await countAttempts(tx, and(sameAccount, sameAddress, recent))) >= LOGIN_THROTTLE.maxFailuresPerPair) {
      return { allowed: false, retryAfterSeconds: Math.ceil(LOGIN_THROTTLE.windowMs / 1000) };
    }
    await tx.insert(loginAttempts).values({ ...key, createdAt: now });
    const slow =
      (await countAttempts(tx, and(sameAddress, recent))) >= LOGIN_THROTTLE.slowDownAfterAddressFailures ||
      (await countAttempts(tx, and(sameAccount, recent))) >= LOGIN_THROTTLE.slowDownAfterAccountFailures;
    return { allowed: true, delayMs: slow ? LOGIN_THROTTLE.slowDownMs : 0 };
  });
}

/** The password was wrong (or the account unknown): the reservation stays as the failure; old ones go. */
export async function loginFailed(db: Database, now = new Date()): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_THROTTLE.retentionMs)));
}

/** The password was right: the pair's failures go, the reservation with them. */
export async function loginSucceeded(db: Database, attempt: LoginAttemptKey): Promise<void> {
  const { account, clientAddress } = limitKeyOf(attempt);
  await db.delete(loginAttempts).where(and(eq(loginAttempts.account, account), eq(loginAttempts.clientAddress, clientAddress)));
}

/** Counted per client address as every per-address limit: an IPv6 client per /64 (addressLimitKey). */
function limitKeyOf(attempt: LoginAttemptKey): LoginAttemptKey {
  return { account: attempt.account, clientAddress: addressLimitKey(attempt.clientAddress) };
}

async function countAttempts(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ attempts: count() }).from(loginAttempts).where(where);
  return row?.attempts ?? 0;
}
