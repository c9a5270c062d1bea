import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAttributions, calls, scheduledCalls } from '../../db/schema/calls.ts';
import { ga4Events, ga4Settings } from '../../db/schema/ga4.ts';
import { createAccount } from '../../test/accounts.ts';
import { insertCall, insertWebsite, insertWidget } from '../../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { deleteGa4Settings } from '../ga4/ga4Settings.ts';
import { callAttributionOf, forgetOldVisitorGaIds, keptForGa4, recordCallAttribution } from './callAttribution.ts';

// Issue 19: the visitor's GA ids, taken leniently from the widget's request, kept only when well
// formed and only for accounts with an active GA4 connection, and an outcome queued for GA4 only
// once its call has the visitor's client id, whichever of the two is written first.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** An account with a widget and, unless told otherwise, an active GA4 connection. */
async function account(ga4: 'active' | 'off' | 'none' = 'active') {
  const { id: userId } = await createAccount(server.db);
  if (ga4 !== 'none') await server.db.insert(ga4Settings).values({ userId, measurementId: 'G-ABC123XYZ9', apiSecret: 'AbCdEfGhIjKlMnOpQrXy9Q', isActive: ga4 === 'active' });
  const website = await insertWebsite(server.db, userId);
  const widget = await insertWidget(server.db, userId, website.id);
  return { userId, widget };
}

const attributionOf = async (callId: number) => (await server.db.select().from(callAttributions).where(eq(callAttributions.callId, callId)))[0];
const eventsOf = async (callId: number) => server.db.select().from(ga4Events).where(eq(ga4Events.callId, callId));

describe('callAttributionOf: the strict patterns applied to the lenient contract', () => {
  it('keeps a well-formed client id and the first 5 well-formed session ids', () => {
    expect(callAttributionOf({ gaClientId: '123456789.1700000000' })).toEqual({ gaClientId: '123456789.1700000000', gaSessionIds: null });
    const sessions = { A1B2: '1', ABC123XYZ9: '1700000000', CCCC: '3', DDDD: '4', EEEE: '5', FFFF: '6' };
    expect(callAttributionOf({ gaClientId: '1.2', gaSessionIds: sessions })).toEqual({
      gaClientId: '1.2',
      gaSessionIds: { A1B2: '1', ABC123XYZ9: '1700000000', CCCC: '3', DDDD: '4', EEEE: '5' },
    });
  });

  it('ignores what fails them: no client id, no attribution at all; a malformed session id, that entry only', () => {
    for (const gaClientId of [undefined, null, 12.5, '', '1', '1.2.3', 'GA1.1.1.2', ' 1.2', '1.2 ', `${'1'.repeat(21)}.1`, '١.٢']) {
      expect(callAttributionOf({ gaClientId, gaSessionIds: { ABC123XYZ9: '1700000000' } }), String(gaClientId)).toBeNull();
    }
    const junk = { abcd1234: '1', ABC: '2', 'G-ABCD1234': '3', ['A'.repeat(21)]: '4', BAD1: 'x', BAD2: '', BAD3: 5, BAD4: '1'.repeat(21), ['__proto__']: '6', GOOD: '7' };
    expect(callAttributionOf({ gaClientId: '1.2', gaSessionIds: junk })).toEqual({ gaClientId: '1.2', gaSessionIds: { GOOD: '7' } });
    for (const gaSessionIds of [null, 'ABC123XYZ9', ['1700000000'], 1700000000, {}]) {
      expect(callAttributionOf({ gaClientId: '1.2', gaSessionIds }), JSON.stringify(gaSessionIds)).toEqual({ gaClientId: '1.2', gaSessionIds: null });
    }
  });
});

describe('kept only for accounts with an active GA4 connection', () => {
  const visitor = { gaClientId: '123456789.1700000000', gaSessionIds: { ABC123XYZ9: '1700000500' } };

  it("writes a call's attribution once while the connection is active, nothing without one or while it is off", async () => {
    for (const [ga4, kept] of [['active', true], ['off', false], ['none', false]] as const) {
      const { userId, widget } = await account(ga4);
      const call = await insertCall(server.db, { userId, widget });
      await recordCallAttribution(server.db, { id: call.id, userId }, visitor);
      expect(await attributionOf(call.id), ga4).toEqual(kept ? expect.objectContaining(visitor) : undefined);
      // A second write (a retried request, a placement taken over) keeps the first.
      await recordCallAttribution(server.db, { id: call.id, userId }, { gaClientId: '9.9', gaSessionIds: null });
      expect(await attributionOf(call.id), ga4).toEqual(kept ? expect.objectContaining(visitor) : undefined);
    }
  });

  it("keeps a scheduled callback's copy in the statement that writes it, as values or nulls", async () => {
    for (const [ga4, kept] of [['active', true], ['off', false], ['none', false]] as const) {
      const { userId, widget } = await account(ga4);
      const [row] = await server.db
        .insert(scheduledCalls)
        .values({ userId, websiteId: widget.websiteId, widgetId: widget.id, customerNumber: '+14155550123', scheduledAt: new Date(Date.now() + 3_600_000), ...keptForGa4(userId, visitor) })
        .returning();
      expect({ gaClientId: row!.gaClientId, gaSessionIds: row!.gaSessionIds }, ga4).toEqual(kept ? visitor : { gaClientId: null, gaSessionIds: null });
    }
  });
});

describe("a call's outcome is queued for GA4 only with the visitor's client id", () => {
  it('queued when the outcome is recorded after the attribution, or the attribution written after the outcome', async () => {
    const { userId, widget } = await account();
    const first = await insertCall(server.db, { userId, widget });
    await recordCallAttribution(server.db, { id: first.id, userId }, { gaClientId: '1.2', gaSessionIds: null });
    expect(await eventsOf(first.id)).toEqual([]);
    await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(eq(calls.id, first.id));
    expect(await eventsOf(first.id)).toEqual([expect.objectContaining({ userId, status: 'pending' })]);

    const recordedFirst = await insertCall(server.db, { userId, widget });
    await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(eq(calls.id, recordedFirst.id));
    expect(await eventsOf(recordedFirst.id)).toEqual([]);
    await recordCallAttribution(server.db, { id: recordedFirst.id, userId }, { gaClientId: '3.4', gaSessionIds: null });
    expect(await eventsOf(recordedFirst.id)).toEqual([expect.objectContaining({ userId, status: 'pending' })]);
  });

  it('not queued without one: no `_ga` cookie (often no consent to analytics) sends nothing', async () => {
    const { userId, widget } = await account();
    const call = await insertCall(server.db, { userId, widget });
    await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(eq(calls.id, call.id));
    expect(await eventsOf(call.id)).toEqual([]);
  });

  it('an attribution written while the outcome is being recorded waits for it, then queues the event: the two never miss each other', async () => {
    const { userId, widget } = await account();
    const call = await insertCall(server.db, { userId, widget });
    let updated!: () => void;
    const isUpdated = new Promise<void>((resolve) => (updated = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The outcome's transaction, its trigger run (no attribution yet), not yet committed.
    const recording = server.db.transaction(async (tx) => {
      await tx.update(calls).set({ outcomeRecordedAt: new Date() }).where(eq(calls.id, call.id));
      updated();
      await released;
    });
    await isUpdated;
    const attributing = recordCallAttribution(server.db, { id: call.id, userId }, { gaClientId: '5.6', gaSessionIds: null });
    if (server.databaseUrl) {
      // PostgreSQL: the attribution's trigger waits on the call row (PGlite runs one transaction at a time anyway).
      await expect.poll(async () => ((await server.db.execute(sql`select count(*)::int as n from pg_locks where not granted`)) as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    }
    release();
    await Promise.all([recording, attributing]);
    expect(await eventsOf(call.id)).toEqual([expect.objectContaining({ userId, status: 'pending' })]);
  });
});

describe('kept no longer than they serve', () => {
  const visitor = { gaClientId: '123456789.1700000000', gaSessionIds: { ABC123XYZ9: '1700000500' } };

  async function callbackOf(userId: number, widget: { id: number; websiteId: number }, status: 'pending' | 'completed') {
    const [row] = await server.db
      .insert(scheduledCalls)
      .values({ userId, websiteId: widget.websiteId, widgetId: widget.id, customerNumber: '+14155550123', scheduledAt: new Date(Date.now() + 3_600_000), status, ...keptForGa4(userId, visitor) })
      .returning({ id: scheduledCalls.id });
    return row!.id;
  }
  const idsOf = async (id: number) => (await server.db.select({ gaClientId: scheduledCalls.gaClientId }).from(scheduledCalls).where(eq(scheduledCalls.id, id)))[0]!.gaClientId;

  it("deletes an account's visitors' GA ids with its connection, and no other account's", async () => {
    const gone = await account();
    const kept = await account();
    const [goneCall, keptCall] = [await insertCall(server.db, { userId: gone.userId, widget: gone.widget }), await insertCall(server.db, { userId: kept.userId, widget: kept.widget })];
    await recordCallAttribution(server.db, { id: goneCall.id, userId: gone.userId }, visitor);
    await recordCallAttribution(server.db, { id: keptCall.id, userId: kept.userId }, visitor);
    const [goneCallback, keptCallback] = [await callbackOf(gone.userId, gone.widget, 'pending'), await callbackOf(kept.userId, kept.widget, 'pending')];
    await deleteGa4Settings(server.db, gone.userId);
    expect(await attributionOf(goneCall.id)).toBeUndefined();
    expect(await idsOf(goneCallback)).toBeNull();
    expect(await attributionOf(keptCall.id)).toEqual(expect.objectContaining(visitor));
    expect(await idsOf(keptCallback)).toBe(visitor.gaClientId);
  });

  it('forgets attributions past the 72 hours GA4 takes, and the copies of callbacks no longer waiting', async () => {
    const { userId, widget } = await account();
    const [old, recent] = [await insertCall(server.db, { userId, widget }), await insertCall(server.db, { userId, widget })];
    await recordCallAttribution(server.db, { id: old.id, userId }, visitor);
    await recordCallAttribution(server.db, { id: recent.id, userId }, visitor);
    const now = new Date();
    await server.db.update(callAttributions).set({ createdAt: new Date(now.getTime() - 72 * 3_600_000 - 1000) }).where(eq(callAttributions.callId, old.id));
    const [waiting, done] = [await callbackOf(userId, widget, 'pending'), await callbackOf(userId, widget, 'completed')];
    await forgetOldVisitorGaIds(server.db, now);
    expect(await attributionOf(old.id)).toBeUndefined();
    expect(await attributionOf(recent.id)).toEqual(expect.objectContaining(visitor));
    expect(await idsOf(waiting)).toBe(visitor.gaClientId);
    expect(await idsOf(done)).toBeNull();
  });
});
