import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { calls } from '../../db/schema/calls.ts';
import { websites, widgets } from '../../db/schema/toolbox.ts';
import { createAccount } from '../../test/accounts.ts';
import { insertCall, insertWebsite, insertWidget } from '../../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { countCalls, wholeDays } from './callCount.ts';
import { type CallFilters, callConditions, type CallStatus, type CallType } from './callFilters.ts';

// The count the Calls History shows (spec §7 GET /client/calls "count") comes from the daily
// counters for whole days and from calls for the rest (callCount.ts). Whatever happened to the
// calls, it must equal counting the matching rows one by one.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const STATUSES: CallStatus[] = ['successful', 'missed', 'busy', 'no-answer'];
const TYPES: CallType[] = ['instant', 'scheduled'];

/** The definition the counters must agree with. */
async function countedRowByRow(db: Database, userId: number, filters: CallFilters): Promise<number> {
  const [row] = await db.select({ count: count() }).from(calls).where(callConditions(userId, filters));
  return row!.count;
}

async function expectExact(userId: number, filters: CallFilters) {
  expect(await countCalls(server.db, userId, filters), JSON.stringify(filters)).toBe(await countedRowByRow(server.db, userId, filters));
}

type Widget = Awaited<ReturnType<typeof insertWidget>>;

/** `n` calls over the widgets, from `start` every `step` ms, cycling outcomes and types. */
async function insertCalls(userId: number, over: Widget[], start: Date, step: number, n: number) {
  for (let i = 0; i < n; i += 1) {
    await insertCall(server.db, {
      userId,
      widget: over[i % over.length]!,
      status: STATUSES[i % 4]!,
      type: TYPES[Math.floor(i / 3) % 2]!,
      createdAt: new Date(start.getTime() + i * step),
    });
  }
}

async function accountWithWidgets() {
  const account = await createAccount(server.db);
  const shop = await insertWebsite(server.db, account.id);
  const blog = await insertWebsite(server.db, account.id);
  const own = [
    await insertWidget(server.db, account.id, shop.id, { typeId: 1 }),
    await insertWidget(server.db, account.id, shop.id, { typeId: 2 }),
    await insertWidget(server.db, account.id, blog.id, { typeId: 1 }),
  ];
  return { userId: account.id, shop, blog, widgets: own };
}

describe('wholeDays', () => {
  it('takes the UTC days entirely inside the inclusive range, and no day a call just before dateTo is outside of', () => {
    expect(wholeDays({ dateFrom: new Date('2026-03-01T00:00:00.000Z'), dateTo: new Date('2026-03-03T00:00:00.000Z') })).toEqual({
      from: new Date('2026-03-01T00:00:00.000Z'),
      to: new Date('2026-03-03T00:00:00.000Z'),
    });
    // 23:59:59.999 leaves out a call at 23:59:59.9995: the 3rd is not whole.
    expect(wholeDays({ dateFrom: new Date('2026-03-01T05:00:00.000Z'), dateTo: new Date('2026-03-03T23:59:59.999Z') })).toEqual({
      from: new Date('2026-03-02T00:00:00.000Z'),
      to: new Date('2026-03-03T00:00:00.000Z'),
    });
    expect(wholeDays({})).toEqual({ from: undefined, to: undefined });
  });
});

describe('countCalls', () => {
  let a: Awaited<ReturnType<typeof accountWithWidgets>>;
  const start = new Date('2026-03-01T00:00:00.000Z');

  beforeAll(async () => {
    a = await accountWithWidgets();
    // Six days, a call every 5 hours and 17 minutes: calls on and off midnight, on every day.
    await insertCalls(a.userId, a.widgets, start, 5 * HOUR + 17 * 60 * 1000, 28);
    await insertCall(server.db, { userId: a.userId, widget: a.widgets[0]!, createdAt: new Date('2026-03-03T00:00:00.000Z') });
    // A call after 23:59:59.999 (the database keeps microseconds), outside a dateTo of 23:59:59.999.
    const late = await insertCall(server.db, { userId: a.userId, widget: a.widgets[2]!, createdAt: new Date('2026-03-03T23:59:59.999Z') });
    await server.db.execute(sql`update calls set created_at = created_at + interval '500 microseconds' where id = ${late.id}`);
    // Another account's calls on the same days are never counted.
    const other = await accountWithWidgets();
    await insertCalls(other.userId, other.widgets, start, 7 * HOUR, 12);
  });

  it('equals counting the rows for every combination of filters and date bounds on and off midnight', async () => {
    const bounds = [
      undefined,
      new Date('2026-03-01T00:00:00.000Z'),
      new Date('2026-03-02T07:30:00.000Z'),
      new Date('2026-03-03T00:00:00.000Z'),
      new Date('2026-03-03T23:59:59.999Z'),
      new Date('2026-03-05T18:00:00.000Z'),
    ];
    const others: Omit<CallFilters, 'dateFrom' | 'dateTo'>[] = [
      {},
      { websiteId: a.shop.id },
      { widgetTypeId: 1 },
      { status: 'missed' },
      { type: 'instant' },
      { type: 'scheduled', status: 'successful' },
      { websiteId: a.blog.id, widgetTypeId: 1, status: 'busy', type: 'scheduled' },
      { websiteId: a.shop.id, widgetTypeId: 2, status: 'no-answer', type: 'instant' },
    ];
    let checked = 0;
    for (const dateFrom of bounds) {
      for (const dateTo of bounds) {
        if (dateFrom && dateTo && dateFrom > dateTo) continue;
        for (const filters of others) {
          await expectExact(a.userId, { ...filters, dateFrom, dateTo });
          checked += 1;
        }
      }
    }
    expect(checked).toBe(26 * others.length);
    expect(await countCalls(server.db, a.userId, {})).toBe(30);
    const third = { dateFrom: new Date('2026-03-03T00:00:00.000Z'), dateTo: new Date('2026-03-03T23:59:59.999Z') };
    const thirdUntilMidnight = { ...third, dateTo: new Date('2026-03-04T00:00:00.000Z') };
    expect(await countCalls(server.db, a.userId, thirdUntilMidnight)).toBe((await countCalls(server.db, a.userId, third)) + 1);
  });
});

describe('the count after calls change', () => {
  it('stays exact through outcomes recorded, calls deleted and a website deleted', async () => {
    const a = await accountWithWidgets();
    const start = new Date(Date.now() - 10 * DAY);
    await insertCalls(a.userId, a.widgets, start, 9 * HOUR, 24);
    const filterSets: CallFilters[] = [
      {},
      { status: 'successful' },
      { status: 'no-answer', type: 'instant' },
      { websiteId: a.shop.id },
      { dateFrom: new Date(start.getTime() + DAY + 3 * HOUR), dateTo: new Date(start.getTime() + 6 * DAY) },
      { dateFrom: new Date(start.getTime() + 2 * DAY), status: 'missed', widgetTypeId: 1 },
    ];
    const expectAllExact = async () => {
      for (const filters of filterSets) await expectExact(a.userId, filters);
    };
    await expectAllExact();
    const before = await countCalls(server.db, a.userId, { status: 'no-answer' });

    // The outcome of calls placed as no-answer is recorded (callPlacement.ts updates the row).
    const ids = (await server.db.select({ id: calls.id }).from(calls).where(eq(calls.userId, a.userId))).map((row) => row.id);
    const placed = ids.filter((_, i) => i % 4 === 3);
    await server.db.update(calls).set({ status: 'successful', duration: 40 }).where(inArray(calls.id, placed));
    expect(await countCalls(server.db, a.userId, { status: 'no-answer' })).toBe(before - placed.length);
    await expectAllExact();

    await server.db.delete(calls).where(inArray(calls.id, ids.slice(0, 5)));
    await expectAllExact();
    expect(await countCalls(server.db, a.userId, {})).toBe(19);

    // Its calls stay, without a website (ON DELETE SET NULL), and its counters go (CASCADE).
    await server.db.delete(widgets).where(eq(widgets.websiteId, a.blog.id));
    await server.db.delete(websites).where(eq(websites.id, a.blog.id));
    await expectAllExact();
    expect(await countCalls(server.db, a.userId, {})).toBe(19);
    expect(await countCalls(server.db, a.userId, { widgetTypeId: 1 })).toBe(await countedRowByRow(server.db, a.userId, { widgetTypeId: 1 }));
  });

  it('counts every call inserted at once, in many transactions on one day, website and widget', async () => {
    // On PostgreSQL these transactions run at the same time on the pool's connections and meet on
    // the same counter row; PGlite runs them one after another.
    const a = await accountWithWidgets();
    const at = new Date();
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        server.db.transaction(async (tx) => {
          const call = await insertCall(tx, { userId: a.userId, widget: a.widgets[0]!, status: 'no-answer', type: TYPES[i % 2]!, createdAt: at });
          if (i % 3 === 0) await tx.update(calls).set({ status: 'successful' }).where(eq(calls.id, call.id));
        }),
      ),
    );
    expect(await countCalls(server.db, a.userId, {})).toBe(60);
    expect(await countCalls(server.db, a.userId, { status: 'successful' })).toBe(20);
    expect(await countCalls(server.db, a.userId, { status: 'no-answer', type: 'scheduled' })).toBe(20);
    await expectExact(a.userId, { dateFrom: new Date(at.getTime() - 2 * DAY), dateTo: new Date(at.getTime() + DAY), type: 'instant' });
  });
});
