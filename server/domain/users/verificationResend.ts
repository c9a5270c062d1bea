import { and, eq, isNull } from 'drizzle-orm';
import type { Mail } from '../../adapters/mail/mail.ts';
import type { Database } from '../../db/client.ts';
import { oneTimeTokens, users } from '../../db/schema/accounts.ts';
import { issueOneTimeToken } from '../auth/oneTimeTokens.ts';
import { addressLimitKey } from '../limits/clientAddress.ts';
import { hitAddressThenTarget, type RateLimit, type RateVerdict } from '../limits/rateLimits.ts';
import { verificationMail } from './accountMails.ts';
import { normalizeEmail } from './userProfile.ts';

export interface VerificationResendDeps {
  db: Database;
  mail: Mail;
  publicUrl: string;
}

/**
 * The limits of "Send the link again" (as forgot-password's, issue 15 finding 5): an inbox gets
 * at most 3 verification mails an hour from it, one client address cannot walk through many
 * inboxes. Both count every request, whether or not an account has the address, so a 429 tells
 * nothing about accounts.
 */
export const VERIFICATION_RESEND_LIMITS = {
  perAddress: { name: 'verification_resend_address', max: 20, windowSeconds: 60 * 60 },
  perTarget: { name: 'verification_resend_target', max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/** The mail adapter could not take the verification mail (its error is the cause). */
export class VerificationMailNotSent extends Error {
  constructor(cause: unknown) {
    super('the verification e-mail could not be sent', { cause });
  }
}

/**
 * The sign-up verification mailed again (spec §8 "Failed to send verification code." is its
 * failure): a new link, which retires the links sent before, when an account that is not yet
 * verified has this address, nothing otherwise; the caller answers the same either way. A failure of the mail adapter throws
 * `VerificationMailNotSent`, so the caller can say the code was not sent.
 */
export async function resendVerification(deps: VerificationResendDeps, rawEmail: string, clientAddress: string, now = new Date()): Promise<RateVerdict> {
  const email = normalizeEmail(rawEmail);
  const verdict = await hitAddressThenTarget(deps.db, VERIFICATION_RESEND_LIMITS, { address: addressLimitKey(clientAddress), target: email }, now);
  if (!verdict.allowed) return verdict;

  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt), isNull(users.emailVerifiedAt)));
  if (!user) return { allowed: true };
  // The newest link is the one that works: the ones sent before it are retired.
  await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, 'verify_email'), isNull(oneTimeTokens.usedAt)));
  const code = await issueOneTimeToken(deps.db, { userId: user.id, kind: 'verify_email', email });
  try {
    await deps.mail.send(verificationMail(email, `${deps.publicUrl}/verify/${code}?type=account`));
  } catch (error) {
    throw new VerificationMailNotSent(error);
  }
  return { allowed: true };
}
