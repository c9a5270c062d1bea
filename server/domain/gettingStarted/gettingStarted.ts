import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';

/** contract: GettingStartedStep.id, in the checklist's order. */
export const gettingStartedStepIds = ['widget', 'installation', 'agentOrNumber', 'testCall', 'credits'] as const;
export type GettingStartedStepId = (typeof gettingStartedStepIds)[number];

/** contract: GettingStarted. */
export interface GettingStarted {
  steps: { id: GettingStartedStepId; done: boolean }[];
  dismissed: boolean;
  completed: boolean;
}

type Row = Record<GettingStartedStepId, boolean> & { dismissed: boolean; completed: boolean };

/**
 * Issue 21, Getting started: each step's state and whether the checklist is put away, in one
 * statement of EXISTS checks on the caller's own rows, each on an index led by the account
 * (a few index probes, however large the account): it runs on every visit to Analytics.
 *
 * - widget: the account has a widget;
 * - installation: a widget script has loaded on a page of one of the account's websites' own
 *   domains (website_installations.seen_at; a page of another origin does not count). Joined
 *   through websites, so only the account's own websites are read;
 * - agentOrNumber: an agent exists, or a widget calls a number of its own (settings.settings:
 *   useAgents false with an agentNumber), as call placement reads it (callPlacement.ts);
 * - testCall: a test call was placed ("Call me now");
 * - credits: credits were bought (a successful payment, or a purchase in the ledger) or
 *   auto-recharge is set;
 * - completed: the account has had a connected call that was not a test, the point of the
 *   checklist: once there, it no longer shows.
 */
export async function readGettingStarted(db: Database, userId: number): Promise<GettingStarted> {
  const result = await db.execute(sql`
    select
      exists (select 1 from widgets w where w.user_id = u.id) as "widget",
      exists (
        select 1 from websites s join website_installations i on i.website_id = s.id
        where s.user_id = u.id and i.seen_at is not null
      ) as "installation",
      exists (select 1 from agents a where a.user_id = u.id)
        or exists (
          select 1 from widgets w
          where w.user_id = u.id
            and w.settings -> 'settings' ->> 'useAgents' = 'false'
            and coalesce(w.settings -> 'settings' ->> 'agentNumber', '') <> ''
        ) as "agentOrNumber",
      exists (select 1 from calls c where c.user_id = u.id and c.is_test) as "testCall",
      exists (select 1 from payments p where p.user_id = u.id and p.status = 'successful')
        or exists (select 1 from credit_ledger l where l.user_id = u.id and l.reason in ('purchase', 'auto_recharge'))
        or exists (select 1 from auto_recharges r where r.user_id = u.id) as "credits",
      exists (select 1 from calls c where c.user_id = u.id and c.status = 'successful' and not c.is_test) as "completed",
      u.getting_started_dismissed_at is not null as "dismissed"
    from users u
    where u.id = ${userId}
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) throw new Error(`No account ${userId}`);
  return {
    steps: gettingStartedStepIds.map((id) => ({ id, done: row[id] })),
    dismissed: row.dismissed,
    completed: row.completed,
  };
}

/** Puts the checklist away (dismissed) or brings it back (the user menu's "Getting started"), and answers its state. */
export async function setGettingStartedDismissed(db: Database, userId: number, dismissed: boolean): Promise<GettingStarted> {
  // Dismissing twice keeps the first time: when it was put away is what the column records.
  await db
    .update(users)
    .set({ gettingStartedDismissedAt: dismissed ? sql`coalesce(${users.gettingStartedDismissedAt}, now())` : null })
    .where(eq(users.id, userId));
  return readGettingStarted(db, userId);
}
