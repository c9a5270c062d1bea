import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import type { Mail } from '../../adapters/mail/mail.ts';
import type { PasswordHashParams } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { issueOneTimeToken } from '../auth/oneTimeTokens.ts';
import { changeCredits, openCreditsAccount, SIGNUP_GRANT_CREDITS } from '../credits/ledger.ts';
import { addressLimitKey } from '../limits/clientAddress.ts';
import { hitRateLimit, type RateLimit } from '../limits/rateLimits.ts';
import { verificationMail } from './accountMails.ts';
import { normalizeEmail } from './userProfile.ts';

export interface RegistrationInput {
  fullname: string;
  email: string;
  phone: string;
  password: string;
  timezone: string;
  captchaToken: string;
  leadSource?: string;
  sscid?: string;
  metadata?: Record<string, unknown>;
}

export interface RegistrationDeps {
  db: Database;
  mail: Mail;
  captcha: Captcha;
  publicUrl: string;
  passwordHashParams: PasswordHashParams;
  log: FastifyBaseLogger;
}

export type RegistrationOutcome =
  | 'registered'
  | 'captcha_rejected'
  | 'account_exists'
  | 'account_deleted'
  | { problem: 'too_many_attempts'; retryAfterSeconds: number };

/**
 * Sign-up limits (issue 15, finding 5): every account comes with free credits, so one client
 * address (an IPv6 client: its /64) opens at most 5 an hour (an office behind one NAT still signs
 * up its team), counted before the bot check, so a flood does not reach the bot-check service
 * either; and one e-mail address is mailed at most 3 times an hour, counted only for sign-ups
 * that pass the bot check with a free address (so junk cannot lock a victim's address out).
 */
export const REGISTRATION_LIMITS = {
  perAddress: { name: 'signup_address', max: 5, windowSeconds: 60 * 60 },
  perTarget: { name: 'signup_target', max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/**
 * Sign-up (spec §2 Register, §7): applies REGISTRATION_LIMITS, checks the bot-check token, creates the unverified account
 * with its credits record and the sign-up grant of 20 credits (one transaction), then mails
 * the verification link. The account signs in only after the link is used (spec §1).
 */
export async function registerAccount(
  deps: RegistrationDeps,
  input: RegistrationInput,
  clientAddress: string,
  now = new Date(),
): Promise<RegistrationOutcome> {
  const email = normalizeEmail(input.email);
  const byAddress = await hitRateLimit(deps.db, REGISTRATION_LIMITS.perAddress, addressLimitKey(clientAddress), now);
  if (!byAddress.allowed) return { problem: 'too_many_attempts', retryAfterSeconds: byAddress.retryAfterSeconds };
  if (!(await deps.captcha.verify(input.captchaToken, clientAddress))) return 'captcha_rejected';

  const existing = await findAccountByEmail(deps.db, email);
  if (existing) return existing.deletedAt ? 'account_deleted' : 'account_exists';
  // Per target only for a sign-up that will mail (bot check passed, address free): junk
  // sign-ups cannot use up a victim's address (review of issue 15).
  const byTarget = await hitRateLimit(deps.db, REGISTRATION_LIMITS.perTarget, email, now);
  if (!byTarget.allowed) return { problem: 'too_many_attempts', retryAfterSeconds: byTarget.retryAfterSeconds };

  const passwordHash = await hashPassword(input.password, deps.passwordHashParams);
  const created = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: input.fullname.trim(),
        email,
        passwordHash,
        phone: input.phone,
        timezone: input.timezone,
        leadSource: input.leadSource,
        sscid: input.sscid,
        metadata: input.metadata,
      })
      // A concurrent sign-up with the same address may have won since the check above.
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, name: users.name });
    if (!user) return null;
    await openCreditsAccount(tx, user.id);
    await changeCredits(tx, { userId: user.id, delta: SIGNUP_GRANT_CREDITS, reason: 'signup_grant' });
    const token = await issueOneTimeToken(tx, { userId: user.id, kind: 'verify_email', email });
    return { ...user, token };
  });
  if (!created) return 'account_exists';

  // Sent after the commit: the outbox adapter writes with the outer connection, which a
  // PGlite transaction holds. If sending fails the account still exists, and "Forgot
  // password" recovers it (a reset also verifies the address).
  const link = `${deps.publicUrl}/verify/${created.token}?type=account`;
  try {
    await deps.mail.send(verificationMail(email, link));
  } catch (error) {
    deps.log.error({ err: error, to: email }, 'registration: the verification e-mail could not be sent');
  }
  return 'registered';
}

async function findAccountByEmail(db: Database, email: string) {
  const [user] = await db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.email, email));
  return user;
}
