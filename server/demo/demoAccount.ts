import { count, eq } from 'drizzle-orm';
import type { PasswordHashParams } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { hashPassword } from '../domain/auth/passwords.ts';
import { changeCredits, openCreditsAccount, SIGNUP_GRANT_CREDITS } from '../domain/credits/ledger.ts';

/** The account `npm start` offers on a fresh machine (ARCHITECTURE.md: "a demo account"). */
export const DEMO_ACCOUNT = {
  email: 'demo@example.com',
  password: 'demo-password',
  name: 'Demo Client',
  phone: '+12125550199',
  timezone: 'America/New_York',
} as const;

/**
 * Creates the demo account when the database has no account at all, so a real installation that
 * has users never gets one. Answers whether it was created.
 */
export async function seedDemoAccount(db: Database, passwordHashParams: PasswordHashParams): Promise<boolean> {
  const [existing] = await db.select({ accounts: count() }).from(users);
  if ((existing?.accounts ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password, passwordHashParams);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: DEMO_ACCOUNT.name,
        email: DEMO_ACCOUNT.email,
        phone: DEMO_ACCOUNT.phone,
        timezone: DEMO_ACCOUNT.timezone,
        passwordHash,
        emailVerifiedAt: new Date(),
      })
      // Another instance starting at the same moment may have created it.
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return false;
    await openCreditsAccount(tx, user.id);
    await changeCredits(tx, { userId: user.id, delta: SIGNUP_GRANT_CREDITS, reason: 'signup_grant' });
    return true;
  });
}

export async function demoAccountExists(db: Database): Promise<boolean> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email));
  return demo !== undefined;
}
