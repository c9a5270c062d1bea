import { eq } from 'drizzle-orm';
import type { PasswordHashParams } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeSessionsOfUser } from '../auth/sessions.ts';

export interface PasswordChangeRequest {
  userId: number;
  /** The session making the change; it stays signed in. */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  /** spec §7: sent as true; signs out every other session. */
  invalidateSessions: boolean;
}

/** Change password (spec §5 Password change). False when the current password is wrong. */
export async function changePassword(db: Database, params: PasswordHashParams, request: PasswordChangeRequest): Promise<boolean> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, request.userId));
  if (!user || !(await verifyPassword(request.currentPassword, user.passwordHash))) return false;
  const passwordHash = await hashPassword(request.newPassword, params);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, request.userId));
    if (request.invalidateSessions) {
      await revokeSessionsOfUser(tx, request.userId, 'password_changed', request.sessionId);
    }
  });
  return true;
}
