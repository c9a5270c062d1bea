import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RingOutcome, RingRequest, Telephony } from '../../adapters/telephony/telephony.ts';
import type { Database } from '../../db/client.ts';
import { calls, scheduledCalls, twilioCallLegs } from '../../db/schema/calls.ts';
import { type Instance, startInstance } from '../../test/instance.ts';
import { pgliteTemplate } from '../../test/pgliteTemplate.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { ScheduledCallsWorker } from '../../workers/scheduledCallsWorker.ts';
import { createCallRequestDeps } from './callRequestDeps.ts';
import { requestInstantCall, requestScheduledCall } from './callRequests.ts';
import { accountWithWidget, balanceOf, FAST, fastDeps, quietLog } from '../../test/callTestKit.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A telephony whose dials ring until `release()`; then each ends as the provider failing. */
function hangingTelephony() {
  const dialing: RingRequest[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const telephony: Telephony = {
    description: 'hanging test telephony',
    isLocal: true,
    // Pauses between tries pass at once.
    timeScale: FAST,
    async ringAgents(request): Promise<RingOutcome> {
      dialing.push(request);
      await released;
      throw new Error('the line went dead');
    },
    bridge: () => Promise.reject(new Error('nobody accepted')),
    holdVisitor: () => Promise.reject(new Error('no waiting audio here')),
    release: async () => undefined,
  };
  return { telephony, dialing, release };
}

async function callsTo(db: Database, userId: number, customerNumber: string) {
  return db.select().from(calls).where(and(eq(calls.userId, userId), eq(calls.customerNumber, customerNumber)));
}

describe('Call now calls whose placing instance stopped (same database)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('leaves a live placement alone and takes a stale one over once, after the attempts already made', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 3 });
    // A placement ringing now on another instance: its claim is fresh.
    const live = hangingTelephony();
    const liveDeps = createCallRequestDeps({ telephony: live.telephony, log: quietLog });
    const { callId: liveCall } = await requestInstantCall(server.db, liveDeps, setup.request('+12125550160'));
    await expect.poll(() => live.dialing.length).toBe(1);

    // A placement whose instance died after its first attempt: legs of attempt 1, a claim 2 minutes old.
    const [stale] = await server.db
      .insert(calls)
      .values({
        userId: setup.userId,
        convertId: 'CL-STALE00001',
        websiteId: setup.websiteId,
        widgetId: setup.widgetId,
        widgetName: 'Floating icon',
        widgetTypeId: 3,
        type: 'instant',
        status: 'no-answer',
        customerNumber: '+15005550004',
        calledFrom: '+12125550100',
        placementClaimedAt: new Date(Date.now() - 120_000),
      })
      .returning();
    await server.db.insert(twilioCallLegs).values({ callId: stale!.id, target: 'agent', status: 'no-answer', metadata: { to: '+14155550123', attempt: 1 } });

    const attempts: number[] = [];
    const worker = new ScheduledCallsWorker({ db: server.db, deps: fastDeps({ script: (request) => (attempts.push(request.attempt), undefined) }), leaseMs: 60_000 });
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(attempts).toEqual([2]);
    const [placed] = await server.db.select().from(calls).where(eq(calls.id, stale!.id));
    expect(placed).toMatchObject({ status: 'successful', creditsCharged: 1, placementClaimedAt: null });
    expect(await server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, stale!.id))).toHaveLength(3);
    expect(await balanceOf(server.db, setup.userId)).toBe(19);

    const [ringing] = await server.db.select().from(calls).where(eq(calls.id, liveCall));
    expect(ringing!.placementClaimedAt).not.toBeNull();
    live.release();
    await liveDeps.placements.settle();
    const [ended] = await server.db.select().from(calls).where(eq(calls.id, liveCall));
    expect(ended).toMatchObject({ status: 'missed', placementClaimedAt: null });
  });
});

describe.skipIf(onPostgres)('a server restart on the same PGlite data directory', () => {
  const dirs: string[] = [];
  const running: Instance[] = [];
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'restart-'));
    dirs.push(dir);
    return dir;
  };
  const start = async (options: Parameters<typeof startInstance>[0]) => {
    const instance = await startInstance({ env: { CALL_SIMULATOR_SPEED: String(FAST) }, pollIntervalMs: 100, log: quietLog, ...options });
    running.push(instance);
    return instance;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('places a callback that fell due while the server was down at its time, exactly once', async () => {
    const dataDir = newDir();
    const first = await start({ dataDir, pgliteDump: await pgliteTemplate() });
    const setup = await accountWithWidget(first.db, { numberOfTries: 1 });
    const scheduledAt = new Date(Date.now() + 2_000);
    const { scheduledCallId } = await requestScheduledCall(first.db, fastDeps(), { ...setup.request('+15005550004'), scheduledAt, customFields: { customField1: 'After the restart' } });
    await first.close();
    expect(Date.now()).toBeLessThan(scheduledAt.getTime());

    const second = await start({ dataDir });
    await expect.poll(async () => (await second.db.select().from(scheduledCalls).where(eq(scheduledCalls.id, scheduledCallId)))[0]!.status, { timeout: 30_000, interval: 100 }).toBe('completed');
    expect(await second.worker.runOnce()).toBe(0);
    const placed = await second.db.select().from(calls).where(eq(calls.scheduledCallId, scheduledCallId));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ type: 'scheduled', status: 'successful', creditsCharged: 1, customFields: { customField1: 'After the restart' } });
    expect(placed[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(scheduledAt.getTime());
    expect(await balanceOf(second.db, setup.userId)).toBe(19);
    await second.close();
  });

  it('finishes a Call now call that was ringing when the server died, once', async () => {
    const dataDir = newDir();
    const hanging = hangingTelephony();
    const first = await start({ dataDir, pgliteDump: await pgliteTemplate(), telephony: () => hanging.telephony });
    const setup = await accountWithWidget(first.db, { numberOfTries: 1 });
    const response = await first.app.inject({
      method: 'POST',
      url: '/widget-api/calls',
      payload: { key: setup.publicKey, widgetId: setup.widgetId, phone: '+15005550004', url: 'https://shop.example/pricing' },
    });
    expect(response.statusCode, response.body).toBe(202);
    await expect.poll(() => hanging.dialing.length).toBe(1);
    // Killed mid-ring: nothing of the first instance reaches the database any more.
    await first.crash();
    hanging.release();

    const second = await start({ dataDir, leaseMs: 2_000 });
    await expect.poll(async () => (await callsTo(second.db, setup.userId, '+15005550004'))[0]?.placementClaimedAt, { timeout: 30_000, interval: 100 }).toBeNull();
    const placed = await callsTo(second.db, setup.userId, '+15005550004');
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ type: 'instant', status: 'successful', creditsCharged: 1 });
    expect(await second.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, placed[0]!.id))).toHaveLength(2);
    expect(await second.worker.runOnce()).toBe(0);
    expect(await balanceOf(second.db, setup.userId)).toBe(19);
    await second.close();
  });
});
