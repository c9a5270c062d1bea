import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../../db/schema/accounts.ts';
import { callChanges } from '../../db/schema/calls.ts';
import { toolboxChanges } from '../../db/schema/widgetApi.ts';
import { accountChangesSql } from '../changes/changeRows.ts';
import { KeptBodies } from '../changes/keptBodies.ts';
import type { CallFilters } from './callFilters.ts';
import type { Paging } from './callList.ts';
import type { EncodedBody } from '../../http/encodedForms.ts';

/**
 * What a page of the account's Calls History is made of, as one value: its calls, their legs and
 * recordings (call_changes, migration 0011) and its websites' domains (toolbox_changes).
 */
const pageChangesOf = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({ changes: sql<string>`${accountChangesSql(callChanges, userId)} || '/' || ${accountChangesSql(toolboxChanges, userId)}` })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('call_page_changes_of_account');
});

/**
 * Pages of the Calls History kept as their answers' bodies (issue 17), per account, filters and
 * page: a page counts and reads the account's calls and their legs, which costs the database more
 * than anything else a client asks often (paging back and forth, the screen opened again). Each
 * request still asks whether the account's calls or websites changed since (pageChangesOf), so a
 * call placed, answered or recorded on any instance is in the very next answer. A page past the
 * last one is not kept: made-up page numbers cost one count each, and no memory.
 */
export class CallPageCache {
  private readonly bodies = new KeptBodies({ maxBytes: 64 * 1024 * 1024, maxEntries: 20_000 });

  /** The page as its answer's body; `make` reads and serializes it when the kept one is missing or older than the account's last change. */
  async body(db: Database, userId: number, filters: CallFilters, paging: Paging, make: () => Promise<{ body: string; rows: number }>): Promise<EncodedBody> {
    const [row] = await pageChangesOf(db).execute({ userId });
    return this.bodies.body(pageKey(userId, filters, paging), row?.changes ?? 'no account', async () => {
      const { body, rows } = await make();
      return { body, keep: rows > 0 || paging.page === 1 };
    });
  }
}

/** The same key for the same page however its query was written (order of parameters, forms of a date). */
function pageKey(userId: number, filters: CallFilters, paging: Paging): string {
  const { websiteId, widgetTypeId, status, type, dateFrom, dateTo } = filters;
  return [userId, paging.page, paging.perPage, websiteId, widgetTypeId, status, type, dateFrom?.getTime(), dateTo?.getTime()].map((part) => part ?? '').join(':');
}
