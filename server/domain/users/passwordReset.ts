import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Mail } from '../../adapters/mail/mail.ts';
import type { PasswordHashParams } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { issueOneTimeToken, spendOneTimeToken } from '../auth/oneTimeTokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeSessionsOfUser } from '../auth/sessions.ts';
import { passwordResetMail } from './accountMails.ts';
import { normalizeEmail } from './userProfile.ts';

export interface PasswordResetDeps {
  db: Database;
  mail: Mail;
  publicUrl: string;
  passwordHashParams: PasswordHashParams;
}

/**
 * Forgot password (spec §2): mails a reset link when an account has this address, and does
 * nothing otherwise. The caller answers the same either way, so accounts cannot be discovered.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const [user] = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  if (!user) return;
  const code = await issueOneTimeToken(deps.db, { userId: user.id, kind: 'reset_password', email });
  await deps.mail.send(passwordResetMail(email, user.name, `${deps.publicUrl}/reset/${code}`));
}

/**
 * New password page (spec §2 /reset/{verificationCode}): spends the code, sets the password,
 * signs out every session, and marks the address verified, since using the link proved it.
 * False when the code is unknown, used or expired.
 */
export async function resetPassword(deps: PasswordResetDeps, code: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password, deps.passwordHashParams);
  return deps.db.transaction(async (tx) => {
    const spent = await spendOneTimeToken(tx, 'reset_password', code);
    if (!spent) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, spent.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) return false;
    await revokeSessionsOfUser(tx, user.id, 'password_reset');
    return true;
  });
}
