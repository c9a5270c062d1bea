import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { spendOneTimeToken } from '../auth/oneTimeTokens.ts';

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
 * newer change was asked for since) is invalid. When another account took the address in the
 * meantime nothing changes and the code stays usable.
 */
export async function confirmChangedEmail(db: Database, code: string): Promise<ChangedEmailOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const spent = await spendOneTimeToken(tx, 'change_email', code);
      if (!spent) return 'invalid_code';
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
      return user ?? 'invalid_code';
    });
  } catch (error) {
    if (error instanceof AddressTaken) return 'account_exists';
    throw error;
  }
}
