import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { hitRateLimit, type RateLimit } from '../limits/rateLimits.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Checks of the current password per account, whichever operation asks for it: a change of
 * password or e-mail (issue 15), a new API key, a new webhook endpoint or a change of its address
 * (issue 19, "sudo mode"). One counter for all of them, so that a stolen access token gets 5
 * guesses in 15 minutes in all, not 5 per operation. Counted before the password is checked,
 * right or wrong: parallel guesses all count, and a 429 says nothing about the password.
 */
export const CURRENT_PASSWORD_LIMIT = { name: 'current_password_account', max: 5, windowSeconds: 15 * 60 } as const satisfies RateLimit;

export type CurrentPasswordCheck = 'confirmed' | 'wrong_password' | { retryAfterSeconds: number };

/**
 * The one check of the account's current password for a change a session alone must not make:
 * the shared limit first, then the password (memory-hard, so slow: callers run it before any
 * transaction, never inside one).
 */
export async function checkCurrentPassword(db: Database, userId: number, password: string, now = new Date()): Promise<CurrentPasswordCheck> {
  const verdict = await hitRateLimit(db, CURRENT_PASSWORD_LIMIT, String(userId), now);
  if (!verdict.allowed) return { retryAfterSeconds: verdict.retryAfterSeconds };
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return user && (await verifyPassword(password, user.passwordHash)) ? 'confirmed' : 'wrong_password';
}
