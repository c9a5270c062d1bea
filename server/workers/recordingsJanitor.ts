import type { Telephony } from '../adapters/telephony/telephony.ts';
import type { Database } from '../db/client.ts';
import { deleteExpiredRecordings } from '../domain/callHistory/recordingRetention.ts';
import { PeriodicTask } from './periodicTask.ts';

/** How often each instance deletes the recordings past their account's retention. */
export const RECORDINGS_JANITOR_INTERVAL_MS = 60 * 60_000;

/** Deletes call recordings older than their account's retention, every hour (recordingRetention.ts). */
export class RecordingsJanitor extends PeriodicTask<number> {
  constructor(options: { db: Database; telephony: Telephony; now?: () => number; log: { warn(object: object, message: string): void } }) {
    const now = options.now ?? Date.now;
    super({
      run: () => deleteExpiredRecordings(options.db, options.telephony, new Date(now()), options.log),
      intervalMs: RECORDINGS_JANITOR_INTERVAL_MS,
      failed: (error) => {
        options.log.warn({ err: error }, 'recordings janitor: the cleanup failed');
        return 0;
      },
    });
  }
}
