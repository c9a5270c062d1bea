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
 * 18), oldest first, in batches until none is left: the provider's copy first (Twilio's; the
 * simulator's are made from the call and have none), then the row, so a recording the provider
 * would not delete stays listed and is tried again at the next run. Rows are claimed with FOR
 * UPDATE SKIP LOCKED: instances cleaning at once share the work. Answers how many it deleted.
 */
export async function deleteExpiredRecordings(db: Database, telephony: Telephony, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const expired = (await tx.execute(sql`
        select r.id, r.storage_key as "storageKey"
        from ${callRecordings} r
        join calls c on c.id = r.call_id
        join users u on u.id = c.user_id
        where r.created_at < ${now}::timestamptz - interval '1 day'
          and r.created_at < ${now}::timestamptz - u.recording_retention_days * interval '1 day'
        order by r.created_at
        limit ${BATCH}
        for update of r skip locked`)) as unknown as { rows: { id: number; storageKey: string }[] };
      const gone: number[] = [];
      for (const { id, storageKey } of expired.rows) {
        try {
          await telephony.deleteRecording?.(storageKey);
          gone.push(id);
        } catch {
          // Kept for the next run (the provider may be down); the others go on.
        }
      }
      if (gone.length > 0) await tx.delete(callRecordings).where(inArray(callRecordings.id, gone));
      return { claimed: expired.rows.length, deleted: gone.length };
    });
    deleted += batch.deleted;
    if (batch.claimed < BATCH || batch.deleted === 0) return deleted;
  }
}
