import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, credits } from '../../db/schema/billing.ts';
import { calls, scheduledCalls } from '../../db/schema/calls.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accountWithWidget, fastDeps } from '../../test/callTestKit.ts';
import { ledgerSum } from '../../test/payments.ts';
import { changeCredits } from '../credits/ledger.ts';
import { releaseCredits } from '../credits/reservations.ts';
import { holdCreditsForCall, settleCallCredits } from './callCredits.ts';
import { placeCall } from './callPlacement.ts';
import { claimStalePlacement, placeUnderLease } from './callRecovery.ts';
import { CallRequestError, requestInstantCall } from './callRequests.ts';
import { claimDueScheduledCall, runScheduledCall } from './scheduledCallPlacement.ts';

// Finding 3 of issue 15: 20 credits and 30 simultaneous visitors gave 29 connected calls and 20
// charges, because the request only looked at the balance. Now each accepted call holds its
// credit atomically (credits.reserved), charged when it connects and given back otherwise. Runs
// on PGlite (one connection: requests and placements still interleave between transactions) and,
// with npm run test:pg, on PostgreSQL, where the 30 transactions truly race for the balance row.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function money(userId: number) {
  const [row] = await server.db.select({ credits: credits.credits, reserved: credits.reserved, overdraft: credits.overdraft }).from(credits).where(eq(credits.userId, userId));
  const rows = await server.db.select().from(calls).where(eq(calls.userId, userId));
  const charges = await server.db.select().from(creditLedger).where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'call')));
  const holding = await server.db.select({ id: calls.id }).from(calls).where(and(eq(calls.userId, userId), gt(calls.reservedCredits, 0)));
  return {
    ...row!,
    calls: rows.length,
    connected: rows.filter((call) => call.status === 'successful').length,
    charged: rows.reduce((total, call) => total + call.creditsCharged, 0),
    charges: charges.length,
    holding: holding.length,
  };
}

/** The row of a call accepted by an instance that died before its outcome was recorded. */
function deadCall(setup: Awaited<ReturnType<typeof accountWithWidget>>, convertId: string, customerNumber: string) {
  return {
    userId: setup.userId,
    convertId,
    websiteId: setup.websiteId,
    widgetId: setup.widgetId,
    widgetName: 'Floating icon',
    widgetTypeId: 3,
    status: 'no-answer' as const,
    customerNumber,
  };
}

/** `count` visitors with different numbers press Call now at the same moment. */
async function burst(setup: Awaited<ReturnType<typeof accountWithWidget>>, deps: ReturnType<typeof fastDeps>, count: number) {
  // Nobody is rung before every visitor has an answer: a call that ended early would give its
  // hold back to the visitors still waiting (requests that come together may be accepted in
  // several batches, a few ms apart).
  let answered!: () => void;
  const allAnswered = new Promise<void>((resolve) => (answered = resolve));
  const ringAgents = deps.telephony.ringAgents.bind(deps.telephony);
  deps.telephony.ringAgents = async (request) => {
    await allAnswered;
    return ringAgents(request);
  };
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      requestInstantCall(server.db, deps, setup.request(`+1212555${String(1000 + i).padStart(4, '0')}`)).then(
        () => 'accepted' as const,
        (error: unknown) => (error instanceof CallRequestError ? error.code : Promise.reject(error)),
      ),
    ),
  );
  answered();
  await deps.placements.settle();
  return { accepted: answers.filter((answer) => answer === 'accepted').length, noCredits: answers.filter((answer) => answer === 'no_credits').length };
}

describe('credit reservations (issue 15, finding 3)', () => {
  it('30 simultaneous visitors on 20 credits: 20 calls accepted, 20 connected, 20 charged, nothing left held', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const deps = fastDeps({ script: () => 'successful' });
    expect(await burst(setup, deps, 30)).toEqual({ accepted: 20, noCredits: 10 });
    expect(await money(setup.userId)).toMatchObject({ credits: 0, reserved: 0, calls: 20, connected: 20, charged: 20, charges: 20, holding: 0 });
    expect(await ledgerSum(server.db, setup.userId)).toBe(0);
  });

  it('never passes the overdraft: 20 credits and an overdraft of -5 pay for 25 of 40 simultaneous calls', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    await server.db.update(credits).set({ overdraft: -5 }).where(eq(credits.userId, setup.userId));
    const deps = fastDeps({ script: () => 'successful' });
    expect(await burst(setup, deps, 40)).toEqual({ accepted: 25, noCredits: 15 });
    expect(await money(setup.userId)).toMatchObject({ credits: -5, reserved: 0, connected: 25, charged: 25, charges: 25, holding: 0 });
  });

  it('gives back what unanswered calls held: charges equal connected calls, and the balance pays for the next ones', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const outcomes = ['successful', 'busy', 'no-answer', 'missed'] as const;
    let dialed = 0;
    const deps = fastDeps({ script: () => outcomes[dialed++ % outcomes.length] });
    const first = await burst(setup, deps, 30);
    expect(first.accepted).toBe(20);
    const after = await money(setup.userId);
    expect(after).toMatchObject({ reserved: 0, holding: 0 });
    expect(after.charged).toBe(after.connected);
    expect(after.charges).toBe(after.connected);
    expect(after.credits).toBe(20 - after.connected);
    expect(after.connected).toBeGreaterThan(0);
    expect(after.connected).toBeLessThan(20);
  });

  it('holds while a call rings: the widget config and GET credits show the balance less the held credits', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    await changeCredits(server.db, { userId: setup.userId, delta: -19, reason: 'adjustment' });
    let release!: () => void;
    const ringing = new Promise<void>((resolve) => (release = resolve));
    const deps = fastDeps({ script: () => 'successful' });
    const ringAgents = deps.telephony.ringAgents.bind(deps.telephony);
    deps.telephony.ringAgents = async (request) => {
      await ringing;
      return ringAgents(request);
    };
    await requestInstantCall(server.db, deps, setup.request('+12125552001'));
    expect(await money(setup.userId)).toMatchObject({ credits: 1, reserved: 1, holding: 1 });
    const config = await server.request({ method: 'GET', url: `/widget-api/config/${setup.publicKey}` });
    expect(config.body).toMatchObject({ available: false });
    const refused = await requestInstantCall(server.db, deps, setup.request('+12125552002')).catch((error: unknown) => error);
    expect((refused as CallRequestError).code).toBe('no_credits');
    release();
    await deps.placements.settle();
    expect(await money(setup.userId)).toMatchObject({ credits: 0, reserved: 0, charged: 1, holding: 0 });
  });

  it('a call whose instance died keeps its hold until recovery places it, then settles it once', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const deps = fastDeps({ script: () => 'successful' });
    // The instance dies right after accepting: the call is recorded with its hold and its
    // placement lease (as requestInstantCall writes it), and nobody places it.
    const callId = await server.db.transaction(async (tx) => {
      const held = await holdCreditsForCall(tx, setup.userId);
      const [row] = await tx
        .insert(calls)
        .values({ ...deadCall(setup, 'CL-DIEDPLACE', '+12125552003'), type: 'instant', reservedCredits: held, placementClaimedAt: new Date() })
        .returning({ id: calls.id });
      return row!.id;
    });
    expect(await money(setup.userId)).toMatchObject({ credits: 20, reserved: 1, holding: 1 });
    const later = new Date(Date.now() + deps.leaseMs + 1000);
    expect(await claimStalePlacement(server.db, later, deps.leaseMs)).toBe(callId);
    await placeUnderLease(server.db, deps, callId);
    expect(await money(setup.userId)).toMatchObject({ credits: 19, reserved: 0, charged: 1, charges: 1, holding: 0 });
    // The instance was only slow and records the same call again, this time unanswered: it is
    // not charged twice, and the first outcome (successful, charged) stands.
    const slow = fastDeps({ script: () => 'missed' });
    expect(await placeCall(server.db, slow, callId)).toMatchObject({ status: 'successful', creditsCharged: 1 });
    expect(await money(setup.userId)).toMatchObject({ credits: 19, reserved: 0, connected: 1, charged: 1, charges: 1, holding: 0 });
    const [stored] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(stored).toMatchObject({ status: 'successful', creditsCharged: 1, placementClaimedAt: null });
  });

  it('a call recorded unanswered first is not turned into a charged success by a late second record (issue 15 review)', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const callId = await server.db.transaction(async (tx) => {
      const held = await holdCreditsForCall(tx, setup.userId);
      const [row] = await tx
        .insert(calls)
        .values({ ...deadCall(setup, 'CL-MISSEDFIRST', '+12125552007'), type: 'instant', reservedCredits: held, placementClaimedAt: new Date() })
        .returning({ id: calls.id });
      return row!.id;
    });
    await placeUnderLease(server.db, fastDeps({ script: () => 'missed' }), callId);
    expect(await placeCall(server.db, fastDeps({ script: () => 'successful' }), callId)).toMatchObject({ status: 'missed', creditsCharged: 0 });
    const [stored] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(stored).toMatchObject({ status: 'missed', creditsCharged: 0, reservedCredits: 0, placementClaimedAt: null });
    expect(await money(setup.userId)).toMatchObject({ credits: 20, reserved: 0, charges: 0, holding: 0 });
  });

  describe('settling never blocks recording the outcome (issue 15 review)', () => {
    function recordingLog() {
      const errors: { object: object; message?: string }[] = [];
      return { errors, log: { info() {}, warn() {}, error: (object: object, message?: string) => void errors.push({ object, message }) } };
    }

    for (const script of ['successful', 'missed'] as const) {
      it(`an account holding less than the call held (${script}): the outcome is recorded once, the claim ends, nobody rings again`, async () => {
        const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
        const { errors, log } = recordingLog();
        const deps = { ...fastDeps({ script: () => script }), log };
        let dials = 0;
        const ringAgents = deps.telephony.ringAgents.bind(deps.telephony);
        deps.telephony.ringAgents = (request) => {
          dials += 1;
          return ringAgents(request);
        };
        const callId = await server.db.transaction(async (tx) => {
          const held = await holdCreditsForCall(tx, setup.userId);
          const [row] = await tx
            .insert(calls)
            .values({ ...deadCall(setup, `CL-INCONS${script.slice(0, 3).toUpperCase()}`, '+12125552008'), type: 'instant', reservedCredits: held, placementClaimedAt: new Date() })
            .returning({ id: calls.id });
          return row!.id;
        });
        // The inconsistency: the account no longer holds the credit the call says it holds.
        await server.db.update(credits).set({ reserved: 0 }).where(eq(credits.userId, setup.userId));
        expect(await placeUnderLease(server.db, deps, callId)).toMatchObject({ status: script });
        const [stored] = await server.db.select().from(calls).where(eq(calls.id, callId));
        expect(stored).toMatchObject({ status: script, reservedCredits: 0, placementClaimedAt: null });
        expect(await money(setup.userId)).toMatchObject({ reserved: 0, holding: 0 });
        expect(errors.some((entry) => 'accountReserved' in entry.object && (entry.object as { accountReserved: number }).accountReserved === 0)).toBe(true);
        // Long after the lease would have run out: nothing to take over, nobody rung again.
        expect(await claimStalePlacement(server.db, new Date(Date.now() + 10 * deps.leaseMs), deps.leaseMs)).not.toBe(callId);
        expect(dials).toBe(1);
      });
    }

    it('a call row missing when settled is logged, not thrown', async () => {
      const { errors, log } = recordingLog();
      expect(await server.db.transaction((tx) => settleCallCredits(tx, log, 987_654_321, true))).toBe(0);
      expect(errors).toHaveLength(1);
    });

    it('releaseCredits gives back at most what the account holds, never below zero', async () => {
      const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
      await server.db.update(credits).set({ reserved: 1 }).where(eq(credits.userId, setup.userId));
      expect(await server.db.transaction((tx) => releaseCredits(tx, setup.userId, 3))).toBe(1);
      expect(await money(setup.userId)).toMatchObject({ reserved: 0 });
      expect(await server.db.transaction((tx) => releaseCredits(tx, setup.userId, 2))).toBe(0);
      expect(await money(setup.userId)).toMatchObject({ reserved: 0 });
    });
  });

  it('a callback holds its credit when it is placed; one whose worker died gives its hold back when taken over', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const insert = (number: string) =>
      server.db
        .insert(scheduledCalls)
        .values({ userId: setup.userId, websiteId: setup.websiteId, widgetId: setup.widgetId, customerNumber: number, scheduledAt: new Date(Date.now() - 1000) })
        .returning();
    const deps = fastDeps({ script: () => 'successful' });
    const [callback] = await insert('+12125552004');
    // Scheduling held nothing.
    expect(await money(setup.userId)).toMatchObject({ reserved: 0 });
    // A worker claims it and dies right after recording the call (with its hold), before ringing.
    const claimed = (await claimDueScheduledCall(server.db, new Date(), deps.leaseMs))!;
    expect(claimed.id).toBe(callback!.id);
    await server.db.transaction(async (tx) => {
      const held = await holdCreditsForCall(tx, setup.userId);
      await tx.insert(calls).values({ ...deadCall(setup, 'CL-DIEDHOLDS', '+12125552004'), scheduledCallId: claimed.id, type: 'scheduled', reservedCredits: held });
    });
    const takenOver = (await claimDueScheduledCall(server.db, new Date(Date.now() + deps.leaseMs + 1000), deps.leaseMs))!;
    expect(await runScheduledCall(server.db, deps, takenOver)).toBe('failed');
    expect(await money(setup.userId)).toMatchObject({ credits: 20, reserved: 0, holding: 0 });

    // At no credits, a due callback fails without ringing and holds nothing.
    await changeCredits(server.db, { userId: setup.userId, delta: -20, reason: 'adjustment' });
    await insert('+12125552005');
    const due = (await claimDueScheduledCall(server.db, new Date(), deps.leaseMs))!;
    expect(await runScheduledCall(server.db, deps, due)).toBe('failed');
    expect(await money(setup.userId)).toMatchObject({ credits: 0, reserved: 0, calls: 1 });
  });
});
