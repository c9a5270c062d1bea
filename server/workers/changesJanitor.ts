import type { Database } from '../db/client.ts';
import { CHANGES_RETENTION_MS, deleteChangesBefore } from '../domain/changes/changeRows.ts';
import { PeriodicTask } from './periodicTask.ts';

/** How often each instance offers to clean up (one of them does it at a time). */
export const CHANGES_JANITOR_INTERVAL_MS = 60_000;

/**
 * Deletes rows of the changes tables (toolbox_changes, call_changes) past CHANGES_RETENTION_MS,
 * once a minute, so that reading an account's signature stays a read of a few rows (issue 17).
 * Nothing waits for it: the caches' checks go on meanwhile.
 */
export class ChangesJanitor extends PeriodicTask<void> {
  constructor(options: { db: Database; now?: () => number; log?: { warn(object: object, message: string): void } }) {
    const now = options.now ?? Date.now;
    super({
      run: () => deleteChangesBefore(options.db, new Date(now() - CHANGES_RETENTION_MS)),
      intervalMs: CHANGES_JANITOR_INTERVAL_MS,
      failed: (error) => options.log?.warn({ err: error }, 'changes janitor: the cleanup failed'),
    });
  }
}
