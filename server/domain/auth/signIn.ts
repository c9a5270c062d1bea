import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { normalizeEmail } from '../users/userProfile.ts';
import { loginFailed, loginSucceeded, reserveLoginAttempt } from './loginThrottle.ts';
import { type TimingEqualizer, verifyPassword } from './passwords.ts';
import { type IssuedRefreshToken, startSession } from './sessions.ts';
import { systemTokenClock, type TokenClock } from './tokenClock.ts';

export interface PasswordSignIn {
  username: string;
  password: string;
  clientAddress: string;
  userAgent?: string | undefined;
}

export interface SignInDeps {
  db: Database;
  timing: TimingEqualizer;
  refreshTtlSeconds: number;
  /** Dates the refresh token's expiry and the failed-login windows, and waits the slowdown; the system clock when absent. */
  tokenClock?: TokenClock;
}

export type SignInOutcome =
  | { ok: true; session: IssuedRefreshToken }
  | { ok: false; problem: 'invalid_grant' | 'inactive_account' }
  | { ok: false; problem: 'too_many_attempts'; retryAfterSeconds: number };

/**
 * The password grant (spec §4 Auth, §7). Unknown e-mail and wrong password answer alike and
 * take as long (a dummy hash is checked), so the answer does not reveal which addresses have
 * accounts. "inactive_account" is told only to whoever knows the password (spec §8).
 */
export async function signInWithPassword(deps: SignInDeps, request: PasswordSignIn): Promise<SignInOutcome> {
  const attempt = { account: normalizeEmail(request.username), clientAddress: request.clientAddress };
  const verdict = await reserveLoginAttempt(deps.db, attempt, new Date((deps.tokenClock ?? systemTokenClock).now()));
  if (!verdict.allowed) return { ok: false, problem: 'too_many_attempts', retryAfterSeconds: verdict.retryAfterSeconds };
  if (verdict.delayMs > 0) await (deps.tokenClock?.sleep ?? sleep)(verdict.delayMs);

  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.email, attempt.account), isNull(users.deletedAt)));
  const passwordMatches = user ? await verifyPassword(request.password, user.passwordHash) : await deps.timing.burn(request.password);
  if (!user || !passwordMatches) {
    await loginFailed(deps.db);
    return { ok: false, problem: 'invalid_grant' };
  }
  await loginSucceeded(deps.db, attempt);
  if (!user.emailVerifiedAt) return { ok: false, problem: 'inactive_account' };

  const session = await startSession(
    deps.db,
    { userId: user.id, clientAddress: request.clientAddress, userAgent: request.userAgent },
    deps.refreshTtlSeconds,
    deps.tokenClock,
  );
  return { ok: true, session };
}
