import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { toolboxChanges } from '../../db/schema/widgetApi.ts';
import { accountChangesSql, changesSignature } from '../changes/changeRows.ts';

/** An account's toolbox changes (migration 0009's triggers; changeRows.ts changesSignature), as a subquery. */
export const toolboxChangesSql = (userId: Parameters<typeof accountChangesSql>[1]) => accountChangesSql(toolboxChanges, userId);

const changesOfAccount = preparedPerDatabase((db) =>
  db
    .select({ changes: changesSignature(toolboxChanges) })
    .from(toolboxChanges)
    .where(eq(toolboxChanges.userId, sql.placeholder('userId')))
    .prepare('toolbox_changes_of_account'),
);

/** The account's toolbox changes now (toolboxChangesSql), by a statement prepared once. */
export async function toolboxChangesOf(db: Database, userId: number): Promise<string> {
  const [row] = await changesOfAccount(db).execute({ userId });
  return row!.changes;
}
