import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, scheduledCalls, twilioCallLegs } from '../db/schema/calls.ts';
import { blockVisitor } from '../domain/blockList/blockList.ts';
import { accountWithWidget, balanceOf, fastDeps } from '../test/callTestKit.ts';
import { placeCall } from '../domain/callEngine/callPlacement.ts';
import { requestScheduledCall } from '../domain/callEngine/callRequests.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { ScheduledCallsWorker } from './scheduledCallsWorker.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Due callbacks inserted straight away (scheduled a minute ago). */
async function dueCallbacks(setup: Awaited<ReturnType<typeof accountWithWidget>>, count: number, at = new Date(Date.now() - 60_000)) {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: setup.userId,
    websiteId: setup.websiteId,
    widgetId: setup.widgetId,
    customerNumber: '+15005550004',
    scheduledAt: new Date(at.getTime() + i),
    customFields: { customField1: `request ${i}` },
  }));
  return (await server.db.insert(scheduledCalls).values(rows).returning({ id: scheduledCalls.id })).map((row) => row.id);
}

async function callbacks(ids: number[]) {
  return server.db.select().from(scheduledCalls).where(inArray(scheduledCalls.id, ids));
}

async function callsFor(ids: number[]) {
  return server.db.select().from(calls).where(inArray(calls.scheduledCallId, ids));
}

describe('the scheduled-calls worker', () => {
  it('places a callback at its time through the Call now path, and not before', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const { scheduledCallId } = await requestScheduledCall(server.db, deps, {
      ...setup.request('+15005550004'),
      scheduledAt: new Date(Date.now() + 1_500),
      customFields: { customField1: 'Roof repair' },
    });
    const worker = new ScheduledCallsWorker({ db: server.db, deps, pollIntervalMs: 100 });
    expect(await worker.runOnce()).toBe(0);
    worker.start();
    await expect.poll(async () => (await callbacks([scheduledCallId]))[0]!.status, { timeout: 5_000, interval: 100 }).toBe('completed');
    await worker.stop();

    const [call] = await callsFor([scheduledCallId]);
    expect(call).toMatchObject({ type: 'scheduled', status: 'successful', creditsCharged: 1, customerNumber: '+15005550004', customFields: { customField1: 'Roof repair' } });
    expect(call!.createdAt.getTime()).toBeGreaterThanOrEqual((await callbacks([scheduledCallId]))[0]!.scheduledAt.getTime());
    expect(await server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, call!.id))).toHaveLength(2);
    expect(await balanceOf(server.db, setup.userId)).toBe(19);
  });

  it('marks a callback failed when every try failed, and fails it without ringing when credits ran out', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db, { numberOfTries: 2 });
    const [busy] = await dueCallbacks(setup, 1);
    await server.db.update(scheduledCalls).set({ customerNumber: '+15005550001' }).where(eq(scheduledCalls.id, busy!));
    const worker = new ScheduledCallsWorker({ db: server.db, deps });
    await worker.runOnce();
    expect((await callbacks([busy!]))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await callsFor([busy!])).toMatchObject([{ status: 'busy', creditsCharged: 0 }]);

    const broke = await accountWithWidget(server.db);
    await server.db.execute(`update credits set credits = 0 where user_id = ${broke.userId}`);
    const [unpaid] = await dueCallbacks(broke, 1);
    await worker.runOnce();
    expect((await callbacks([unpaid!]))[0]!.status).toBe('failed');
    expect(await callsFor([unpaid!])).toEqual([]);
  });

  it('cancels a callback whose widget was switched off', async () => {
    const setup = await accountWithWidget(server.db, { isActive: false });
    const [id] = await dueCallbacks(setup, 1);
    await new ScheduledCallsWorker({ db: server.db, deps: fastDeps() }).runOnce();
    expect((await callbacks([id!]))[0]!.status).toBe('canceled');
    expect(await callsFor([id!])).toEqual([]);
  });

  it('cancels a callback from a number the client blocked after it was scheduled', async () => {
    const setup = await accountWithWidget(server.db);
    const [id] = await dueCallbacks(setup, 1);
    await blockVisitor(server.db, setup.userId, 'number', '15005550004');
    await new ScheduledCallsWorker({ db: server.db, deps: fastDeps() }).runOnce();
    expect((await callbacks([id!]))[0]!.status).toBe('canceled');
    expect(await callsFor([id!])).toEqual([]);
    expect(await balanceOf(server.db, setup.userId)).toBe(20);
  });

  it('after a crash: takes over a stale claim and places it once; a live claim is left alone', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const [stale, live] = await dueCallbacks(setup, 2);
    // An instance claimed both, then died: one claim is old, the other was renewed a moment ago.
    await server.db.update(scheduledCalls).set({ status: 'in-progress', claimedAt: new Date(Date.now() - 120_000), attempts: 1 }).where(eq(scheduledCalls.id, stale!));
    await server.db.update(scheduledCalls).set({ status: 'in-progress', claimedAt: new Date(), attempts: 1 }).where(eq(scheduledCalls.id, live!));
    const restarted = new ScheduledCallsWorker({ db: server.db, deps: fastDeps(), leaseMs: 60_000 });
    expect(await restarted.runOnce()).toBe(1);
    expect((await callbacks([stale!]))[0]).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await callsFor([stale!])).toHaveLength(1);
    expect((await callbacks([live!]))[0]!.status).toBe('in-progress');
    expect(await callsFor([live!])).toEqual([]);
  });

  it('gives a callback up after it was claimed five times without ringing', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const [id] = await dueCallbacks(setup, 1);
    await server.db.update(scheduledCalls).set({ status: 'in-progress', claimedAt: new Date(Date.now() - 120_000), attempts: 5 }).where(eq(scheduledCalls.id, id!));
    await new ScheduledCallsWorker({ db: server.db, deps: fastDeps(), leaseMs: 60_000 }).runOnce();
    expect((await callbacks([id!]))[0]).toMatchObject({ status: 'failed', attempts: 6 });
    expect(await callsFor([id!])).toEqual([]);
  });

  it('after a crash mid-call: finishes the callback with the call already made, never ringing again', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const [id] = await dueCallbacks(setup, 1);
    const deps = fastDeps();
    // The first instance claims and places the call, then "dies" before marking the callback done.
    const first = new ScheduledCallsWorker({ db: server.db, deps, leaseMs: 60_000 });
    await first.runOnce();
    await server.db.update(scheduledCalls).set({ status: 'in-progress', claimedAt: new Date(Date.now() - 120_000) }).where(eq(scheduledCalls.id, id!));
    const legsBefore = await server.db.select().from(twilioCallLegs);

    let dials = 0;
    const second = new ScheduledCallsWorker({ db: server.db, deps: fastDeps({ script: () => (dials++, 'successful') }), leaseMs: 60_000 });
    expect(await second.runOnce()).toBe(1);
    expect(dials).toBe(0);
    expect(await callsFor([id!])).toHaveLength(1);
    expect(await server.db.select().from(twilioCallLegs)).toHaveLength(legsBefore.length);
    expect((await callbacks([id!]))[0]!.status).toBe('completed');
    expect(await balanceOf(server.db, setup.userId)).toBe(19);
  });

  it('after a crash mid-ring: records the outcome the call was left with (what call.completed and the GA4 event are written on), once', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const [id] = await dueCallbacks(setup, 1);
    const first = new ScheduledCallsWorker({ db: server.db, deps: fastDeps(), leaseMs: 60_000 });
    await first.runOnce();
    // As if the instance had died while the agent's phone rang: the call row, no outcome recorded.
    const [placed] = await callsFor([id!]);
    await server.db.update(calls).set({ status: 'no-answer', creditsCharged: 0, outcomeRecordedAt: null }).where(eq(calls.id, placed!.id));
    await server.db.update(scheduledCalls).set({ status: 'in-progress', claimedAt: new Date(Date.now() - 120_000) }).where(eq(scheduledCalls.id, id!));

    const second = new ScheduledCallsWorker({ db: server.db, deps: fastDeps(), leaseMs: 60_000 });
    expect(await second.runOnce()).toBe(1);
    const [recorded] = await callsFor([id!]);
    expect(recorded!.outcomeRecordedAt).not.toBeNull();
    expect(recorded!.status).toBe('no-answer');
    expect((await callbacks([id!]))[0]!.status).toBe('failed');
    // The instance thought dead, only slow, connects the call after all: the recorded outcome stands (callPlacement.ts).
    const late = await placeCall(server.db, fastDeps({ script: () => 'successful' }), recorded!.id);
    expect(late.status).toBe('no-answer');
    const [after] = await callsFor([id!]);
    expect(after).toMatchObject({ status: 'no-answer', creditsCharged: 0, outcomeRecordedAt: recorded!.outcomeRecordedAt });
  });

  it('renews its lease while a callback rings longer than the lease', async () => {
    // Earlier tests' live claims would be stale under this short lease: set them aside.
    await server.db.update(scheduledCalls).set({ status: 'canceled' }).where(inArray(scheduledCalls.status, ['pending', 'in-progress']));
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const [id] = await dueCallbacks(setup, 1);
    // 200× real time: the call lasts well over the 150 ms lease.
    const slow = fastDeps({ speed: 200, script: () => 'successful' });
    const worker = new ScheduledCallsWorker({ db: server.db, deps: slow, leaseMs: 150 });
    await worker.poll();
    const other = new ScheduledCallsWorker({ db: server.db, deps: fastDeps(), leaseMs: 150 });
    for (let i = 0; i < 5; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await other.runOnce()).toBe(0);
    }
    await worker.settle();
    expect(await callsFor([id!])).toHaveLength(1);
    expect((await callbacks([id!]))[0]!.status).toBe('completed');
  });

  it.skipIf(!onPostgres)('two workers on PostgreSQL place 40 due callbacks exactly once each', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    await server.db.execute(`update credits set credits = 1000 where user_id = ${setup.userId}`);
    const ids = await dueCallbacks(setup, 40);
    const workers = [0, 1].map(() => new ScheduledCallsWorker({ db: server.db, deps: fastDeps(), maxConcurrent: 8 }));
    const started = await Promise.all(workers.map(async (worker) => {
      let total = 0;
      for (let round = 0; round < 20; round += 1) total += await worker.runOnce();
      return total;
    }));
    expect(started[0]! + started[1]!).toBe(40);
    expect(started[0]).toBeGreaterThan(0);
    expect(started[1]).toBeGreaterThan(0);
    const placed = await callsFor(ids);
    expect(placed).toHaveLength(40);
    expect(new Set(placed.map((call) => call.scheduledCallId)).size).toBe(40);
    expect((await callbacks(ids)).every((row) => row.status === 'completed')).toBe(true);
    expect(await balanceOf(server.db, setup.userId)).toBe(960);
  });
});
