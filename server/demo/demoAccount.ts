import { count, eq } from 'drizzle-orm';
import type { PasswordHashParams } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { hashPassword } from '../domain/auth/passwords.ts';
import { openCreditsAccount } from '../domain/credits/ledger.ts';
import { demoAccountOpenedAt, type DemoHistoryOptions, type DemoHistorySummary, seedDemoHistory } from './demoHistory.ts';

/** The account `npm start` offers on a fresh machine (ARCHITECTURE.md: "a demo account"). */
export const DEMO_ACCOUNT = {
  email: 'demo@example.com',
  password: 'demo-password',
  name: 'Demo Client',
  phone: '+12125550199',
  timezone: 'America/New_York',
} as const;

/** Twilio number 1 of the reference data (+1 212 555 0100, New York): the demo's calls come from it. */
const DEMO_TWILIO_NUMBER_ID = 1;

/**
 * Creates the demo account with its history (demoHistory.ts) when the database has no account
 * at all, so a real installation that has users never gets one. All in one transaction: a
 * failure leaves nothing half-seeded, and the next start tries again. Answers the history's
 * summary when it created the account, null otherwise.
 */
export async function seedDemoAccount(
  db: Database,
  passwordHashParams: PasswordHashParams,
  options: Partial<DemoHistoryOptions> = {},
): Promise<DemoHistorySummary | null> {
  const [existing] = await db.select({ accounts: count() }).from(users);
  if ((existing?.accounts ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password, passwordHashParams);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const openedAt = demoAccountOpenedAt(now);
    const [user] = await tx
      .insert(users)
      .values({
        name: DEMO_ACCOUNT.name,
        email: DEMO_ACCOUNT.email,
        phone: DEMO_ACCOUNT.phone,
        timezone: DEMO_ACCOUNT.timezone,
        country: 'US',
        twilioNumberId: DEMO_TWILIO_NUMBER_ID,
        passwordHash,
        emailVerifiedAt: openedAt,
        createdAt: openedAt,
      })
      // Another instance starting at the same moment may have created it.
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return null;
    // The history writes the ledger itself, from the sign-up grant on (demoBilling.ts).
    await openCreditsAccount(tx, user.id);
    return seedDemoHistory(tx, user.id, { ...options, now });
  });
}

export async function demoAccountExists(db: Database): Promise<boolean> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email));
  return demo !== undefined;
}
