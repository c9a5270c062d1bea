// Test calls (issue 21): through the call engine and the simulator, free of credits, limited per
// account atomically, under the number rules visitors' numbers get, and out of analytics.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, credits } from '../../db/schema/billing.ts';
import { dailySourceUsage, dailyWidgetUsage } from '../../db/schema/analytics.ts';
import { blockedVisitors } from '../../db/schema/widgetApi.ts';
import { calls } from '../../db/schema/calls.ts';
import { users } from '../../db/schema/accounts.ts';
import { accountWithWidget, balanceOf, fastDeps, fixedClock } from '../../test/callTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { prepareDatabase } from '../../db/prepare.ts';
import type { Database } from '../../db/client.ts';
import { countCalls } from '../callHistory/callCount.ts';
import { listCalls } from '../callHistory/callList.ts';
import { callsCsvStream } from '../callHistory/callsCsv.ts';
import { parseCsv } from '../../test/csvParse.ts';
import { CallRequestError } from './callRequestError.ts';
import { requestTestCall, TEST_CALL_LIMIT, testCallAllowance, TestCallRefusal } from './testCalls.ts';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await prepareDatabase(database.handle);
  db = database.handle.db;
});
afterAll(() => database?.close());

const ledgerRows = async (userId: number) => (await db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).length;
const reservedOf = async (userId: number) => (await db.select({ reserved: credits.reserved }).from(credits).where(eq(credits.userId, userId)))[0]!.reserved;

async function refusal(work: Promise<unknown>): Promise<unknown> {
  return work.then(() => expect.fail('accepted'), (error: unknown) => error);
}

describe('requestTestCall', () => {
  it('places the call through the widget and the simulator, and no credit moves, even at a zero balance', async () => {
    const setup = await accountWithWidget(db, { numberOfTries: 1 });
    for (const balance of [20, 0]) {
      await db.update(credits).set({ credits: balance }).where(eq(credits.userId, setup.userId));
      const ledger = await ledgerRows(setup.userId);
      const deps = fastDeps();
      const answer = await requestTestCall(db, deps, { userId: setup.userId, widgetId: setup.widgetId, phone: '+15005550004' });
      expect(answer.customerNumber).toBe('+15005550004');
      expect(await reservedOf(setup.userId)).toBe(0);
      await deps.placements.settle();
      const [call] = await db.select().from(calls).where(eq(calls.id, answer.callId));
      expect(call).toMatchObject({ isTest: true, status: 'successful', creditsCharged: 0, reservedCredits: 0, widgetId: setup.widgetId, type: 'instant', placementClaimedAt: null });
      expect(call!.outcomeRecordedAt).not.toBeNull();
      // The engine rang the widget's number and bridged the caller, as for a visitor.
      const legs = await db.execute(sql`select target from twilio_call_legs where call_id = ${answer.callId} order by id`);
      expect((legs as unknown as { rows: { target: string }[] }).rows.map((row) => row.target)).toEqual(expect.arrayContaining(['agent', 'customer']));
      expect(await balanceOf(db, setup.userId)).toBe(balance);
      expect(await ledgerRows(setup.userId)).toBe(ledger);
      expect(await reservedOf(setup.userId)).toBe(0);
    }
  });

  it('accepts exactly the limit of many simultaneous requests, then answers when the next frees up', async () => {
    const setup = await accountWithWidget(db, { numberOfTries: 1 });
    const clock = fixedClock(new Date('2026-03-02T10:00:00.000Z'));
    const deps = fastDeps({ clock });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => requestTestCall(db, deps, { userId: setup.userId, widgetId: setup.widgetId, phone: `+1500555000${i % 2 === 0 ? 2 : 4}` })));
    await deps.placements.settle();
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(TEST_CALL_LIMIT);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ kind: 'limited', retryAfterSeconds: 24 * 60 * 60 });
    }
    expect(await db.$count(calls, and(eq(calls.userId, setup.userId), eq(calls.isTest, true)))).toBe(TEST_CALL_LIMIT);
    expect(await testCallAllowance(db, setup.userId, clock.now())).toEqual({ limit: TEST_CALL_LIMIT, remaining: 0, nextAt: '2026-03-03T10:00:00.000Z' });
    // A day later, the window has room again.
    clock.at = new Date('2026-03-03T10:00:01.000Z');
    expect(await testCallAllowance(db, setup.userId, clock.now())).toMatchObject({ remaining: TEST_CALL_LIMIT, nextAt: null });
    await requestTestCall(db, deps, { userId: setup.userId, widgetId: setup.widgetId, phone: '+15005550002' });
    await deps.placements.settle();
  });

  it('applies the rules of visitors\' numbers: number types, call destinations, the block list', async () => {
    const setup = await accountWithWidget(db);
    const deps = fastDeps();
    const request = (phone: string) => requestTestCall(db, deps, { userId: setup.userId, widgetId: setup.widgetId, phone });
    expect(await refusal(request('+19005550123'))).toMatchObject({ code: 'number_not_allowed' });
    expect(await refusal(request('+442079460000'))).toMatchObject({ code: 'country_not_allowed' });
    expect(await refusal(request('not a number'))).toBeInstanceOf(CallRequestError);
    await db.insert(blockedVisitors).values({ userId: setup.userId, kind: 'number', value: '+15005550004' });
    expect(await refusal(request('+15005550004'))).toMatchObject({ kind: 'blocked' });
    expect(await db.$count(calls, eq(calls.userId, setup.userId))).toBe(0);
  });

  it('refuses an unverified account, a widget of another account and an inactive widget', async () => {
    const setup = await accountWithWidget(db);
    const other = await accountWithWidget(db);
    const inactive = await accountWithWidget(db, { isActive: false });
    const deps = fastDeps();
    expect(await refusal(requestTestCall(db, deps, { userId: setup.userId, widgetId: other.widgetId, phone: '+15005550004' }))).toMatchObject({ code: 'widget_not_found' });
    expect(await refusal(requestTestCall(db, deps, { userId: inactive.userId, widgetId: inactive.widgetId, phone: '+15005550004' }))).toMatchObject({ code: 'widget_inactive' });
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, setup.userId));
    const unverified = await refusal(requestTestCall(db, deps, { userId: setup.userId, widgetId: setup.widgetId, phone: '+15005550004' }));
    expect(unverified).toBeInstanceOf(TestCallRefusal);
    expect(unverified).toMatchObject({ kind: 'unverified' });
  });

  it('is left out of the analytics counters and the calls-by-source card, and marked in the calls list and CSV, which count it', async () => {
    const setup = await accountWithWidget(db, { numberOfTries: 1 });
    const deps = fastDeps();
    const { callId, convertId } = await requestTestCall(db, deps, { userId: setup.userId, widgetId: setup.widgetId, phone: '+15005550003' });
    await deps.placements.settle();
    const widgetUsage = await db.select().from(dailyWidgetUsage).where(eq(dailyWidgetUsage.userId, setup.userId));
    expect(widgetUsage.reduce((sum, row) => sum + row.callsSuccessful + row.callsMissed + row.callsBusy + row.callsNoAnswer, 0)).toBe(0);
    const sourceUsage = await db.select().from(dailySourceUsage).where(eq(dailySourceUsage.userId, setup.userId));
    expect(sourceUsage.reduce((sum, row) => sum + row.calls, 0)).toBe(0);
    // A missed test call is neither recovered (no callback, no text) nor notified.
    const scheduled = await db.execute(sql`select count(*)::int as n from scheduled_calls where user_id = ${setup.userId}`);
    expect((scheduled as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Calls History counts it for whole days (from calls, not the counters) as for partial ones.
    const yesterday = new Date(Date.now() - 2 * 86_400_000);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000);
    expect(await countCalls(db, setup.userId, {})).toBe(1);
    expect(await countCalls(db, setup.userId, { dateFrom: yesterday, dateTo: tomorrow })).toBe(1);
    const list = await listCalls(db, setup.userId, {}, { page: 1, perPage: 10 });
    expect(list.data.map((call) => [call.id, call.isTest])).toEqual([[callId, true]]);
    expect(list.count).toBe(1);
    let text = '';
    for await (const chunk of callsCsvStream(db, setup.userId, {}, { publicUrl: 'https://dashboard.example', timezone: 'UTC' })) text += String(chunk);
    const [header, row] = parseCsv(text);
    expect(row![0]).toBe(convertId);
    expect(row![header!.indexOf('Test call')]).toBe('Yes');
  });
});
