// Accepting Call now requests together (accept_instant_calls, migration 0015) answers and writes
// exactly what accepting them one by one in the same order did before it (accept_instant_call of
// migration 0014, loaded here under other names): a seeded run of random scenarios over every
// outcome (blocked, rate_limited, duplicate, velocity by widget and by account with and without
// the client's e-mail, no_credits, accepted), compared on the answers, the counters, the balance,
// the calls and their holds, and the notifications. Two differences are by design and left out:
// a batch counts its velocity in the window of its last request's time (here all have one), and
// only its last accepted request carries rechargeDue (there is no auto-recharge here).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accountWithWidget } from '../../test/callTestKit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Migration 0014's functions, each renamed <name>_0014, calling each other by those names.
  const migration = readFileSync(fileURLToPath(new URL('../../db/migrations/0014_call_now_in_one_statement.sql', import.meta.url)), 'utf8');
  const functions = /\b(count_rate_hit|admit_call_velocity|visitor_blocked|reserve_credits|queue_client_notifications|accept_instant_call)\b(?=\s*\()/g;
  for (const statement of migration.slice(0, migration.indexOf('CREATE FUNCTION call_context')).split('--> statement-breakpoint')) {
    if (statement.includes('CREATE FUNCTION')) await server.db.execute(sql.raw(statement.replace(functions, '$1_0014')));
  }
});
afterAll(() => server?.close());

const rows = async (db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('Call now requests accepted together answer as one by one (migration 0014)', () => {
  it('on 40 random scenarios: the same answers, counters, balance, calls, holds and notifications', async () => {
    const db = server.db;
    let seed = 20261126;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648), seed / 2_147_483_648);
    const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    const outcomes = new Set<string>();
    for (let scenarioIndex = 0; scenarioIndex < 40; scenarioIndex += 1) {
      const scenario = {
        credits: between(0, 6),
        overdraft: random() < 0.3 ? -2 : 0,
        reserved: between(0, 2),
        noBalance: random() < 0.08,
        limits: random() < 0.7 ? { perWidget: between(1, 6), perAccount: between(1, 8) } : null,
        earlierHits: { widget: between(0, 5), account: between(0, 7), mail: between(0, 1) },
        guarded: random() < 0.85,
        numbers: Array.from({ length: between(1, 8) }, (_, i) => ({
          number: `+1212555${1000 + i}`,
          blocked: random() < 0.1,
          earlierHits: random() < 0.2 ? between(1, 3) : 0,
          earlierCall: random() < 0.15,
        })),
      };
      const at = new Date(Date.UTC(2026, 10, 26, 10, between(0, 59), between(0, 59)));
      const velocity = { perWidget: 4, perAccount: 6, widgetWindowSeconds: 600, accountWindowSeconds: 3600 };
      const results: unknown[] = [];
      for (const way of ['together', 'one by one (0014)'] as const) {
        const setup = await accountWithWidget(db);
        const user = setup.userId;
        await db.update(widgets).set({ notifications: { email: { isActive: true, value: 'leads@example.com' } } }).where(eq(widgets.id, setup.widgetId));
        if (scenario.noBalance) await db.execute(sql`delete from credits where user_id = ${user}`);
        else await db.execute(sql`update credits set credits = ${Math.max(scenario.credits, scenario.reserved + scenario.overdraft)}, reserved = ${scenario.reserved}, overdraft = ${scenario.overdraft} where user_id = ${user}`);
        if (scenario.limits) await db.execute(sql`insert into call_limits (user_id, per_widget, per_account) values (${user}, ${scenario.limits.perWidget}, ${scenario.limits.perAccount})`);
        const hit = async (key: string, windowSeconds: number, times: number) => {
          for (let i = 0; i < times; i += 1) await db.execute(sql`select count_rate_hit_0014(${key}, ${windowSeconds}::integer, ${at.toISOString()}::timestamptz)`);
        };
        await hit(`velocity:widget:${user}:${setup.widgetId}`, 600, scenario.earlierHits.widget);
        await hit(`velocity:account:${user}`, 3600, scenario.earlierHits.account);
        await hit(`velocity:mail:${user}`, 3600, scenario.earlierHits.mail);
        for (const visitor of scenario.numbers) {
          if (visitor.blocked) await db.execute(sql`insert into blocked_visitors (user_id, kind, value) values (${user}, 'number', ${visitor.number})`);
          await hit(`call:number:${user}:${visitor.number}`, 3600, visitor.earlierHits);
          if (visitor.earlierCall) {
            await db.execute(sql`insert into calls (user_id, convert_id, website_id, widget_id, widget_name, widget_type_id, type, status, url, customer_number, called_from, reserved_credits, created_at)
              values (${user}, ${`earlier-${user}-${visitor.number}`}, ${setup.websiteId}, ${setup.widgetId}, 'w', 3, 'instant', 'no-answer', 'u', ${visitor.number}, '+1', 0, ${new Date(at.getTime() - 10_000).toISOString()})`);
          }
        }
        const inputs = scenario.numbers.map((visitor, i) => ({
          userId: user,
          websiteId: setup.websiteId,
          widgetId: setup.widgetId,
          widgetName: 'w',
          widgetTypeId: 3,
          customerNumber: visitor.number,
          url: 'https://shop.example/pricing',
          visitorLanguage: null,
          calledFrom: '+1',
          convertId: `call-${user}-${i}`,
          credits: 1,
          at: at.toISOString(),
          duplicateSince: new Date(at.getTime() - 60_000).toISOString(),
          ...(scenario.guarded && {
            guard: { numberSpellings: [visitor.number], address: '203.0.113.7', numberLimitKey: `call:number:${user}:${visitor.number}`, numberLimitMax: 2, numberLimitWindowSeconds: 3600 },
            velocity,
          }),
        }));
        let answers: Record<string, unknown>[] = [];
        if (way === 'together') answers = (await rows(db, sql`select accept_instant_calls(${JSON.stringify(inputs)}::jsonb) as answers`))[0]!.answers as Record<string, unknown>[];
        else for (const input of inputs) answers.push((await rows(db, sql`select accept_instant_call_0014(${JSON.stringify(input)}::jsonb) as answer`))[0]!.answer as Record<string, unknown>);
        for (const answer of answers) outcomes.add(`${String(answer.outcome)}${answer.scope ? `:${String(answer.scope)}` : ''}${answer.notifyClient ? ':mail' : ''}`);
        const own = (text: string) => text.replaceAll(`-${user}-`, '-U-').replaceAll(`:${user}`, ':U').replaceAll(`:${setup.widgetId}`, ':W');
        results.push({
          answers: answers.map(({ callId: _callId, convertId, ...rest }) => ({ ...rest, ...(convertId !== undefined && { convertId: own(String(convertId)) }) })),
          counters: (await rows(db, sql`select key, hits from widget_rate_counters where key like ${`%:${user}%`} and hits <> 0 order by key`)).map((row) => [own(String(row.key)), row.hits]),
          balance: await rows(db, sql`select credits, reserved from credits where user_id = ${user}`),
          calls: (await rows(db, sql`select convert_id, customer_number, reserved_credits from calls where user_id = ${user} order by id`)).map((row) => ({ ...row, convert_id: own(String(row.convert_id)) })),
          notifications: (await rows(db, sql`select n.channel, c.convert_id from client_notifications n join calls c on c.id = n.call_id where n.user_id = ${user} order by n.id`)).map((row) => ({ ...row, convert_id: own(String(row.convert_id)) })),
        });
      }
      expect(results[0], `scenario ${scenarioIndex}: ${JSON.stringify(scenario)}`).toEqual(results[1]);
    }
    // The scenarios reached every outcome.
    expect([...outcomes].sort()).toEqual(
      expect.arrayContaining(['accepted', 'blocked', 'duplicate', 'no_credits', 'rate_limited', 'velocity:account', 'velocity:widget', 'velocity:widget:mail']),
    );
  });
});
