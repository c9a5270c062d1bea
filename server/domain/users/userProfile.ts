import type { users } from '../../db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;

/** The contract's `User` (spec §3 User) from an account row. */
export function toUserProfile(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    timezone: user.timezone,
    country: user.country,
    phone: user.phone,
    hasAdvancedWidgetSettings: user.hasAdvancedWidgetSettings,
    twilioNumberId: user.twilioNumberId,
    pendingEmail: user.pendingEmail,
    customCallerIdSettings: { displayCustomNumberToCustomers: user.displayCustomNumberToCustomers },
  };
}

/** Usernames and addresses compare lowercased and trimmed (spec §7: "lowercased e-mail"). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
