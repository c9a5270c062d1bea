import { and, eq, ne } from 'drizzle-orm';
import type { Mail } from '../../adapters/mail/mail.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { issueOneTimeToken } from '../auth/oneTimeTokens.ts';
import { checkCurrentPassword } from '../auth/currentPassword.ts';
import { revokeSessionsOfUser } from '../auth/sessions.ts';
import { hitRateLimit, type RateLimit } from '../limits/rateLimits.ts';
import { changeEmailMail, emailChangeNoticeMail } from './accountMails.ts';
import { normalizeEmail, type UserRow } from './userProfile.ts';

/**
 * Change-of-e-mail limits (issue 15, findings 5 and 9). Each change mails the new address and
 * the old one, so one account asks at most 5 times an hour, and one target address receives at
 * most 3 confirmation mails an hour whichever accounts ask for it (an attacker's many accounts
 * cannot flood a victim's inbox). The per-account limit counts every request before the
 * password is checked, the account's own address too, so this operation is no password oracle;
 * the per-target limit counts only requests that will mail (right password, address free), so
 * junk requests cannot use up a victim's address. The password check itself counts against the
 * limit every check of the current password shares (CURRENT_PASSWORD_LIMIT): guesses spread over
 * this and the other operations that ask for it add up.
 */
export const EMAIL_CHANGE_LIMITS = {
  perAccount: { name: 'email_change_account', max: 5, windowSeconds: 60 * 60 },
  perTarget: { name: 'email_change_target', max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

export interface EmailChangeRequest {
  userId: number;
  /** The session asking: it stays signed in when the change is confirmed. */
  sessionId: string;
  email: string;
  currentPassword: string;
}

/**
 * What the request may do: `unchanged` (the account's own address: a pending change is
 * cancelled, nothing is mailed), `change` (to `email`), or why not.
 */
export type EmailChangeCheck =
  | { ok: true; kind: 'unchanged' | 'change'; email: string }
  | { ok: false; problem: 'wrong_password' | 'account_exists' }
  | { ok: false; problem: 'too_many_attempts'; retryAfterSeconds: number };

/**
 * Checks a change of e-mail before anything is written (spec §5 Email change, issue 15):
 * the per-account limit, the current password (within its shared limit), that no other account
 * uses the address, then the per-target limit.
 */
export async function checkEmailChange(db: Database, current: UserRow, request: EmailChangeRequest, now = new Date()): Promise<EmailChangeCheck> {
  const email = normalizeEmail(request.email);
  const changes = email !== current.email;
  const byAccount = await hitRateLimit(db, EMAIL_CHANGE_LIMITS.perAccount, String(current.id), now);
  if (!byAccount.allowed) return { ok: false, problem: 'too_many_attempts', retryAfterSeconds: byAccount.retryAfterSeconds };
  const password = await checkCurrentPassword(db, current.id, request.currentPassword, now);
  if (typeof password === 'object') return { ok: false, problem: 'too_many_attempts', retryAfterSeconds: password.retryAfterSeconds };
  if (password === 'wrong_password') return { ok: false, problem: 'wrong_password' };
  if (changes) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, current.id)));
    if (taken) return { ok: false, problem: 'account_exists' };
    const byTarget = await hitRateLimit(db, EMAIL_CHANGE_LIMITS.perTarget, email, now);
    if (!byTarget.allowed) return { ok: false, problem: 'too_many_attempts', retryAfterSeconds: byTarget.retryAfterSeconds };
  }
  return { ok: true, kind: changes ? 'change' : 'unchanged', email };
}

export interface EmailChangeMailing {
  db: Database;
  mail: Mail;
  publicUrl: string;
}

/**
 * Mails the confirmation link to the new address and a notice to the address the account has
 * now (what is changing, to which address, when; no link that confirms anything), so an owner
 * whose password and session were stolen hears of it before the account's address moves.
 */
export async function mailEmailChange(deps: EmailChangeMailing, user: Pick<UserRow, 'id' | 'email'>, request: { sessionId: string; email: string }, now = new Date()): Promise<void> {
  const code = await issueOneTimeToken(deps.db, { userId: user.id, kind: 'change_email', email: request.email, sessionId: request.sessionId });
  await deps.mail.send(changeEmailMail(request.email, `${deps.publicUrl}/verify/${code}?type=changeEmail`));
  await deps.mail.send(emailChangeNoticeMail(user.email, request.email, now, `${deps.publicUrl}/auth/forgot-password`));
}

/**
 * Once the new address is confirmed, every session of the account ends but the one that asked
 * for the change (with the password): whoever else held a session, say a thief of an old one,
 * is signed out. `keepSessionId` null (that session is gone) ends them all.
 */
export async function endOtherSessionsAfterEmailChange(db: Database, userId: number, keepSessionId: string | null): Promise<void> {
  await revokeSessionsOfUser(db, userId, 'email_changed', keepSessionId ?? undefined);
}
