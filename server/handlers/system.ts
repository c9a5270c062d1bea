import { sql } from 'drizzle-orm';
import type { HandlerContext, OperationHandlers } from './handlerContext.ts';

/** Tag system. */
export function systemHandlers({ db, engine }: HandlerContext): OperationHandlers {
  return {
    /** Liveness that includes the database: a health check passes only when queries do. */
    async getHealth() {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: engine };
    },
  };
}
