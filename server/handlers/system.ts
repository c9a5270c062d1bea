import { sql } from 'drizzle-orm';
import type { HandlerContext, OperationHandlers } from './handlerContext.ts';

/** How long a passed database check answers for the health checks that follow (issue 17). */
export const HEALTH_CHECK_REUSE_MS = 1000;

/** Tag system. */
export function systemHandlers({ db, engine }: HandlerContext): OperationHandlers {
  // One `select 1` serves the health checks of the next second, and checks that arrive while it
  // runs share it: a load balancer polling every instance costs the database next to nothing.
  // A failed check is never reused, so a database that went down is seen at the next request.
  let lastPassed = -Infinity;
  let running: Promise<unknown> | null = null;
  async function databaseAnswers(): Promise<void> {
    if (performance.now() - lastPassed < HEALTH_CHECK_REUSE_MS) return;
    running ??= db.execute(sql`select 1`).finally(() => (running = null));
    await running;
    lastPassed = performance.now();
  }

  return {
    /** Liveness that includes the database: a health check passes only when queries do. */
    async getHealth() {
      await databaseAnswers();
      return { status: 'ok', database: engine };
    },
  };
}
