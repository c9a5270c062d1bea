import { eq } from 'drizzle-orm';
import type { PasswordHashParams } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { checkCurrentPassword } from '../auth/currentPassword.ts';
import { hashPassword } from '../auth/passwords.ts';
import { forgetRevokedSessions, revokeSessionsOfUser } from '../auth/sessions.ts';

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

/**
 * Change password (spec §5 Password change): the current password, within the limit every check
 * of it shares (review of issue 15: a stolen access token must not brute-force it here).
 */
export async function changePassword(db: Database, params: PasswordHashParams, request: PasswordChangeRequest, now = new Date()): Promise<PasswordChangeOutcome> {
  const check = await checkCurrentPassword(db, request.userId, request.currentPassword, now);
  if (check !== 'confirmed') return check;
  const passwordHash = await hashPassword(request.newPassword, params);
  const revoked = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, request.userId));
    return request.invalidateSessions ? revokeSessionsOfUser(tx, request.userId, 'password_changed', request.sessionId) : [];
  });
  forgetRevokedSessions(revoked);
  return 'changed';
}
