import { and, eq, ne } from 'drizzle-orm';
import type { Mail } from '../../adapters/mail/mail.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { twilioNumbers } from '../../db/schema/reference.ts';
import { issueOneTimeToken } from '../auth/oneTimeTokens.ts';
import { changeEmailMail } from './accountMails.ts';
import { isKnownTimezone } from './timezones.ts';
import { normalizeEmail, type UserRow } from './userProfile.ts';

export interface ProfilePatch {
  name?: string;
  timezone?: string;
  twilioNumberId?: number | null;
  email?: string;
}

export interface ProfileUpdateDeps {
  db: Database;
  mail: Mail;
  publicUrl: string;
}

export type ProfileUpdateOutcome =
  | { ok: true; user: UserRow }
  | { ok: false; problem: 'unknown_timezone' | 'unknown_twilio_number' | 'account_exists' | 'no_account' };

/**
 * Account settings (spec §2 Settings, §5): name, time zone and Twilio number change at once; a
 * new e-mail address waits as pendingEmail until the link mailed to it is used.
 */
export async function updateProfile(deps: ProfileUpdateDeps, userId: number, patch: ProfilePatch): Promise<ProfileUpdateOutcome> {
  const { db } = deps;
  if (patch.timezone !== undefined && !isKnownTimezone(patch.timezone)) return { ok: false, problem: 'unknown_timezone' };
  if (patch.twilioNumberId != null) {
    const [number] = await db.select({ id: twilioNumbers.id }).from(twilioNumbers).where(eq(twilioNumbers.id, patch.twilioNumberId));
    if (!number) return { ok: false, problem: 'unknown_twilio_number' };
  }

  const [current] = await db.select().from(users).where(eq(users.id, userId));
  if (!current) return { ok: false, problem: 'no_account' };
  const newEmail = patch.email === undefined ? undefined : normalizeEmail(patch.email);
  const emailChanges = newEmail !== undefined && newEmail !== current.email;
  if (emailChanges) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, newEmail), ne(users.id, userId)));
    if (taken) return { ok: false, problem: 'account_exists' };
  }

  const [updated] = await db
    .update(users)
    .set({
      name: patch.name?.trim(),
      timezone: patch.timezone,
      twilioNumberId: patch.twilioNumberId,
      // Asking for the current address again cancels a pending change.
      ...(newEmail !== undefined && { pendingEmail: emailChanges ? newEmail : null }),
    })
    .where(eq(users.id, userId))
    .returning();

  if (emailChanges) {
    const code = await issueOneTimeToken(db, { userId, kind: 'change_email', email: newEmail });
    const link = `${deps.publicUrl}/verify/${code}?type=changeEmail`;
    await deps.mail.send(changeEmailMail(newEmail, updated!.name, link));
  }
  return { ok: true, user: updated! };
}
