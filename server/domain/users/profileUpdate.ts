import { eq } from 'drizzle-orm';
import type { Mail } from '../../adapters/mail/mail.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { twilioNumbers } from '../../db/schema/reference.ts';
import { checkEmailChange, mailEmailChange } from './emailChange.ts';
import { isKnownTimezone } from './timezones.ts';
import type { UserRow } from './userProfile.ts';

export interface ProfilePatch {
  name?: string;
  timezone?: string;
  twilioNumberId?: number | null;
  email?: string;
  /** Required with `email` (the contract says so): a change of address needs the password. */
  currentPassword?: string;
}

export interface ProfileUpdateDeps {
  db: Database;
  mail: Mail;
  publicUrl: string;
}

/** Who asks: the account and its session (the one kept when a change of e-mail is confirmed). */
export interface ProfileCaller {
  userId: number;
  sessionId: string;
}

export type ProfileUpdateOutcome =
  | { ok: true; user: UserRow }
  | { ok: false; problem: 'unknown_timezone' | 'unknown_twilio_number' | 'account_exists' | 'no_account' | 'wrong_password' }
  | { ok: false; problem: 'too_many_attempts'; retryAfterSeconds: number };

/**
 * Account settings (spec §2 Settings, §5): name, time zone and Twilio number change at once; a
 * new e-mail address needs the current password and waits as pendingEmail until the link mailed
 * to it is used (domain/users/emailChange.ts). Nothing is written unless every check passes.
 */
export async function updateProfile(deps: ProfileUpdateDeps, who: ProfileCaller, patch: ProfilePatch, now = new Date()): Promise<ProfileUpdateOutcome> {
  const { db } = deps;
  if (patch.timezone !== undefined && !isKnownTimezone(patch.timezone)) return { ok: false, problem: 'unknown_timezone' };
  if (patch.twilioNumberId != null) {
    const [number] = await db.select({ id: twilioNumbers.id }).from(twilioNumbers).where(eq(twilioNumbers.id, patch.twilioNumberId));
    if (!number) return { ok: false, problem: 'unknown_twilio_number' };
  }

  const [current] = await db.select().from(users).where(eq(users.id, who.userId));
  if (!current) return { ok: false, problem: 'no_account' };
  const emailCheck =
    patch.email === undefined
      ? undefined
      : await checkEmailChange(db, current, { ...who, email: patch.email, currentPassword: patch.currentPassword ?? '' }, now);
  if (emailCheck && !emailCheck.ok) return emailCheck;

  const [updated] = await db
    .update(users)
    .set({
      name: patch.name?.trim(),
      timezone: patch.timezone,
      twilioNumberId: patch.twilioNumberId,
      // Asking for the current address again cancels a pending change.
      ...(emailCheck && { pendingEmail: emailCheck.kind === 'change' ? emailCheck.email : null }),
    })
    .where(eq(users.id, who.userId))
    .returning();

  if (emailCheck?.kind === 'change') {
    await mailEmailChange(deps, current, { sessionId: who.sessionId, email: emailCheck.email }, now);
  }
  return { ok: true, user: updated! };
}
