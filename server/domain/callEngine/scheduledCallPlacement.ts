import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calls, scheduledCalls } from '../../db/schema/calls.ts';
import { isVisitorBlocked } from '../blockList/blockList.ts';
import { recordCallAttribution } from './callAttribution.ts';
import { loadCallContext } from './callContext.ts';
import { callDestinationsOf, isCallable } from './callDestinations.ts';
import { holdCreditsForCall, settleCallCredits } from './callCredits.ts';
import { placeCall } from './callPlacement.ts';
import type { CallRequestDeps } from './callRequestDeps.ts';
import { newCallConvertId } from './callRequests.ts';

export type ScheduledCall = typeof scheduledCalls.$inferSelect;

/** A callback claimed this many times without its call being placed (errors before ringing) fails. */
const MAX_CLAIMS = 5;

/**
 * Claims one due callback that no other worker holds (FOR UPDATE SKIP LOCKED, ARCHITECTURE.md
 * rule 3) and marks it in-progress with a lease (claimedAt), in a short transaction of its own.
 * Due: pending with scheduledAt reached, or in-progress whose lease ran out (its worker died:
 * a live worker renews the lease while the call rings, see renewScheduledCallLease).
 */
export async function claimDueScheduledCall(db: Database, now: Date, leaseMs: number): Promise<ScheduledCall | undefined> {
  const staleBefore = new Date(now.getTime() - leaseMs);
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: scheduledCalls.id })
      .from(scheduledCalls)
      .where(
        or(
          and(eq(scheduledCalls.status, 'pending'), lte(scheduledCalls.scheduledAt, now)),
          and(eq(scheduledCalls.status, 'in-progress'), lt(scheduledCalls.claimedAt, staleBefore)),
        ),
      )
      .orderBy(asc(scheduledCalls.scheduledAt), asc(scheduledCalls.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return undefined;
    const [claimed] = await tx
      .update(scheduledCalls)
      .set({ status: 'in-progress', claimedAt: now, attempts: sql`${scheduledCalls.attempts} + 1` })
      .where(eq(scheduledCalls.id, candidate.id))
      .returning();
    return claimed;
  });
}

/** Keeps a claim alive while its call rings (the lease is shorter than a call with its retries). */
export async function renewScheduledCallLease(db: Database, scheduledCallId: number, now: Date): Promise<void> {
  await db
    .update(scheduledCalls)
    .set({ claimedAt: now })
    .where(and(eq(scheduledCalls.id, scheduledCallId), eq(scheduledCalls.status, 'in-progress')));
}

export type ScheduledCallResult = 'completed' | 'failed' | 'canceled';

/**
 * Places a claimed callback through the same path as Call now (callPlacement.ts) and marks it
 * completed (the visitor was connected) or failed. Never twice: the call row is created in a
 * transaction that locks the callback and finds any call made for it, so a claim taken over
 * after a crash finishes with the call already made instead of ringing again. A callback whose
 * widget is gone or inactive, or whose number the client has blocked or whose country it no
 * longer calls since, is canceled; one
 * whose account cannot hold the call's price (callCredits.ts holdCreditsForCall) fails.
 */
export async function runScheduledCall(db: Database, deps: CallRequestDeps, claimed: ScheduledCall): Promise<ScheduledCallResult> {
  const prepared = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(scheduledCalls).where(eq(scheduledCalls.id, claimed.id)).for('update');
    if (row?.status !== 'in-progress') return { kind: 'gone' as const };
    const [earlier] = await tx
      .select({ id: calls.id, status: calls.status, outcomeRecordedAt: calls.outcomeRecordedAt })
      .from(calls)
      .where(eq(calls.scheduledCallId, row.id))
      .limit(1);
    if (earlier) {
      // Its worker died while it rang: whatever it held is given back (a recorded outcome
      // already settled it, and then there is nothing left to give).
      await settleCallCredits(tx, deps.log, earlier.id, false);
      // A call whose outcome was never recorded keeps the status it was placed with (not
      // connected, as its credits say) and is recorded now: its call.completed webhook and GA4
      // event (migrations 0017, 0019) are written on that, as for any other call.
      if (earlier.outcomeRecordedAt === null) await tx.update(calls).set({ outcomeRecordedAt: deps.clock.now() }).where(and(eq(calls.id, earlier.id), isNull(calls.outcomeRecordedAt)));
      return { kind: 'placed-before' as const, status: earlier.status };
    }
    // Claimed again and again without a call: something keeps failing before it rings; stop.
    if (row.attempts > MAX_CLAIMS) return { kind: 'gave-up' as const };
    const context = row.widgetId === null ? undefined : await loadCallContext(tx, { userId: row.userId, widgetId: row.widgetId });
    if (!context || !context.widget.isActive || context.accountDeleted) return { kind: 'canceled' as const };
    // The client may have narrowed its call destinations since the callback was scheduled.
    if (!isCallable(row.customerNumber, { ...callDestinationsOf(context), allowSimulatorNumbers: deps.telephony.isLocal })) return { kind: 'canceled' as const };
    // The visitor's address is not kept with a callback: only a blocked number applies here.
    if (await isVisitorBlocked(tx, row.userId, { number: row.customerNumber, address: '' })) return { kind: 'canceled' as const };
    // Held when the callback is placed, not when it was scheduled: a pending callback (up to 60
    // days ahead) holding a credit would let visitors freeze an account's balance with far-off
    // callbacks and switch its widgets off while nothing is spent.
    const held = await holdCreditsForCall(tx, row.userId);
    if (held === 0) return { kind: 'no-credits' as const };
    const [call] = await tx
      .insert(calls)
      .values({
        userId: row.userId,
        convertId: newCallConvertId(),
        websiteId: row.websiteId,
        widgetId: row.widgetId,
        widgetName: context.widget.name,
        widgetTypeId: context.widget.typeId,
        scheduledCallId: row.id,
        type: 'scheduled',
        status: 'no-answer',
        customerNumber: row.customerNumber,
        url: row.url,
        // The visitor's first-touch source goes with the call (issue 20: Calls by source, CSV, webhooks).
        trafficSourceId: row.trafficSourceId,
        landingPage: row.landingPage,
        calledFrom: context.serviceNumber,
        reservedCredits: held,
        customFields: row.customFields,
        createdAt: deps.clock.now(),
      })
      .returning({ id: calls.id });
    // The visitor's GA ids go with the call (its outcome is sent to GA4 as an event of that
    // visitor), while the account's GA4 connection is still active.
    if (row.gaClientId) await recordCallAttribution(tx, { id: call!.id, userId: row.userId }, { gaClientId: row.gaClientId, gaSessionIds: row.gaSessionIds });
    return { kind: 'place' as const, callId: call!.id };
  });

  let result: ScheduledCallResult;
  let agentId: number | null | undefined;
  switch (prepared.kind) {
    case 'gone':
      return 'canceled';
    case 'placed-before':
      deps.log.warn({ scheduledCallId: claimed.id }, 'calls: callback taken over after a crash; its call was already placed, not ringing again');
      result = prepared.status === 'successful' ? 'completed' : 'failed';
      break;
    case 'canceled':
      result = 'canceled';
      break;
    case 'gave-up':
      deps.log.error({ scheduledCallId: claimed.id, attempts: claimed.attempts }, 'calls: callback given up after repeated failures');
      result = 'failed';
      break;
    case 'no-credits':
      deps.log.info({ scheduledCallId: claimed.id }, 'calls: callback not placed, the account has no credits');
      result = 'failed';
      break;
    case 'place': {
      const placed = await placeCall(db, deps, prepared.callId, () => deps.onFirstDial?.(prepared.callId));
      result = placed.status === 'successful' ? 'completed' : 'failed';
      agentId = placed.agentId;
      break;
    }
  }
  await db
    .update(scheduledCalls)
    .set({ status: result, ...(agentId === undefined ? {} : { agentId }), updatedAt: deps.clock.now() })
    .where(and(eq(scheduledCalls.id, claimed.id), eq(scheduledCalls.status, 'in-progress')));
  deps.log.info({ scheduledCallId: claimed.id, result }, 'calls: callback done');
  return result;
}
