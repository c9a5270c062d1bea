import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ga4, Ga4Hit, Ga4SendResult } from '../adapters/analytics/ga4.ts';
import { Ga4Recorder } from '../adapters/analytics/ga4Recorder.ts';
import { callAttributions, calls } from '../db/schema/calls.ts';
import { ga4Events, ga4Settings } from '../db/schema/ga4.ts';
import { widgets } from '../db/schema/toolbox.ts';
import { requestInstantCall, requestScheduledCall } from '../domain/callEngine/callRequests.ts';
import { deleteGa4Settings, GA4_RETRY_WINDOW_MS, saveGa4Settings } from '../domain/ga4/ga4Settings.ts';
import { createAccount } from '../test/accounts.ts';
import { insertCall, insertWebsite, insertWidget } from '../test/callFixtures.ts';
import { accountWithWidget, fastDeps, fixedClock } from '../test/callTestKit.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { GA4_EVENTS_KEPT_MS, GA4_LEASE_MS, GA4_SENDS_AT_ONCE, Ga4Worker } from './ga4Worker.ts';
import { type ClaimedRow, OUTBOX_CLEANUP_EVERY_MS, OUTBOX_EXPIRY_EVERY_MS, retryDelayMs } from './outbox.ts';
import { ScheduledCallsWorker } from './scheduledCallsWorker.ts';

// Issue 19: call outcomes queued by the database in the transaction that records them, only for
// accounts with an active GA4 connection, and sent by the worker as Measurement Protocol hits,
// retried with backoff, dropped after 24 hours, with the connection's last send and failure.
// Every account has its own property, and every hit sent is checked to go to its call's owner's.

const quiet = { info: () => {}, warn: () => {} };

/** An account's own GA4 property: no two accounts share one, so a hit sent to the wrong account's shows. */
function propertyOf(userId: number, version = 1) {
  return { measurementId: `G-U${String(userId).padStart(6, '0')}V${version}`, apiSecret: `secret-of-${userId}-v${version}-AbCdEfGh` };
}

/** Hits that went elsewhere than their call's owner's property as it was when they were sent; none, after every test. */
const misdirected: string[] = [];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async () => {
  // Each test sends its own events only: the worker claims every account's.
  await server.db.delete(ga4Events);
  expect(misdirected.splice(0)).toEqual([]);
});

/** A GA4 adapter that keeps the hits, checks where each goes (misdirected), and answers as told (default: accepted). */
class ScriptedGa4 implements Ga4 {
  readonly description = 'test GA4';
  readonly timeoutMs = 10_000;
  readonly hits: Ga4Hit[] = [];
  answer: (hit: Ga4Hit) => Promise<Ga4SendResult> = async () => ({ ok: true, status: 204 });
  async send(hit: Ga4Hit): Promise<Ga4SendResult> {
    this.hits.push(hit);
    // The call's owner, by its widget (every test call has one): its connection, as it is now.
    const widgetId = Number(hit.body.events[0]?.params.widget_id);
    const [owner] = await server.db
      .select({ measurementId: ga4Settings.measurementId, apiSecret: ga4Settings.apiSecret })
      .from(widgets)
      .innerJoin(ga4Settings, eq(ga4Settings.userId, widgets.userId))
      .where(eq(widgets.id, widgetId));
    if (owner?.measurementId !== hit.measurementId || owner.apiSecret !== hit.apiSecret) misdirected.push(`widget ${widgetId}'s call sent to ${hit.measurementId}`);
    return this.answer(hit);
  }
}

/** A worker that can also be handed a claim to send (a slow instance, whose claim went stale before its send read the event). */
class SlowWorker extends Ga4Worker {
  sendClaimed(claimed: ClaimedRow): Promise<boolean> {
    return this.send(claimed);
  }
}

function worker(ga4: Ga4, now?: () => number) {
  return new Ga4Worker({ db: server.db, ga4, log: quiet, now });
}

/** One poll and the sends it started; answers how many GA4 took. */
async function send(running: Ga4Worker): Promise<number> {
  await running.runOnce();
  return running.settle();
}

/** An account with a widget, connected to its own GA4 property (active unless told). */
async function connectedClient(options: { isActive?: boolean } = {}) {
  const account = await createAccount(server.db);
  const property = propertyOf(account.id);
  await saveGa4Settings(server.db, account.id, { ...property, isActive: options.isActive ?? true }, new Date());
  const website = await insertWebsite(server.db, account.id);
  const widget = await insertWidget(server.db, account.id, website.id, { typeId: 3, name: 'Pricing page icon' });
  return { account, property, website, widget };
}

/** A call's attribution as the widget's page gave it: by default a GA client id of the call's own (`<call id>.1700000000`). */
async function attribute(callId: number, attribution: Partial<typeof callAttributions.$inferInsert> = {}) {
  await server.db.insert(callAttributions).values({ callId, gaClientId: `${callId}.1700000000`, ...attribution });
}

/**
 * A call of a visitor with a GA client id (only such calls are sent, migration 0019) whose outcome
 * the placement records (outcome_recorded_at set by an update, as callPlacement.ts does).
 */
async function completedCall(
  userId: number,
  widget: { id: number; websiteId: number; typeId: number; name: string },
  outcome: Partial<typeof calls.$inferInsert> = {},
  attribution: Partial<typeof callAttributions.$inferInsert> = {},
) {
  const call = await insertCall(server.db, { userId, widget, createdAt: new Date(Date.now() - 60_000) });
  await attribute(call.id, attribution);
  const [done] = await server.db
    .update(calls)
    .set({ status: 'successful', duration: 95, outcomeRecordedAt: new Date(), ...outcome })
    .where(eq(calls.id, call.id))
    .returning();
  return done!;
}

async function eventsOf(userId: number) {
  return server.db.select().from(ga4Events).where(eq(ga4Events.userId, userId)).orderBy(ga4Events.id);
}

async function settingsOf(userId: number) {
  const [row] = await server.db.select().from(ga4Settings).where(eq(ga4Settings.userId, userId));
  return row!;
}

describe('events written by the database', () => {
  it('one per outcome: the call row and its lease renewals write nothing, its outcome once, later changes nothing', async () => {
    const { account, widget } = await connectedClient();
    const call = await insertCall(server.db, { userId: account.id, widget, status: 'no-answer' });
    await attribute(call.id);
    await server.db.update(calls).set({ placementClaimedAt: new Date() }).where(eq(calls.id, call.id));
    expect(await eventsOf(account.id)).toEqual([]);
    await server.db.update(calls).set({ placementClaimedAt: null, outcomeRecordedAt: new Date(), status: 'busy' }).where(eq(calls.id, call.id));
    await server.db.update(calls).set({ agentId: null }).where(eq(calls.id, call.id));
    await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(eq(calls.id, call.id));
    // Set back to null and again (nothing does, but nothing sends a call twice either).
    await server.db.update(calls).set({ outcomeRecordedAt: null }).where(eq(calls.id, call.id));
    await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(eq(calls.id, call.id));
    const events = await eventsOf(account.id);
    expect(events).toEqual([expect.objectContaining({ callId: call.id, status: 'pending', attempts: 0 })]);
  });

  it('an attribution written after its call\'s outcome queues it then (a Call now\'s is written beside the placement); one statement of many calls queues each once', async () => {
    const { account, widget } = await connectedClient();
    const [inserted] = await server.db
      .insert(calls)
      .values({ userId: account.id, convertId: `CL-GA4${account.id}`, widgetId: widget.id, websiteId: widget.websiteId, widgetName: widget.name, widgetTypeId: 3, type: 'instant', status: 'missed', customerNumber: '+14155550123', outcomeRecordedAt: new Date() })
      .returning();
    // Its outcome has no client id to be sent as yet.
    expect(await eventsOf(account.id)).toEqual([]);
    await attribute(inserted!.id);
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await insertCall(server.db, { userId: account.id, widget }));
    for (const call of more) await attribute(call.id);
    // Nothing yet: their outcomes are not recorded.
    expect((await eventsOf(account.id)).map((event) => event.callId)).toEqual([inserted!.id]);
    await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(inArray(calls.id, more.map((call) => call.id)));
    expect((await eventsOf(account.id)).map((event) => event.callId)).toEqual([inserted!.id, ...more.map((call) => call.id)]);
  });

  it('nothing for a call without the visitor\'s GA client id, whichever comes first: no stand-in counts a user who never visited', async () => {
    const { account, widget } = await connectedClient();
    const bare = await insertCall(server.db, { userId: account.id, widget });
    const withoutClient = await insertCall(server.db, { userId: account.id, widget });
    await attribute(withoutClient.id, { gaClientId: null, gaSessionIds: { [propertyOf(account.id).measurementId.slice(2)]: '1700000000' } });
    await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(inArray(calls.id, [bare.id, withoutClient.id]));
    const recorded = await server.db
      .insert(calls)
      .values({ userId: account.id, convertId: `CL-NOGA${account.id}`, widgetId: widget.id, websiteId: widget.websiteId, widgetName: widget.name, widgetTypeId: 3, type: 'instant', status: 'missed', customerNumber: '+14155550124', outcomeRecordedAt: new Date() })
      .returning();
    await attribute(recorded[0]!.id, { gaClientId: null });
    expect(await eventsOf(account.id)).toEqual([]);
    const ga4 = new ScriptedGa4();
    expect(await send(worker(ga4, () => Date.now() + 1))).toBe(0);
    expect(ga4.hits).toEqual([]);
  });

  it('nothing for an account without a connection, or with one turned off; a statement mixing accounts queues the active ones only', async () => {
    const without = await createAccount(server.db);
    const withoutWidget = await insertWidget(server.db, without.id, (await insertWebsite(server.db, without.id)).id);
    const off = await connectedClient({ isActive: false });
    const on = await connectedClient();
    const mixed = [
      await insertCall(server.db, { userId: without.id, widget: withoutWidget }),
      await insertCall(server.db, { userId: off.account.id, widget: off.widget }),
      await insertCall(server.db, { userId: on.account.id, widget: on.widget }),
    ];
    // Written here as no request would (the server keeps none for an account without an active connection), to see the trigger's own rule.
    for (const call of mixed) await attribute(call.id);
    await server.db.update(calls).set({ outcomeRecordedAt: new Date() }).where(inArray(calls.id, mixed.map((call) => call.id)));
    const queued = await server.db.select({ callId: ga4Events.callId }).from(ga4Events).where(inArray(ga4Events.callId, mixed.map((call) => call.id)));
    expect(queued).toEqual([{ callId: mixed[2]!.id }]);
  });

  it("through the real paths: a visitor's Call now with a GA client id, and a scheduled callback carrying one to its call", async () => {
    const setup = await accountWithWidget(server.db, { useAgents: true, callingRuleId: 1, numberOfTries: 1, agents: [{ phone: '+14155550170' }] });
    await saveGa4Settings(server.db, setup.userId, { ...propertyOf(setup.userId), isActive: true }, new Date());
    const clock = fixedClock(new Date());
    const deps = fastDeps({ clock });
    const container = propertyOf(setup.userId).measurementId.slice(2);
    const { callId } = await requestInstantCall(server.db, deps, {
      ...setup.request('+15005550004'),
      attribution: { gaClientId: '1234567890.1700000000', gaSessionIds: { OTHER0001: '1699999000', [container]: '1700000100' } },
    });
    await deps.placements.settle();
    const { scheduledCallId } = await requestScheduledCall(server.db, deps, {
      ...setup.request('+15005550003'),
      scheduledAt: new Date(clock.at.getTime() + 3_600_000),
      customFields: {},
      attribution: { gaClientId: '555.1700000001', gaSessionIds: null },
    });
    clock.at = new Date(clock.at.getTime() + 3_700_000);
    const placing = new ScheduledCallsWorker({ db: server.db, deps, leaseMs: 60_000 });
    while ((await placing.runOnce()) > 0);
    await deps.placements.settle();
    const [placed] = await server.db.select().from(calls).where(eq(calls.scheduledCallId, scheduledCallId));
    expect(await server.db.select({ callId: callAttributions.callId, gaClientId: callAttributions.gaClientId }).from(callAttributions).where(inArray(callAttributions.callId, [callId, placed!.id]))).toEqual(
      expect.arrayContaining([{ callId, gaClientId: '1234567890.1700000000' }, { callId: placed!.id, gaClientId: '555.1700000001' }]),
    );
    const ga4 = new ScriptedGa4();
    expect(await send(worker(ga4, () => clock.at.getTime()))).toBe(2);
    const byClient = Object.fromEntries(ga4.hits.map((hit) => [hit.body.client_id, hit.body.events[0]!.params]));
    expect(byClient).toEqual({
      '1234567890.1700000000': expect.objectContaining({ call_status: 'successful', call_type: 'instant', widget_id: setup.widgetId, session_id: '1700000100' }),
      '555.1700000001': expect.objectContaining({ call_status: 'missed', call_type: 'scheduled', duration_seconds: 0 }),
    });
    // The callback's page had no session cookie of this stream: no session_id, the event is the visitor's only.
    expect(byClient['555.1700000001']).not.toHaveProperty('session_id');
  });
});

describe('sending', () => {
  it("sends the hit with the visitor's GA client id, the session of the account's stream, the outcome's time and the call's params, and marks it sent", async () => {
    const { account, property, widget } = await connectedClient();
    // The page measured with two streams: the session id of the account's own goes.
    const gaSessionIds = { OTHER0001: '1699999000', [property.measurementId.slice(2)]: '1700000123' };
    const call = await completedCall(account.id, widget, {}, { gaClientId: '1987654321.1699999999', gaSessionIds });
    const recorder = new Ga4Recorder({ log: quiet });
    const now = Date.now() + 1;
    expect(await send(worker(recorder, () => now))).toBe(1);
    expect(recorder.recorded()).toEqual([
      {
        url: `https://www.google-analytics.com/mp/collect?measurement_id=${property.measurementId}&api_secret=REDACTED`,
        body: {
          client_id: '1987654321.1699999999',
          timestamp_micros: call.outcomeRecordedAt!.getTime() * 1000,
          events: [
            {
              name: 'callback_call_completed',
              params: {
                call_status: 'successful',
                call_type: 'instant',
                duration_seconds: 95,
                widget_id: widget.id,
                widget_name: 'Pricing page icon',
                session_id: '1700000123',
                engagement_time_msec: 1,
              },
            },
          ],
        },
      },
    ]);
    expect(JSON.stringify(recorder.recorded())).not.toContain(property.apiSecret);
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1, responseCode: 204, leasedUntil: null, lastError: null })]);
    expect((await settingsOf(account.id)).lastSentAt?.getTime()).toBe(now);
    // Nothing is sent twice.
    expect(await send(worker(recorder, () => now + 60_000))).toBe(0);
    expect(recorder.recorded()).toHaveLength(1);
  });

  it('drops an event whose call has no GA client id, sending nothing (none is queued so: migration 0019)', async () => {
    const { account, widget } = await connectedClient();
    const call = await insertCall(server.db, { userId: account.id, widget, createdAt: new Date(Date.now() - 60_000) });
    await server.db.update(calls).set({ status: 'no-answer', outcomeRecordedAt: new Date() }).where(eq(calls.id, call.id));
    await server.db.insert(ga4Events).values({ userId: account.id, callId: call.id });
    const ga4 = new ScriptedGa4();
    expect(await send(worker(ga4, () => Date.now() + 1))).toBe(0);
    expect(ga4.hits).toEqual([]);
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'dropped', lastError: 'the call has no GA client id', leasedUntil: null })]);
  });

  it('retries a failure with growing pauses, noting it on the connection; a success clears it', async () => {
    const { account, widget } = await connectedClient();
    await completedCall(account.id, widget);
    const ga4 = new ScriptedGa4();
    ga4.answer = async () => ({ ok: false, reason: 'timeout', status: null, error: 'no answer within 10 s' });
    let now = Date.now() + 1;
    const clock = () => now;
    expect(await send(worker(ga4, clock))).toBe(0);
    let [event] = await eventsOf(account.id);
    expect(event).toMatchObject({ status: 'pending', attempts: 1, responseCode: null, lastError: 'no answer within 10 s', leasedUntil: null });
    expect(event!.dueAt.getTime()).toBe(now + retryDelayMs(1));
    expect(await settingsOf(account.id)).toMatchObject({ lastFailureReason: 'timeout', lastFailureCode: null, lastSentAt: null });
    expect((await settingsOf(account.id)).lastFailureAt?.getTime()).toBe(now);
    // Not before its time.
    now += retryDelayMs(1) - 1000;
    await send(worker(ga4, clock));
    expect(ga4.hits).toHaveLength(1);
    now += 1000;
    ga4.answer = async () => ({ ok: false, reason: 'http_error', status: 500, error: 'GA4 answered 500' });
    await send(worker(ga4, clock));
    [event] = await eventsOf(account.id);
    expect(event).toMatchObject({ attempts: 2, responseCode: 500 });
    expect(event!.dueAt.getTime()).toBe(now + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
    expect(await settingsOf(account.id)).toMatchObject({ lastFailureReason: 'http_error', lastFailureCode: 500 });
    ga4.answer = async () => ({ ok: true, status: 204 });
    now += retryDelayMs(2);
    expect(await send(worker(ga4, clock))).toBe(1);
    const healthy = await settingsOf(account.id);
    expect(healthy).toMatchObject({ lastFailureAt: null, lastFailureReason: null, lastFailureCode: null });
    expect(healthy.lastSentAt?.getTime()).toBe(now);
    expect(new Set(ga4.hits.map((hit) => JSON.stringify(hit.body))).size).toBe(1);
  });

  it('drops an event 24 hours after it was queued, and one whose outcome is older than GA4 takes', async () => {
    const { account, widget } = await connectedClient();
    await completedCall(account.id, widget);
    const ga4 = new ScriptedGa4();
    ga4.answer = async () => ({ ok: false, reason: 'unreachable', status: null, error: 'ECONNREFUSED' });
    let now = Date.now() + 1;
    await send(worker(ga4, () => now));
    // The last retry whose pause would end past the window drops it.
    now += GA4_RETRY_WINDOW_MS - 60_000;
    await send(worker(ga4, () => now));
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'dropped', attempts: 2, lastError: 'ECONNREFUSED' })]);

    // Waiting (its connection off) past the window: dropped without a send.
    await server.db.delete(ga4Events);
    await completedCall(account.id, widget);
    await server.db.update(ga4Settings).set({ isActive: false }).where(eq(ga4Settings.userId, account.id));
    const sends = ga4.hits.length;
    now = Date.now() + GA4_RETRY_WINDOW_MS + 1000;
    await send(worker(ga4, () => now));
    expect(ga4.hits).toHaveLength(sends);
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'dropped', attempts: 0, lastError: 'not sent within 24 hours' })]);

    // An outcome recorded 80 hours ago (a call inserted with it): GA4 would discard it.
    await server.db.update(ga4Settings).set({ isActive: true }).where(eq(ga4Settings.userId, account.id));
    const old = await completedCall(account.id, widget, { outcomeRecordedAt: new Date(Date.now() - 80 * 3_600_000) });
    expect(await send(worker(ga4, () => Date.now() + 1))).toBe(0);
    expect(ga4.hits).toHaveLength(sends);
    const [tooOld] = await server.db.select().from(ga4Events).where(eq(ga4Events.callId, old.id));
    expect(tooOld).toMatchObject({ status: 'dropped', lastError: expect.stringMatching(/72 hours/) });
  });

  it('a connection turned off keeps its events waiting; on again, they go', async () => {
    const { account, property, widget } = await connectedClient();
    await completedCall(account.id, widget);
    await saveGa4Settings(server.db, account.id, { measurementId: property.measurementId, isActive: false }, new Date());
    const ga4 = new ScriptedGa4();
    expect(await send(worker(ga4, () => Date.now() + 1))).toBe(0);
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    const moved = propertyOf(account.id, 2).measurementId;
    await saveGa4Settings(server.db, account.id, { measurementId: moved, isActive: true }, new Date());
    expect(await send(worker(ga4, () => Date.now() + 1))).toBe(1);
    // Sent where the connection points when it is sent.
    expect(ga4.hits.map((hit) => hit.measurementId)).toEqual([moved]);
  });

  it("turned off, its events are due only when their window ends (the claim steps over none); on again, due at once by the caller's clock", async () => {
    const { account, property, widget } = await connectedClient();
    for (let i = 0; i < 3; i++) await completedCall(account.id, widget);
    const [sent] = await eventsOf(account.id);
    await server.db.update(ga4Events).set({ status: 'sent' }).where(eq(ga4Events.id, sent!.id));
    const offAt = new Date(Date.now() + 5_000);
    await saveGa4Settings(server.db, account.id, { measurementId: property.measurementId, isActive: false }, offAt);
    const paused = await eventsOf(account.id);
    expect(paused[0]!.dueAt).toEqual(sent!.dueAt);
    for (const event of paused.slice(1)) expect(event.dueAt.getTime()).toBe(event.createdAt.getTime() + GA4_RETRY_WINDOW_MS);
    expect((await settingsOf(account.id)).updatedAt).toEqual(offAt);
    // Saved again, still off: they stay as they are.
    await saveGa4Settings(server.db, account.id, { measurementId: property.measurementId, isActive: false }, new Date(offAt.getTime() + 1_000));
    expect((await eventsOf(account.id)).map((event) => event.dueAt)).toEqual(paused.map((event) => event.dueAt));
    const ga4 = new ScriptedGa4();
    expect(await send(worker(ga4, () => offAt.getTime() + 60_000))).toBe(0);

    const onAt = new Date(offAt.getTime() + 600_000);
    await saveGa4Settings(server.db, account.id, { measurementId: property.measurementId, isActive: true }, onAt);
    const resumed = await eventsOf(account.id);
    expect(resumed[0]!.dueAt).toEqual(sent!.dueAt);
    expect(resumed.slice(1).map((event) => event.dueAt)).toEqual([onAt, onAt]);
    expect((await settingsOf(account.id)).updatedAt).toEqual(onAt);
    expect(await send(worker(ga4, () => onAt.getTime()))).toBe(2);
  });

  it('an event of a connection removed while it was sent is not written back; the connection stays removed', async () => {
    const { account, widget } = await connectedClient();
    await completedCall(account.id, widget);
    const ga4 = new ScriptedGa4();
    let release = () => {};
    ga4.answer = () => new Promise((resolve) => (release = () => resolve({ ok: true, status: 204 })));
    const running = worker(ga4, () => Date.now() + 1);
    expect(await running.runOnce()).toBe(1);
    await expect.poll(() => ga4.hits.length).toBe(1);
    await deleteGa4Settings(server.db, account.id);
    release();
    expect(await running.settle()).toBe(1);
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'dropped' })]);
    expect(await server.db.select().from(ga4Settings).where(eq(ga4Settings.userId, account.id))).toEqual([]);
  });

  it('a claim whose event was dropped since (its connection removed, then another saved) sends nothing to the new property', async () => {
    const { account, widget } = await connectedClient();
    await completedCall(account.id, widget);
    const ga4 = new ScriptedGa4();
    ga4.answer = async () => ({ ok: false, reason: 'http_error', status: 503, error: 'GA4 answered 503' });
    const now = Date.now() + 1;
    const slow = new SlowWorker({ db: server.db, ga4, log: quiet, now: () => now });
    await send(slow);
    const [claimed] = await eventsOf(account.id);
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
    await deleteGa4Settings(server.db, account.id);
    await saveGa4Settings(server.db, account.id, { ...propertyOf(account.id, 2), isActive: true }, new Date(now));
    ga4.answer = async () => ({ ok: true, status: 204 });
    expect(await slow.sendClaimed({ id: claimed!.id, attempts: 1, createdAt: claimed!.createdAt })).toBe(false);
    expect(ga4.hits.map((hit) => hit.measurementId)).toEqual([propertyOf(account.id).measurementId]);
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'dropped', attempts: 1 })]);
  });

  it("an event whose lease ran out is another instance's: the first one's stale claim sends nothing, and its late result is not written", async () => {
    const { account, widget } = await connectedClient();
    await completedCall(account.id, widget);
    let now = Date.now() + 1;
    const clock = () => now;
    const ga4 = new ScriptedGa4();
    let answerFirst: (result: Ga4SendResult) => void = () => {};
    ga4.answer = () => new Promise((resolve) => (answerFirst = resolve));
    const first = new SlowWorker({ db: server.db, ga4, log: quiet, now: clock });
    expect(await first.runOnce()).toBe(1);
    await expect.poll(() => ga4.hits.length).toBe(1);
    const [claimed] = await eventsOf(account.id);
    const second = worker(ga4, clock);
    // Not while the first one's lease runs.
    expect(await second.runOnce()).toBe(0);
    now += GA4_LEASE_MS;
    ga4.answer = async () => ({ ok: true, status: 204 });
    expect(await send(second)).toBe(1);
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
    // The first instance, had it read the event only now, finds it is not its own to send.
    expect(await first.sendClaimed({ id: claimed!.id, attempts: claimed!.attempts, createdAt: claimed!.createdAt })).toBe(false);
    expect(ga4.hits).toHaveLength(2);
    // Its hit in flight fails late: neither the event nor the connection hear of it.
    answerFirst({ ok: false, reason: 'http_error', status: 500, error: 'GA4 answered 500' });
    expect(await first.settle()).toBe(0);
    expect(await eventsOf(account.id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, responseCode: 204, lastError: null, leasedUntil: null })]);
    expect(await settingsOf(account.id)).toMatchObject({ lastFailureAt: null, lastFailureReason: null, lastFailureCode: null });
  });

  it('refuses an adapter whose timeout is not well within the lease', () => {
    const slow = Object.assign(new ScriptedGa4(), { timeoutMs: GA4_LEASE_MS / 2 + 1 });
    expect(() => worker(slow)).toThrow(/well within its lease/);
    expect(() => worker(Object.assign(new ScriptedGa4(), { timeoutMs: GA4_LEASE_MS / 2 }))).not.toThrow();
  });

  it("two instances polling at once send each event once, sharing them, each to its owner's property", async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => connectedClient()));
    const callIds: number[] = [];
    for (const { account, widget } of clients) {
      for (let i = 0; i < 3; i++) {
        // The visitor's client id names the call here (completedCall's default): which hit is which call's.
        const call = await completedCall(account.id, widget);
        callIds.push(call.id);
      }
    }
    const ga4 = new ScriptedGa4();
    // Slow enough that both polls claim while the other's sends are in flight.
    ga4.answer = () => new Promise((resolve) => setImmediate(() => resolve({ ok: true, status: 204 })));
    const now = () => Date.now() + 1;
    const [first, second] = [worker(ga4, now), worker(ga4, now)];
    const [claimedFirst, claimedSecond] = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(claimedFirst + claimedSecond).toBe(Math.min(12, 2 * GA4_SENDS_AT_ONCE));
    await Promise.all([first.settle(), second.settle()]);
    while ((await send(first)) + (await send(second)) > 0);
    const sent = ga4.hits.map((hit) => Number(hit.body.client_id.split('.')[0]));
    expect(sent.sort((a, b) => a - b)).toEqual([...callIds].sort((a, b) => a - b));
    expect(await server.db.select({ status: ga4Events.status }).from(ga4Events).where(inArray(ga4Events.callId, callIds))).toEqual(callIds.map(() => ({ status: 'sent' })));
    // Four properties, three hits each (and each hit its owner's: misdirected, checked after each test).
    const hitsOf = new Map<string, number>();
    for (const hit of ga4.hits) hitsOf.set(hit.measurementId, (hitsOf.get(hit.measurementId) ?? 0) + 1);
    expect(Object.fromEntries(hitsOf)).toEqual(Object.fromEntries(clients.map(({ property }) => [property.measurementId, 3])));
  });

  it(`sends at most ${GA4_SENDS_AT_ONCE} at once per instance; a started worker takes the next as soon as one ends`, async () => {
    const { account, widget } = await connectedClient();
    for (let i = 0; i < GA4_SENDS_AT_ONCE + 2; i++) await completedCall(account.id, widget);
    const ga4 = new ScriptedGa4();
    const pending: (() => void)[] = [];
    ga4.answer = () => new Promise((resolve) => pending.push(() => resolve({ ok: true, status: 204 })));
    const polled = worker(ga4, () => Date.now() + 1);
    expect(await polled.runOnce()).toBe(GA4_SENDS_AT_ONCE);
    expect(await polled.runOnce()).toBe(0);
    await expect.poll(() => pending.length).toBe(GA4_SENDS_AT_ONCE);
    for (const release of pending.splice(0)) release();
    expect(await polled.settle()).toBe(GA4_SENDS_AT_ONCE);

    // Started, as the app runs it: a send that ends frees its slot for the next at once, not at the next poll.
    for (let i = 0; i < GA4_SENDS_AT_ONCE + 2; i++) await completedCall(account.id, widget);
    const running = worker(ga4, () => Date.now() + 1);
    running.start();
    try {
      await expect.poll(() => pending.length).toBe(GA4_SENDS_AT_ONCE);
      pending.shift()!();
      await expect.poll(() => ga4.hits.length).toBe(2 * GA4_SENDS_AT_ONCE + 1);
      ga4.answer = async () => ({ ok: true, status: 204 });
      for (const release of pending.splice(0)) release();
      await expect.poll(async () => (await eventsOf(account.id)).filter((event) => event.status === 'sent').length).toBe(2 * (GA4_SENDS_AT_ONCE + 2));
    } finally {
      await running.stop();
    }
  });
});

describe("housekeeping, by the worker's clock", () => {
  it('deletes sent and dropped events past their keep time, then again only an hour later; a pending one stays', async () => {
    const { account, widget } = await connectedClient();
    for (let i = 0; i < 4; i++) await completedCall(account.id, widget);
    const [sent, dropped, inFlight, recent] = await eventsOf(account.id);
    let now = Date.now() + 1;
    const old = new Date(now - GA4_EVENTS_KEPT_MS - 60_000);
    await server.db.update(ga4Events).set({ status: 'sent', createdAt: old }).where(eq(ga4Events.id, sent!.id));
    await server.db.update(ga4Events).set({ status: 'dropped', createdAt: old }).where(eq(ga4Events.id, dropped!.id));
    // Pending (being sent by another instance, whose lease outlasts this test) and as old.
    await server.db.update(ga4Events).set({ createdAt: old, leasedUntil: new Date(now + 3 * 3_600_000) }).where(eq(ga4Events.id, inFlight!.id));
    await server.db.update(ga4Events).set({ status: 'sent' }).where(eq(ga4Events.id, recent!.id));
    const janitor = worker(new ScriptedGa4(), () => now);
    expect(await send(janitor)).toBe(0);
    expect((await eventsOf(account.id)).map((event) => event.id)).toEqual([inFlight!.id, recent!.id]);

    // Past its keep time too, now: the next cleanup is an hour on, however many polls come between.
    await server.db.update(ga4Events).set({ createdAt: old }).where(eq(ga4Events.id, recent!.id));
    now += OUTBOX_CLEANUP_EVERY_MS - 1_000;
    await send(janitor);
    await send(janitor);
    expect((await eventsOf(account.id)).map((event) => event.id)).toEqual([inFlight!.id, recent!.id]);
    now += 1_000;
    await send(janitor);
    expect((await eventsOf(account.id)).map((event) => event.id)).toEqual([inFlight!.id]);
  });

  it('drops events past their window once a minute, not at every poll', async () => {
    const { account, widget } = await connectedClient();
    await completedCall(account.id, widget);
    await completedCall(account.id, widget);
    // Its connection off (set directly: its events stay due), so only the expiry drops them.
    await server.db.update(ga4Settings).set({ isActive: false }).where(eq(ga4Settings.userId, account.id));
    const [first, second] = await eventsOf(account.id);
    let now = Date.now() + 1;
    await server.db.update(ga4Events).set({ createdAt: new Date(now - GA4_RETRY_WINDOW_MS - 1_000) }).where(eq(ga4Events.id, first!.id));
    const running = worker(new ScriptedGa4(), () => now);
    await send(running);
    expect((await eventsOf(account.id)).map((event) => event.status)).toEqual(['dropped', 'pending']);
    await server.db.update(ga4Events).set({ createdAt: new Date(now - GA4_RETRY_WINDOW_MS - 1_000) }).where(eq(ga4Events.id, second!.id));
    now += OUTBOX_EXPIRY_EVERY_MS - 1_000;
    await send(running);
    expect((await eventsOf(account.id)).map((event) => event.status)).toEqual(['dropped', 'pending']);
    now += 1_000;
    await send(running);
    expect((await eventsOf(account.id)).map((event) => event.status)).toEqual(['dropped', 'dropped']);
  });
});
