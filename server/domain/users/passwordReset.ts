import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Mail } from '../../adapters/mail/mail.ts';
import type { PasswordHashParams } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { oneTimeTokens, users } from '../../db/schema/accounts.ts';
import { issueOneTimeToken, spendOneTimeToken } from '../auth/oneTimeTokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashSecretToken } from '../auth/secretTokens.ts';
import { forgetRevokedSessions, revokeSessionsOfUser } from '../auth/sessions.ts';
import { addressLimitKey } from '../limits/clientAddress.ts';
import { hitAddressThenTarget, type RateLimit, type RateVerdict } from '../limits/rateLimits.ts';
import { passwordResetMail } from './accountMails.ts';
import { normalizeEmail } from './userProfile.ts';

export interface PasswordResetDeps {
  db: Database;
  mail: Mail;
  publicUrl: string;
  passwordHashParams: PasswordHashParams;
}

/**
 * Forgot-password limits (issue 15, finding 5). Per target: a victim's inbox gets at most 3
 * reset mails an hour, however many addresses ask. Per client address: one address cannot
 * walk through many inboxes. Both count every request, whether or not an account has the
 * address, so a 429 tells nothing about which addresses have accounts.
 */
export const PASSWORD_RESET_LIMITS = {
  perAddress: { name: 'password_reset_address', max: 20, windowSeconds: 60 * 60 },
  perTarget: { name: 'password_reset_target', max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/**
 * Forgot password (spec §2): mails a reset link when an account has this address, and does
 * nothing otherwise. The caller answers the same either way, so accounts cannot be discovered.
 * A refused verdict means nothing was looked up or sent.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  rawEmail: string,
  clientAddress: string,
  now = new Date(),
): Promise<RateVerdict> {
  const email = normalizeEmail(rawEmail);
  const verdict = await hitAddressThenTarget(deps.db, PASSWORD_RESET_LIMITS, { address: addressLimitKey(clientAddress), target: email }, now);
  if (!verdict.allowed) return verdict;

  const [user] = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  if (!user) return { allowed: true };
  const code = await issueOneTimeToken(deps.db, { userId: user.id, kind: 'reset_password', email });
  await deps.mail.send(passwordResetMail(email, user.name, `${deps.publicUrl}/reset/${code}`));
  return { allowed: true };
}

/**
 * New password page (spec §2 /reset/{verificationCode}): spends the code, sets the password,
 * signs out every session, and marks the address verified, since using the link proved it.
 * Every other reset link of the account dies with it (finding 4): an older mail lying in an
 * inbox must not reopen the account after its owner chose a new password. False when the
 * code is unknown, used or expired.
 */
export async function resetPassword(deps: PasswordResetDeps, code: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password, deps.passwordHashParams);
  let revoked: string[] = [];
  const reset = await deps.db.transaction(async (tx) => {
    // Lock the account first: two links of one account used at once then take turns, and the
    // second finds its code spent by the first, instead of each locking its own code and
    // waiting for the other's (a deadlock).
    const [owner] = await tx
      .select({ userId: oneTimeTokens.userId })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, hashSecretToken(code)), eq(oneTimeTokens.kind, 'reset_password')));
    if (!owner) return false;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');

    const spent = await spendOneTimeToken(tx, 'reset_password', code);
    if (!spent) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, spent.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) return false;
    const now = new Date();
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, user.id),
          eq(oneTimeTokens.kind, 'reset_password'),
          ne(oneTimeTokens.tokenHash, hashSecretToken(code)),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now),
        ),
      );
    revoked = await revokeSessionsOfUser(tx, user.id, 'password_reset');
    return true;
  });
  forgetRevokedSessions(revoked);
  return reset;
}
