import { eq } from 'drizzle-orm';
import type { PasswordHashParams } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { forgetRevokedSessions, revokeSessionsOfUser } from '../auth/sessions.ts';
import { hitRateLimit, type RateLimit } from '../limits/rateLimits.ts';

/**
 * Current-password checks per account (review of issue 15): a stolen access token must not
 * brute-force the password through this operation. Counted before the password is checked,
 * right or wrong.
 */
export const PASSWORD_CHANGE_LIMIT = { name: 'password_change_account', max: 5, windowSeconds: 15 * 60 } as const satisfies RateLimit;

export type PasswordChangeOutcome = 'changed' | 'wrong_password' | { retryAfterSeconds: number };

export interface PasswordChangeRequest {
  userId: number;
  /** The session making the change; it stays signed in. */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  /** spec §7: sent as true; signs out every other session. */
  invalidateSessions: boolean;
}

/** Change password (spec §5 Password change): the per-account limit, then the current password. */
export async function changePassword(db: Database, params: PasswordHashParams, request: PasswordChangeRequest, now = new Date()): Promise<PasswordChangeOutcome> {
  const verdict = await hitRateLimit(db, PASSWORD_CHANGE_LIMIT, String(request.userId), now);
  if (!verdict.allowed) return { retryAfterSeconds: verdict.retryAfterSeconds };
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, request.userId));
  if (!user || !(await verifyPassword(request.currentPassword, user.passwordHash))) return 'wrong_password';
  const passwordHash = await hashPassword(request.newPassword, params);
  const revoked = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, request.userId));
    return request.invalidateSessions ? revokeSessionsOfUser(tx, request.userId, 'password_changed', request.sessionId) : [];
  });
  forgetRevokedSessions(revoked);
  return 'changed';
}
