import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';
import { DEMO_ACCOUNT } from '../../demo/demoAccount.ts';

/** Name prefix of the widgets the crash test writes: name and call text always carry the same number. */
export const CRASH_WIDGET = 'Crash widget';

/** How far a killed server had got, and what it had written. */
export interface StoreState {
  /** `no database`: the server died before PGlite created its cluster. */
  migrations: 'no database' | 'none' | 'all';
  demo: 'absent' | 'complete';
  crashWidgets: number;
  successfulPayments: number;
}

export const NOTHING_WRITTEN: StoreState = { migrations: 'none', demo: 'absent', crashWidgets: 0, successfulPayments: 0 };

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function migrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Reads a store a killed server left and throws on anything half-written: migrations partly
 * applied, a partial demo account, a balance that differs from its ledger, a successful payment
 * without its credits (or with them twice), credits for a payment that did not succeed, a
 * widget whose columns or agent links come from different saves.
 */
export async function checkStore(db: Database): Promise<StoreState> {
  const noMigrationRecorded = async () => {
    const [users] = await rows<{ name: string | null }>(db, sql`select to_regclass('public.users')::text as name`);
    if (users?.name) throw new Error('tables exist but no migration is recorded');
    return NOTHING_WRITTEN;
  };
  const [table] = await rows<{ name: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  if (!table?.name) return noMigrationRecorded();
  const [applied] = await rows<{ count: number }>(db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  // Drizzle creates its bookkeeping table first and then applies every migration in one
  // transaction, so a kill in between leaves that table empty and nothing else written.
  if (applied?.count === 0) return noMigrationRecorded();
  if (applied?.count !== migrationCount()) throw new Error(`${applied?.count} of ${migrationCount()} migrations recorded`);

  const problems: string[] = [];
  const report = async (label: string, query: SQL) => {
    const found = await rows<Record<string, unknown>>(db, query);
    if (found.length > 0) problems.push(`${label}: ${JSON.stringify(found.slice(0, 5))}`);
  };

  await report(
    'balance differs from the ledger',
    sql`select c.user_id, c.credits, coalesce(sum(l.delta), 0)::int as ledger
        from credits c left join credit_ledger l on l.user_id = c.user_id
        group by c.user_id, c.credits having c.credits <> coalesce(sum(l.delta), 0)`,
  );
  await report(
    'balance differs from the last ledger entry',
    sql`select c.user_id, c.credits, last.balance_after from credits c
        join lateral (select balance_after from credit_ledger l where l.user_id = c.user_id order by l.id desc limit 1) last on true
        where last.balance_after <> c.credits`,
  );
  await report(
    'successful payment without exactly one ledger entry',
    sql`select p.id, count(l.id)::int as entries from payments p left join credit_ledger l on l.payment_id = p.id
        where p.status = 'successful' group by p.id having count(l.id) <> 1`,
  );
  await report(
    'ledger entry of a payment that did not succeed',
    sql`select l.id, p.status from credit_ledger l join payments p on p.id = l.payment_id
        where p.status <> 'successful' or not p.is_successful`,
  );
  await report(
    'payment credits differ from its ledger entry',
    sql`select p.id, p.credits, l.delta from payments p join credit_ledger l on l.payment_id = p.id where l.delta <> p.credits`,
  );
  await report(
    'half-saved widget',
    sql`select w.id, w.name, w.settings->'callSetup'->'main'->>'text' as text, count(a.agent_id)::int as agents
        from widgets w left join widget_agents a on a.widget_id = w.id
        where w.name like ${`${CRASH_WIDGET} %`}
        group by w.id having w.settings->'callSetup'->'main'->>'text' <> w.name or count(a.agent_id) <> 2`,
  );

  const [demoUser] = await rows<{ id: number }>(db, sql`select id from users where email = ${DEMO_ACCOUNT.email}`);
  let demo: StoreState['demo'] = 'absent';
  if (demoUser) {
    const [seeded] = await rows<Record<string, number>>(
      db,
      sql`select
            (select count(*)::int from websites where user_id = ${demoUser.id}) as websites,
            (select count(*)::int from widgets where user_id = ${demoUser.id}) as widgets,
            (select count(*)::int from agents where user_id = ${demoUser.id}) as agents,
            (select count(*)::int from calls where user_id = ${demoUser.id}) as calls,
            (select count(*)::int from payments where user_id = ${demoUser.id}) as payments,
            (select count(*)::int from credits where user_id = ${demoUser.id}) as credits,
            (select count(*)::int from credit_ledger where user_id = ${demoUser.id}) as ledger`,
    );
    const missing = Object.entries(seeded ?? {}).filter(([, count]) => count === 0);
    if (missing.length > 0) problems.push(`partial demo account, none of: ${missing.map(([name]) => name).join(', ')}`);
    demo = 'complete';
  } else {
    const [users] = await rows<{ count: number }>(db, sql`select count(*)::int as count from users`);
    if (users?.count) problems.push(`${users.count} users but no demo account`);
  }
  if (problems.length > 0) throw new Error(`half-written data:\n${problems.join('\n')}`);

  const [written] = await rows<{ widgets: number; payments: number }>(
    db,
    sql`select (select count(*)::int from widgets where name like ${`${CRASH_WIDGET} %`}) as widgets,
               (select count(*)::int from payments where status = 'successful') as payments`,
  );
  return { migrations: 'all', demo, crashWidgets: written?.widgets ?? 0, successfulPayments: written?.payments ?? 0 };
}
