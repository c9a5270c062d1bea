import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { spendOneTimeToken, type SpentOneTimeToken } from '../auth/oneTimeTokens.ts';
import { isSessionOpenNow } from '../auth/sessions.ts';
import { endOtherSessionsAfterEmailChange } from './emailChange.ts';

/**
 * Verify page, type account (spec §2 Verify): spends the sign-up code and activates the
 * account. Null when the code is unknown, used or expired.
 */
export async function verifyAccountEmail(db: Database, code: string): Promise<{ name: string } | null> {
  return db.transaction(async (tx) => {
    const spent = await spendOneTimeToken(tx, 'verify_email', code);
    if (!spent) return null;
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, spent.userId), isNull(users.deletedAt)))
      .returning({ name: users.name });
    return user ?? null;
  });
}

export type ChangedEmailOutcome = { name: string } | 'invalid_code' | 'account_exists';

class AddressTaken extends Error {}

/**
 * Verify page, type changeEmail: spends the code mailed by PATCH /user and makes the pending
 * address the account's e-mail. A code for an address that is no longer the pending one (a
 * newer change was asked for since) is invalid, and so is one whose asking session has ended
 * (signed out, or every session ended by a password change or reset: an owner who takes the
 * account back also kills a thief's pending change). When another account took the address in
 * the meantime nothing changes and the code stays usable. A confirmed change ends every other
 * session of the account (issue 15, finding 9; domain/users/emailChange.ts).
 */
export async function confirmChangedEmail(db: Database, code: string): Promise<ChangedEmailOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const spent = await spendOneTimeToken(tx, 'change_email', code);
      if (!spent || !(await askingSessionOpen(tx, spent))) return 'invalid_code';
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, spent.email), ne(users.id, spent.userId)));
      if (taken) throw new AddressTaken();
      const [user] = await tx
        .update(users)
        .set({ email: spent.email, pendingEmail: null })
        .where(and(eq(users.id, spent.userId), eq(users.pendingEmail, spent.email), isNull(users.deletedAt)))
        .returning({ name: users.name });
      if (!user) return 'invalid_code';
      await endOtherSessionsAfterEmailChange(tx, spent.userId, spent.sessionId);
      return user;
    });
  } catch (error) {
    if (error instanceof AddressTaken) return 'account_exists';
    throw error;
  }
}

async function askingSessionOpen(db: Database, spent: SpentOneTimeToken): Promise<boolean> {
  return spent.sessionId !== null && (await isSessionOpenNow(db, spent.sessionId, spent.userId));
}
