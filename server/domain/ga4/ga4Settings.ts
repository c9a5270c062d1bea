import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ga4Events, ga4Settings } from '../../db/schema/ga4.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { invalidInput } from '../domainError.ts';
import { forgetAccountVisitorGaIds } from '../callEngine/callAttribution.ts';

type Ga4SettingsView = components['schemas']['Ga4Settings'];
export type Ga4SettingsInput = components['schemas']['Ga4SettingsInput'];

type SettingsRow = typeof ga4Settings.$inferSelect;

/**
 * A queued event is retried this long after it was queued, then dropped (openapi
 * Ga4Settings.pendingEvents); the GA4 worker gives it up, and a connection turned off sets its
 * events due at the end of it.
 */
export const GA4_RETRY_WINDOW_MS = 24 * 3_600_000;

/** Secrets shorter than this show no characters in their hint: 4 of a short one would give most of it away. GA4's own are 22 long. */
const HINTED_SECRET_MIN_LENGTH = 12;

export const MISSING_SECRET_MESSAGE =
  'Enter the API secret: create one in Google Analytics under Admin → Data streams → your web stream → Measurement Protocol API secrets.';

/** The contract's Ga4Settings: never the secret, only its last 4 characters. */
function toSettingsView(row: SettingsRow | undefined, pendingEvents: number): Ga4SettingsView {
  if (!row) {
    return { configured: false, measurementId: null, apiSecretHint: null, isActive: false, pendingEvents, lastSentAt: null, lastFailure: null, updatedAt: null };
  }
  return {
    configured: true,
    measurementId: row.measurementId,
    apiSecretHint: `…${row.apiSecret.length >= HINTED_SECRET_MIN_LENGTH ? row.apiSecret.slice(-4) : ''}`,
    isActive: row.isActive,
    pendingEvents,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    lastFailure:
      row.lastFailureAt && row.lastFailureReason ? { at: row.lastFailureAt.toISOString(), reason: row.lastFailureReason, responseCode: row.lastFailureCode } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function pendingEventsOf(db: Pick<Database, 'select'>, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ga4Events)
    .where(and(eq(ga4Events.userId, userId), eq(ga4Events.status, 'pending')));
  return row?.n ?? 0;
}

/** The account's GA4 connection; `configured: false` and nulls when none is set. */
export async function readGa4Settings(db: Database, userId: number): Promise<Ga4SettingsView> {
  const [row] = await db.select().from(ga4Settings).where(eq(ga4Settings.userId, userId));
  return toSettingsView(row, await pendingEventsOf(db, userId));
}

/**
 * Connects GA4 or changes the connection, at `now` (the caller's clock). `apiSecret` left out
 * keeps the stored one, and is required when none is stored (400 invalid_request). While the
 * connection is off, call outcomes are not queued; those queued before wait (they are retried for
 * 24 hours after their call, like any other) and go at once when it is turned on again, as a
 * webhook endpoint's do, so turning it off to fix the measurement id loses nothing recent. Last
 * send and failure stay as they were.
 */
export async function saveGa4Settings(db: Database, userId: number, input: Ga4SettingsInput, now: Date): Promise<Ga4SettingsView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ isActive: ga4Settings.isActive }).from(ga4Settings).where(eq(ga4Settings.userId, userId)).for('update');
    let row: SettingsRow | undefined;
    if (input.apiSecret !== undefined) {
      const values = { measurementId: input.measurementId, apiSecret: input.apiSecret, isActive: input.isActive, updatedAt: now };
      // An upsert, so two first saves at once make one row (the row lock above covers only a stored one).
      [row] = await tx
        .insert(ga4Settings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: ga4Settings.userId, set: values })
        .returning();
    } else {
      [row] = await tx
        .update(ga4Settings)
        .set({ measurementId: input.measurementId, isActive: input.isActive, updatedAt: now })
        .where(eq(ga4Settings.userId, userId))
        .returning();
      if (!row) throw invalidInput(MISSING_SECRET_MESSAGE);
    }
    const pending = and(eq(ga4Events.userId, userId), eq(ga4Events.status, 'pending'));
    if (input.isActive && before && !before.isActive) await tx.update(ga4Events).set({ dueAt: now }).where(pending);
    // Turned off: its events are due only when their window ends (and the worker drops them),
    // so the worker's claim, soonest due first, does not step over them at every poll meanwhile.
    if (!input.isActive && before?.isActive) {
      await tx
        .update(ga4Events)
        .set({ dueAt: sql`${ga4Events.createdAt} + ${`${GA4_RETRY_WINDOW_MS} milliseconds`}::interval` })
        .where(pending);
    }
    return toSettingsView(row, await pendingEventsOf(tx, userId));
  });
}

/** Disconnects GA4: the measurement id and secret are removed, the events not yet sent dropped and the visitors' GA ids deleted. Nothing stored is no error. */
export async function deleteGa4Settings(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(ga4Settings).where(eq(ga4Settings.userId, userId));
    // A send in flight finishes, but its row is dropped already, so nothing more is written of it.
    await tx
      .update(ga4Events)
      .set({ status: 'dropped', leasedUntil: null, lastError: 'the GA4 connection was removed' })
      .where(and(eq(ga4Events.userId, userId), eq(ga4Events.status, 'pending')));
    // Nothing of the account's visitors is kept for a GA4 it no longer sends to.
    await forgetAccountVisitorGaIds(tx, userId);
  });
}
