import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_RETENTION_DAYS } from '../../../common/rules/recordingRetention.ts';
import type { Telephony } from '../../adapters/telephony/telephony.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { callRecordings } from '../../db/schema/calls.ts';

/** contract: RecordingSettings. */
export interface RecordingSettings {
  retentionDays: number;
}

/** Recordings one cleanup deletes at most (the next run goes on). */
const BATCH = 200;

export async function readRecordingSettings(db: Database, userId: number): Promise<RecordingSettings> {
  const [row] = await db.select({ retentionDays: users.recordingRetentionDays }).from(users).where(eq(users.id, userId));
  return { retentionDays: row?.retentionDays ?? DEFAULT_RETENTION_DAYS };
}

export async function saveRecordingSettings(db: Database, userId: number, settings: RecordingSettings): Promise<RecordingSettings> {
  await db.update(users).set({ recordingRetentionDays: settings.retentionDays }).where(eq(users.id, userId));
  return readRecordingSettings(db, userId);
}

/**
 * Deletes the recordings older than their account's retention (Settings, Call recordings; issue
 * 18), oldest first, a batch at a time: the provider's copy first (Twilio's; the simulator's are
 * made from the call and have none), then the rows of those the provider let go. A recording the
 * provider would not delete stays listed (logged) and is tried again at the next run; the run
 * goes on past it. No transaction is held while the provider is asked, and instances cleaning at
 * once only repeat each other's work (a provider's copy already deleted counts as deleted).
 * Answers how many it deleted.
 */
export async function deleteExpiredRecordings(
  db: Database,
  telephony: Telephony,
  now: Date,
  log: { warn(object: object, message: string): void },
  batchSize = BATCH,
): Promise<number> {
  let deleted = 0;
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    // The shortest retention of any account bounds the scan: rows younger than it are never read.
    const expired = (await db.execute(sql`
      select r.id, r.storage_key as "storageKey", r.created_at as "createdAt"
      from ${callRecordings} r
      join calls c on c.id = r.call_id
      join users u on u.id = c.user_id
      where r.created_at < ${now}::timestamptz - (select min(recording_retention_days) from users) * interval '1 day'
        and r.created_at < ${now}::timestamptz - u.recording_retention_days * interval '1 day'
        ${after ? sql`and (r.created_at, r.id) > (${after.createdAt}::timestamptz, ${after.id}::integer)` : sql``}
      order by r.created_at, r.id
      limit ${batchSize}`)) as unknown as { rows: { id: number; storageKey: string; createdAt: Date | string }[] };
    const gone: number[] = [];
    for (const { id, storageKey } of expired.rows) {
      try {
        await telephony.deleteRecording?.(storageKey);
        gone.push(id);
      } catch (error) {
        log.warn({ err: error, recordingId: id }, 'recordings: the provider did not delete an expired recording; tried again at the next cleanup');
      }
    }
    if (gone.length > 0) await db.delete(callRecordings).where(inArray(callRecordings.id, gone));
    deleted += gone.length;
    const last = expired.rows.at(-1);
    if (!last || expired.rows.length < batchSize) return deleted;
    after = { createdAt: new Date(last.createdAt).toISOString(), id: last.id };
  }
}
