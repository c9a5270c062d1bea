import type { RingRequest } from '../../adapters/telephony/telephony.ts';
import { and, asc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallSimulator } from '../../adapters/telephony/callSimulator.ts';
import { creditLedger, credits } from '../../db/schema/billing.ts';
import { callRecordings, calls, scheduledCalls, twilioCallLegs } from '../../db/schema/calls.ts';
import { clientNotifications } from '../../db/schema/notifications.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { openDatabase } from '../../db/client.ts';
import { changeCredits } from '../credits/ledger.ts';
import { findCallRecording } from '../callHistory/callRecording.ts';
import { type CallRefusal, CallRequestError, requestInstantCall, requestScheduledCall } from './callRequests.ts';
import { CREDITS_PER_CONNECTED_CALL } from './callCredits.ts';
import { loadCallContext } from './callContext.ts';
import { saveCallLimits } from '../limits/callVelocity.ts';
import { blockVisitor } from '../blockList/blockList.ts';
import { widgetRateCounters } from '../../db/schema/widgetApi.ts';
import { accountWithWidget, balanceOf, FAST, fastDeps, fixedClock, NEVER } from '../../test/callTestKit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function callRow(callId: number) {
  const [row] = await server.db.select().from(calls).where(eq(calls.id, callId));
  return row!;
}

async function legsOf(callId: number) {
  return server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, callId)).orderBy(asc(twilioCallLegs.id));
}

async function expectRefusal(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CallRequestError);
  expect((error as CallRequestError).code).toBe(code);
}

describe('Call now', () => {
  it('records the call at once, rings the single number, and a connected call gets a recording and costs one credit', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db);
    const { callId, convertId, duplicate } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    expect(duplicate).toBe(false);
    expect(convertId).toMatch(/^CL-[A-Z0-9]{10}$/);
    await deps.placements.settle();

    const call = await callRow(callId);
    expect(call).toMatchObject({ status: 'successful', type: 'instant', agentNumber: '+14155550123', creditsCharged: 1, customerNumber: '+15005550004' });
    expect(call.duration).toBeGreaterThanOrEqual(15);
    expect(call.url).toMatch(/\/pricing$/);
    const legs = await legsOf(callId);
    expect(legs.map((leg) => [leg.target, leg.status, leg.metadata.to])).toEqual([
      ['agent', 'completed', '+14155550123'],
      ['customer', 'completed', '+15005550004'],
    ]);
    expect(legs[1]!.startedAt!.getTime()).toBeGreaterThanOrEqual(legs[0]!.startedAt!.getTime());
    const recording = await findCallRecording(server.db, setup.userId, callId);
    expect(recording.audio.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(await balanceOf(server.db, setup.userId)).toBe(19);
    const ledger = await server.db.select().from(creditLedger).where(and(eq(creditLedger.userId, setup.userId), eq(creditLedger.callId, callId)));
    expect(ledger).toMatchObject([{ delta: -1, reason: 'call', balanceAfter: 19 }]);
  });

  it('retries numberOfTries times, minutesBetweenTries apart, until the visitor answers', async () => {
    const pauses: number[] = [];
    const outcomes = ['busy', 'no-answer', 'successful'] as const;
    const deps = fastDeps({ script: (request: RingRequest) => outcomes[request.attempt - 1] });
    const sleep = deps.clock.sleep;
    deps.clock = { now: deps.clock.now, sleep: (ms) => (pauses.push(ms), sleep(ms)) };
    const setup = await accountWithWidget(server.db, { numberOfTries: 3, minutesBetweenTries: 2 });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550199'));
    await deps.placements.settle();

    expect(pauses).toEqual([(2 * 60_000) / FAST, (2 * 60_000) / FAST]);
    const legs = await legsOf(callId);
    expect(legs.map((leg) => [leg.metadata.attempt, leg.target, leg.status])).toEqual([
      [1, 'agent', 'completed'],
      [1, 'customer', 'busy'],
      [2, 'agent', 'completed'],
      [2, 'customer', 'no-answer'],
      [3, 'agent', 'completed'],
      [3, 'customer', 'completed'],
    ]);
    expect(await callRow(callId)).toMatchObject({ status: 'successful', creditsCharged: 1 });
  });

  it('ends with the last outcome after every try failed, charging nothing and keeping no recording', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db, { numberOfTries: 2 });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550001'));
    await deps.placements.settle();
    expect(await callRow(callId)).toMatchObject({ status: 'busy', duration: 0, creditsCharged: 0 });
    expect((await legsOf(callId)).filter((leg) => leg.target === 'customer').map((leg) => leg.status)).toEqual(['busy', 'busy']);
    expect(await server.db.select().from(callRecordings).where(eq(callRecordings.callId, callId))).toEqual([]);
    expect(await balanceOf(server.db, setup.userId)).toBe(20);
  });

  it('rings agents one by one in the widget order, skipping unavailable and inactive agents; missed when nobody picks up', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db, {
      useAgents: true,
      callingRuleId: 2,
      numberOfTries: 1,
      agents: [{ phone: '+12025550101' }, { phone: '+12025550102', availability: NEVER }, { phone: '+12025550103', isActive: false }, { phone: '+12025550104' }],
    });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550003'));
    await deps.placements.settle();
    expect((await legsOf(callId)).map((leg) => [leg.target, leg.agentId, leg.status])).toEqual([
      ['agent', setup.agentIds[0], 'no-answer'],
      ['agent', setup.agentIds[3], 'no-answer'],
    ]);
    expect(await callRow(callId)).toMatchObject({ status: 'missed', agentId: null, creditsCharged: 0 });
  });

  it('rings all agents at once: the one who picks up takes the call, the others are canceled', async () => {
    // Fixed ring times: with random ones the other agent's phone could ring out just before the first one accepted.
    const deps = fastDeps({ random: () => 0.1 });
    const setup = await accountWithWidget(server.db, { useAgents: true, callingRuleId: 1, agents: [{ phone: '+12025550111' }, { phone: '+12025550112' }] });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    const agentLegs = (await legsOf(callId)).filter((leg) => leg.target === 'agent');
    expect(agentLegs.map((leg) => leg.status).sort()).toEqual(['canceled', 'completed']);
    const answered = agentLegs.find((leg) => leg.status === 'completed')!;
    expect(await callRow(callId)).toMatchObject({ status: 'successful', agentId: answered.agentId });
  });

  it('is missed without ringing anyone when no agent is available', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db, { useAgents: true, callingRuleId: 3, numberOfTries: 2, agents: [{ phone: '+12025550121', availability: NEVER }] });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    expect(await legsOf(callId)).toEqual([]);
    expect(await callRow(callId)).toMatchObject({ status: 'missed', creditsCharged: 0 });
  });

  it('answers a repeated request for the same number with the first call, ringing once', async () => {
    let dials = 0;
    const deps = fastDeps({ script: () => (dials++, 'successful') });
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const [first, second, third] = await Promise.all([
      requestInstantCall(server.db, deps, setup.request('+12125550177')),
      requestInstantCall(server.db, deps, setup.request('+1 (212) 555-0177')),
      requestInstantCall(server.db, deps, setup.request('+12125550177')),
    ]);
    expect(new Set([first.callId, second.callId, third.callId]).size).toBe(1);
    expect([first, second, third].filter((answer) => !answer.duplicate)).toHaveLength(1);
    await deps.placements.settle();
    expect(dials).toBe(1);
    expect(await server.db.select({ id: calls.id }).from(calls).where(eq(calls.userId, setup.userId))).toHaveLength(1);
    expect(await balanceOf(server.db, setup.userId)).toBe(19);
  });

  it('places a new call for the same number once the duplicate window has passed', async () => {
    const clock = fixedClock(new Date());
    const deps = fastDeps({ clock, duplicateWindowSeconds: 60 });
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const first = await requestInstantCall(server.db, deps, setup.request('+12125550178'));
    clock.at = new Date(clock.at.getTime() + 61_000);
    const second = await requestInstantCall(server.db, deps, setup.request('+12125550178'));
    expect(second.callId).not.toBe(first.callId);
    await deps.placements.settle();
  });

  it('refuses when a call would take the balance below the overdraft, and allows it within the overdraft', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db);
    await changeCredits(server.db, { userId: setup.userId, delta: -20, reason: 'adjustment' });
    await expectRefusal(requestInstantCall(server.db, deps, setup.request()), 'no_credits');
    await expectRefusal(
      requestScheduledCall(server.db, deps, { ...setup.request(), scheduledAt: new Date(Date.now() + 3_600_000), customFields: {} }),
      'no_credits',
    );
    expect(await server.db.select().from(calls).where(eq(calls.userId, setup.userId))).toEqual([]);

    await server.db.update(credits).set({ overdraft: -2 }).where(eq(credits.userId, setup.userId));
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    expect(await callRow(callId)).toMatchObject({ status: 'successful', creditsCharged: 1 });
    expect(await balanceOf(server.db, setup.userId)).toBe(-1);
  });

  it('refuses an inactive widget, a widget of another website or account, and a malformed number', async () => {
    const deps = fastDeps();
    const inactive = await accountWithWidget(server.db, { isActive: false });
    await expectRefusal(requestInstantCall(server.db, deps, inactive.request()), 'widget_inactive');
    const other = await accountWithWidget(server.db);
    await expectRefusal(requestInstantCall(server.db, deps, { ...other.request(), userId: inactive.userId }), 'widget_not_found');
    await expectRefusal(requestInstantCall(server.db, deps, { ...other.request(), websiteId: inactive.websiteId }), 'widget_not_found');
    await expectRefusal(requestInstantCall(server.db, deps, other.request('call me')), 'invalid_number');
    await expectRefusal(requestInstantCall(server.db, deps, other.request('+1234')), 'invalid_number');
  });

  it('takes calls only within working hours (account time zone) when the widget says so', async () => {
    // Europe/London in winter is UTC: Monday 23 Nov 2026 10:00 is open, 18:00 is closed.
    const clock = fixedClock(new Date('2026-11-23T18:00:00Z'));
    const deps = fastDeps({ clock });
    const setup = await accountWithWidget(server.db, { useSchedule: true, numberOfTries: 1 });
    await expectRefusal(requestInstantCall(server.db, deps, setup.request()), 'outside_working_hours');
    clock.at = new Date('2026-11-23T10:00:00Z');
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    expect((await callRow(callId)).status).toBe('successful');
  });
});

describe('Call now in one statement (issue 17)', () => {
  const refuse = (refusal: CallRefusal) => new Error(`refused: ${refusal.kind}`);
  const guard = { address: '203.0.113.9', numberLimit: { name: 'call:number', max: 5, windowSeconds: 3600 }, refuse };
  /** The account's velocity counters by scope (widget, account, mail). */
  const countersOf = async (userId: number) =>
    Object.fromEntries(
      (
        await server.db
          .select()
          .from(widgetRateCounters)
          .where(or(like(widgetRateCounters.key, `velocity:widget:${userId}:%`), inArray(widgetRateCounters.key, [`velocity:account:${userId}`, `velocity:mail:${userId}`])))
      ).map((row) => [row.key.split(':')[1], row.hits]),
    );

  it('refused for credits inside the statement (a stale hint): nothing is held or recorded, and the velocity counts are undone', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db);
    await saveCallLimits(server.db, setup.userId, { perWidget: 1, perAccount: 1 });
    // The context as read when the account still had its credits; the balance is spent since.
    const context = await loadCallContext(server.db, { userId: setup.userId, widgetId: setup.widgetId });
    await changeCredits(server.db, { userId: setup.userId, delta: -(await balanceOf(server.db, setup.userId)), reason: 'adjustment' });
    await expectRefusal(requestInstantCall(server.db, deps, { ...setup.request('+15005550004'), context, guard }), 'no_credits');
    // Counted and taken back (the counters' rows are locked, so they stay, with no hit).
    expect(await countersOf(setup.userId)).toEqual({ widget: 0, account: 0 });
    // The per-number count stays: it counts whatever follows.
    const perNumber = await server.db.select().from(widgetRateCounters).where(eq(widgetRateCounters.key, `call:number:${setup.userId}:+15005550004`));
    expect(perNumber.map((row) => row.hits)).toEqual([1]);
    expect(await server.db.select().from(calls).where(eq(calls.userId, setup.userId))).toEqual([]);
    const [account] = await server.db.select({ reserved: credits.reserved }).from(credits).where(eq(credits.userId, setup.userId));
    expect(account!.reserved).toBe(0);

    // Once the client has credits again, the one request its limit allows goes through.
    await changeCredits(server.db, { userId: setup.userId, delta: 5, reason: 'adjustment' });
    const accepted = await requestInstantCall(server.db, deps, { ...setup.request('+15005550004'), guard });
    expect(accepted.duplicate).toBe(false);
    await expect(requestInstantCall(server.db, deps, { ...setup.request('+12125550142'), guard })).rejects.toThrow('refused: velocity');
    await deps.placements.settle();
  });

  describe('requests that come together are accepted together (migration 0015)', () => {
    /** `numbers` asking the widget at the same moment, with the context read once (as a crowd's requests read it together). */
    async function crowd(setup: Awaited<ReturnType<typeof accountWithWidget>>, numbers: string[], deps = fastDeps(), requestGuard = guard) {
      const context = (await loadCallContext(server.db, { userId: setup.userId, widgetId: setup.widgetId }))!;
      const answers = await Promise.allSettled(numbers.map((number) => requestInstantCall(server.db, deps, { ...setup.request(number), context, guard: requestGuard })));
      await deps.placements.settle();
      return answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : answer.reason instanceof CallRequestError ? answer.reason.code : (answer.reason as Error).message));
    }
    const numbers = (count: number) => Array.from({ length: count }, (_, i) => `+1212555${String(100 + i).padStart(4, '0')}`);
    it('accepts them in one statement: each call recorded, its price held and its notification queued', async () => {
      const setup = await accountWithWidget(server.db);
      await server.db.update(widgets).set({ notifications: { email: { isActive: true, value: 'leads@example.com' } } }).where(eq(widgets.id, setup.widgetId));
      const before = await balanceOf(server.db, setup.userId);
      let statements: string[] = [];
      const execute = vi.spyOn(server.db, 'execute');
      const answers = await crowd(setup, numbers(8)).finally(() => {
        statements = execute.mock.calls.map(([query]) => new PgDialect().sqlToQuery(query as SQL).sql);
        execute.mockRestore();
      });
      expect(statements.filter((text) => text.includes('accept_instant_call'))).toEqual(['select accept_instant_calls($1::jsonb) as answers']);
      expect(answers.every((answer) => typeof answer === 'object' && !answer.duplicate)).toBe(true);
      const rows = await server.db.select().from(calls).where(eq(calls.userId, setup.userId)).orderBy(asc(calls.id));
      expect(rows.map((row) => row.customerNumber)).toEqual(numbers(8));
      expect(rows.map((row) => row.id)).toEqual(answers.map((answer) => (answer as { callId: number }).callId));
      const queued = await server.db.select().from(clientNotifications).where(and(eq(clientNotifications.userId, setup.userId), eq(clientNotifications.event, 'call_requested')));
      expect(queued.map((row) => [row.callId, row.channel, row.to])).toEqual(rows.map((row) => [row.id, 'email', 'leads@example.com']));
      expect(await countersOf(setup.userId)).toEqual({ widget: 8, account: 8 });
      // Nothing stays held once they are placed, and the balance moved by exactly what they charged
      // (the holds themselves, against one by one: acceptTogether.test.ts).
      const settled = await server.db.select().from(calls).where(eq(calls.userId, setup.userId));
      expect(settled.every((row) => row.reservedCredits === 0)).toBe(true);
      expect(before - (await balanceOf(server.db, setup.userId))).toBe(settled.reduce((sum, row) => sum + row.creditsCharged, 0));
    });

    it('lets through only what the velocity limits allow, and tells the client once', async () => {
      const setup = await accountWithWidget(server.db);
      await saveCallLimits(server.db, setup.userId, { perWidget: 3, perAccount: 10 });
      const refusals: CallRefusal[] = [];
      const counting = { ...guard, refuse: (refusal: CallRefusal) => (refusals.push(refusal), new Error(`refused: ${refusal.kind}`)) };
      const answers = await crowd(setup, numbers(6), fastDeps(), counting);
      expect(answers.map((answer) => (typeof answer === 'object' ? 'accepted' : answer))).toEqual(['accepted', 'accepted', 'accepted', 'refused: velocity', 'refused: velocity', 'refused: velocity']);
      expect(refusals.map((refusal) => refusal.kind === 'velocity' && [refusal.verdict.scope, refusal.verdict.max, refusal.verdict.notifyClient])).toEqual([
        ['widget', 3, true],
        ['widget', 3, false],
        ['widget', 3, false],
      ]);
      // A refusal keeps its count, as one at a time.
      expect(await countersOf(setup.userId)).toEqual({ widget: 6, account: 3, mail: 1 });
    });

    it('holds what the balance can pay and refuses the rest for credits, taking their counts back', async () => {
      const setup = await accountWithWidget(server.db);
      const context = (await loadCallContext(server.db, { userId: setup.userId, widgetId: setup.widgetId }))!;
      // Two calls' worth of credits left.
      await changeCredits(server.db, { userId: setup.userId, delta: 2 * CREDITS_PER_CONNECTED_CALL - (await balanceOf(server.db, setup.userId)), reason: 'adjustment' });
      const deps = fastDeps();
      const answers = await Promise.allSettled(numbers(5).map((number) => requestInstantCall(server.db, deps, { ...setup.request(number), context, guard })));
      await deps.placements.settle();
      expect(answers.map((answer) => (answer.status === 'fulfilled' ? 'accepted' : (answer.reason as CallRequestError).code))).toEqual(['accepted', 'accepted', 'no_credits', 'no_credits', 'no_credits']);
      expect(await countersOf(setup.userId)).toEqual({ widget: 2, account: 2 });
      expect(await server.db.select().from(calls).where(eq(calls.userId, setup.userId))).toHaveLength(2);
    });

    it('answers a number that asks twice at once (a double click) with its first call', async () => {
      const setup = await accountWithWidget(server.db);
      const [first, again, other] = await crowd(setup, ['+12125550100', '+12125550100', '+12125550101']);
      expect(first).toMatchObject({ duplicate: false });
      expect(again).toEqual({ ...(first as object), duplicate: true });
      expect(other).toMatchObject({ duplicate: false });
      expect(await server.db.select().from(calls).where(eq(calls.userId, setup.userId))).toHaveLength(2);
    });

    it('refuses a blocked visitor of the crowd and accepts the others', async () => {
      const setup = await accountWithWidget(server.db);
      await blockVisitor(server.db, setup.userId, 'number', '+12125550101');
      const answers = await crowd(setup, numbers(3));
      expect(answers.map((answer) => (typeof answer === 'object' ? 'accepted' : answer))).toEqual(['accepted', 'refused: blocked', 'accepted']);
    });

    it.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL, crowds to two widgets of one account: exactly the account limit, no deadlock', async () => {
      const setup = await accountWithWidget(server.db);
      const [widget] = await server.db.select().from(widgets).where(eq(widgets.id, setup.widgetId));
      const [second] = await server.db.insert(widgets).values({ ...widget!, id: undefined, typeId: 1, name: 'Call button' }).returning({ id: widgets.id });
      await changeCredits(server.db, { userId: setup.userId, delta: 1_000, reason: 'adjustment' });
      await saveCallLimits(server.db, setup.userId, { perWidget: 500, perAccount: 50 });
      // Another instance: its own connections, and its own batches.
      const other = await openDatabase({ databaseUrl: server.databaseUrl, pgliteDir: null });
      const warnings: unknown[] = [];
      const deps = [fastDeps(), fastDeps()].map((each) => ({ ...each, log: { ...each.log, warn: (object: object) => warnings.push(object) } }));
      try {
        const contexts = await Promise.all([setup.widgetId, second!.id].map((widgetId) => loadCallContext(server.db, { userId: setup.userId, widgetId })));
        // 120 numbers, 40 of them asking on both instances at once (one to each widget).
        const requests = Array.from({ length: 160 }, (_, i) => {
          const db = i % 2 === 0 ? server.db : other.db;
          const target = (i >> 1) % 2;
          const number = `+1212555${String(1000 + (i < 80 ? i >> 1 : i - 40))}`;
          return requestInstantCall(db, deps[i % 2]!, { ...setup.request(number), widgetId: target === 0 ? setup.widgetId : second!.id, context: contexts[target]!, guard });
        });
        const answers = await Promise.allSettled(requests);
        await Promise.all(deps.map((each) => each.placements.settle()));
        const outcomes = answers.map((answer) => (answer.status === 'rejected' ? (answer.reason as Error).message : answer.value.duplicate ? 'duplicate' : 'accepted'));
        const recorded = await server.db.select().from(calls).where(eq(calls.userId, setup.userId));
        // Exactly the account's limit of calls, one per number at most; a number's second request
        // is its first call's duplicate or refused by the limit, like any other.
        expect(recorded).toHaveLength(50);
        expect(new Set(recorded.map((row) => row.customerNumber)).size).toBe(50);
        expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(50);
        expect(outcomes.every((outcome) => ['accepted', 'duplicate', 'refused: velocity'].includes(outcome))).toBe(true);
        const duplicates = outcomes.filter((outcome) => outcome === 'duplicate').length;
        expect(await countersOf(setup.userId)).toMatchObject({ account: 160 - duplicates });
        // No batch failed (a deadlock would have, and been retried one by one).
        expect(warnings).toEqual([]);
      } finally {
        await other.close();
      }
    });

    it('a request the statement refuses fails alone: the others are accepted each by itself', async () => {
      const setup = await accountWithWidget(server.db);
      const context = (await loadCallContext(server.db, { userId: setup.userId, widgetId: setup.widgetId }))!;
      const deps = fastDeps();
      // A website that does not exist: the calls' foreign key refuses the batch, then that request alone.
      const answers = await Promise.allSettled(
        numbers(4).map((number, i) => requestInstantCall(server.db, deps, { ...setup.request(number), ...(i === 1 && { websiteId: 2_000_000_000 }), context, guard })),
      );
      await deps.placements.settle();
      expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(await server.db.select().from(calls).where(eq(calls.userId, setup.userId))).toHaveLength(3);
      expect(await countersOf(setup.userId)).toEqual({ widget: 3, account: 3 });
    });
  });

  it('answers the guard\'s refusals in its order: the block list, then the per-number limit', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db);
    await blockVisitor(server.db, setup.userId, 'address', '203.0.113.9');
    await expect(requestInstantCall(server.db, deps, { ...setup.request('+15005550004'), guard })).rejects.toThrow('refused: blocked');
    const tight = { ...guard, address: '203.0.113.10', numberLimit: { ...guard.numberLimit, max: 0 } };
    await expect(requestInstantCall(server.db, deps, { ...setup.request('+15005550004'), guard: tight })).rejects.toThrow('refused: rate_limited');
    expect(await server.db.select().from(calls).where(eq(calls.userId, setup.userId))).toEqual([]);
  });

  it('a page address with a lone surrogate is stored, not refused with a server error', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db);
    const { callId } = await requestInstantCall(server.db, deps, { ...setup.request('+15005550004'), url: 'https://shop.example/a\ud800b' });
    await deps.placements.settle();
    expect((await callRow(callId)).url).toBe('https://shop.example/a\ufffdb');
  });
});

describe('Schedule a call', () => {
  it('stores a pending callback with its custom fields; a repeat answers the same one', async () => {
    const deps = fastDeps();
    const setup = await accountWithWidget(server.db);
    const scheduledAt = new Date(Date.now() + 2 * 3_600_000);
    const request = { ...setup.request('+12125550190'), scheduledAt, customFields: { customField1: 'Kitchen', customField2: '10001' } };
    const first = await requestScheduledCall(server.db, deps, request);
    const again = await requestScheduledCall(server.db, deps, request);
    expect(again).toEqual({ scheduledCallId: first.scheduledCallId, duplicate: true });
    const [row] = await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.id, first.scheduledCallId));
    expect(row).toMatchObject({
      status: 'pending',
      customerNumber: '+12125550190',
      scheduledAt,
      customFields: { customField1: 'Kitchen', customField2: '10001', customField3: null },
    });
  });

  it('refuses a time in the past, too far ahead, or outside working hours of a widget that keeps them', async () => {
    const clock = fixedClock(new Date('2026-11-23T10:00:00Z'));
    const deps = fastDeps({ clock });
    const setup = await accountWithWidget(server.db, { useSchedule: true });
    const ask = (scheduledAt: Date) => requestScheduledCall(server.db, deps, { ...setup.request(), scheduledAt, customFields: {} });
    await expectRefusal(ask(new Date('2026-11-23T09:00:00Z')), 'invalid_scheduled_time');
    await expectRefusal(ask(new Date('2027-03-01T10:00:00Z')), 'invalid_scheduled_time');
    await expectRefusal(ask(new Date('2026-11-28T10:00:00Z')), 'invalid_scheduled_time'); // a Saturday
    await expectRefusal(ask(new Date('invalid')), 'invalid_scheduled_time');
    expect((await ask(new Date('2026-11-24T15:30:00Z'))).duplicate).toBe(false);
  });

  it('honours the schedule option: the form offered only outside working hours', async () => {
    const clock = fixedClock(new Date('2026-11-23T10:00:00Z'));
    const deps = fastDeps({ clock });
    const setup = await accountWithWidget(server.db, { showScheduleForm: { duringWorkingHours: false, outsideWorkingHours: true } });
    const ask = () => requestScheduledCall(server.db, deps, { ...setup.request(), scheduledAt: new Date('2026-11-24T10:00:00Z'), customFields: {} });
    await expectRefusal(ask(), 'schedule_not_offered');
    clock.at = new Date('2026-11-23T20:00:00Z');
    expect((await ask()).duplicate).toBe(false);
  });
});

describe('the call simulator', () => {
  /** One whole attempt on the simulator: a round of the widget's single number, then the bridge when he accepts. */
  async function attempt(simulator: CallSimulator, customerNumber: string, callId = 1) {
    const ring = await simulator.ringAgents({ callId, attempt: 1, round: 1, from: '+12125550100', targets: [{ agentId: null, number: '+14155550123' }], customerNumber, whisper: 'Press 1' });
    if (!ring.line) return { status: 'missed' as const, duration: 0, legs: ring.legs };
    const bridged = await simulator.bridge({ callId, attempt: 1, line: ring.line, customerNumber, callerId: '+12125550100', notice: null, record: true, speechLanguage: 'en-US' });
    return { status: bridged.status, duration: bridged.duration, legs: [bridged.agentLeg, bridged.customerLeg] };
  }

  it('gives realistic outcomes and talk times over many calls', async () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const simulator = new CallSimulator({ speed: 1, random, sleep: async () => undefined });
    const counts: Record<string, number> = {};
    const durations: number[] = [];
    for (let i = 0; i < 2_000; i += 1) {
      const outcome = await attempt(simulator, '+12125550111', i);
      counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
      if (outcome.status === 'successful') durations.push(outcome.duration);
      else expect(outcome.duration).toBe(0);
    }
    expect(Object.keys(counts).sort()).toEqual(['busy', 'missed', 'no-answer', 'successful']);
    expect(counts.successful! / 2_000).toBeGreaterThan(0.55);
    expect(counts.successful! / 2_000).toBeLessThan(0.8);
    durations.sort((a, b) => a - b);
    expect(durations[0]).toBeGreaterThanOrEqual(15);
    expect(durations.at(-1)).toBeLessThanOrEqual(1_800);
    expect(durations[Math.floor(durations.length / 2)]).toBeGreaterThan(100);
    expect(durations[Math.floor(durations.length / 2)]).toBeLessThan(220);
  });

  it('takes ring and talk time divided by its speed', async () => {
    const waits: number[] = [];
    const simulator = new CallSimulator({ speed: 50, sleep: async (ms) => void waits.push(ms) });
    const outcome = await attempt(simulator, '+15005550004');
    const seconds = (outcome.legs.at(-1)!.endedAt.getTime() - outcome.legs[0]!.startedAt.getTime()) / 1000 + 1;
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeCloseTo((seconds * 1000) / 50, 6);
  });

  it('whispers to the agent, who accepts; its test agents reach a voicemail or decline', async () => {
    const simulator = new CallSimulator({ speed: 1, sleep: async () => undefined });
    const ring = (number: string, whisper: string | null) =>
      simulator.ringAgents({ callId: 1, attempt: 1, round: 1, from: '+12125550100', targets: [{ agentId: 7, number }], customerNumber: '+15005550004', whisper });
    const taken = await ring('+14155550123', 'Call from the widget Shop. Press 1 to take the call.');
    expect(taken.accepted).toEqual({ agentId: 7, number: '+14155550123' });
    expect(taken.legs[0]).toMatchObject({ status: 'in-progress', whisper: { text: 'Call from the widget Shop. Press 1 to take the call.', accepted: true } });
    await simulator.release(taken.line!);
    for (const [number, status] of [['+15005550005', 'voicemail'], ['+15005550006', 'declined']] as const) {
      const refused = await ring(number, 'Press 1');
      expect(refused).toMatchObject({ accepted: null, line: null, legs: [{ status, whisper: { accepted: false } }] });
    }
    // Without the whisper a voicemail is still told apart from a person.
    expect(await ring('+15005550005', null)).toMatchObject({ accepted: null, legs: [{ status: 'voicemail' }] });
  });
});

describe('100 concurrent Call now requests', () => {
  // Correctness only: the time to the first dial is a benchmark's business (npm run bench), not a test's.
  it('each reach their own first agent dial', async () => {
    const dialed = new Set<number>();
    const deps = fastDeps({ script: () => 'successful' });
    deps.onFirstDial = (callId) => dialed.add(callId);
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    await server.db.update(credits).set({ credits: 1_000 }).where(eq(credits.userId, setup.userId));
    const numbers = Array.from({ length: 100 }, (_, i) => `+1212555${String(1000 + i)}`);
    const answers = await Promise.all(numbers.map((number) => requestInstantCall(server.db, deps, setup.request(number))));
    await deps.placements.settle();
    expect(new Set(answers.map((answer) => answer.callId)).size).toBe(100);
    expect(answers.every((answer) => dialed.has(answer.callId))).toBe(true);
  });
});
