import { asc, eq, sql } from 'drizzle-orm';
import type { DialOutcome, DialRule, DialTarget } from '../../adapters/telephony/telephony.ts';
import type { Database } from '../../db/client.ts';
import { queueNotifications } from '../notifications/clientNotifications.ts';
import { users } from '../../db/schema/accounts.ts';
import { callRecordings, calls, twilioCallLegs } from '../../db/schema/calls.ts';
import { agents, widgetAgents, widgets } from '../../db/schema/toolbox.ts';
import { isWithinWeeklyHours, zonedWallClock } from '../../../common/rules/workingHours.ts';
import { settleCallCredits } from './callCredits.ts';
import { homeCountryOf, numberTypeAllowed } from './callDestinations.ts';
import type { CallRequestDeps } from './callRequestDeps.ts';
import { readGeneralSettings } from './callSettings.ts';
import { synthesizedRecordingKey } from './synthesizedRecording.ts';

/** reference data CALLING_RULES: 1 all at once, 2 one by one, 3 random agent. */
const RULES: Record<number, DialRule> = { 1: 'all-at-once', 2: 'one-by-one', 3: 'random' };

export interface PlacedCall {
  callId: number;
  status: DialOutcome['status'];
  attempts: number;
  agentId: number | null;
  creditsCharged: number;
}

/**
 * Places a recorded call (instant, or a due callback): up to numberOfTries attempts (at least
 * one), minutesBetweenTries apart (divided by the telephony's timeScale), each ringing the
 * agents available now by the widget's calling rule — or its single number — then bridging the
 * visitor. Every leg is recorded (twilio_call_legs). The call gets the outcome of its last
 * attempt; a connected call gets its recording and is charged the credits it held since it was
 * accepted, any other outcome gives them back (callCredits.ts settleCallCredits), in the same
 * transaction that records the outcome and ends the placement's lease (calls.placementClaimedAt). A call taken over after a crash (callRecovery.ts) goes on
 * after the attempts its legs show were made, with at least one more.
 */
export async function placeCall(db: Database, deps: CallRequestDeps, callId: number, onFirstDial?: () => void): Promise<PlacedCall> {
  const { telephony, clock, log } = deps;
  const [call] = await db
    .select({
      id: calls.id,
      userId: calls.userId,
      widgetId: calls.widgetId,
      customerNumber: calls.customerNumber,
      calledFrom: calls.calledFrom,
      timeZone: users.timezone,
      accountPhone: users.phone,
    })
    .from(calls)
    .innerJoin(users, eq(users.id, calls.userId))
    .where(eq(calls.id, callId));
  if (!call) throw new Error(`Call ${callId} does not exist`);
  const [widget] = call.widgetId === null ? [] : await db.select().from(widgets).where(eq(widgets.id, call.widgetId));
  const general = readGeneralSettings(widget?.settings ?? {});
  const widgetAgentRows = widget
    ? await db
        .select({ id: agents.id, phone: agents.phone, isActive: agents.isActive, availability: agents.availability })
        .from(widgetAgents)
        .innerJoin(agents, eq(agents.id, widgetAgents.agentId))
        .where(eq(widgetAgents.widgetId, widget.id))
        .orderBy(asc(widgetAgents.position), asc(agents.id))
    : [];
  const useAgents = general.useAgents ?? widgetAgentRows.length > 0;
  const rule: DialRule = useAgents ? (RULES[widget?.callingRuleId ?? 1] ?? 'all-at-once') : 'single-number';
  const tries = Math.max(1, general.numberOfTries ?? 1);
  const pauseMs = ((general.minutesBetweenTries ?? 0) * 60_000) / telephony.timeScale;
  const homeCountry = homeCountryOf(call.accountPhone);

  let outcome: DialOutcome = { status: 'missed', legs: [], answeredBy: null, duration: 0, recordingKey: null };
  const [made] = await db
    .select({ attempts: sql<number>`coalesce(max((${twilioCallLegs.metadata} ->> 'attempt')::int), 0)`.mapWith(Number) })
    .from(twilioCallLegs)
    .where(eq(twilioCallLegs.callId, callId));
  let attempt = Math.min(made?.attempts ?? 0, tries - 1);
  while (attempt < tries) {
    attempt += 1;
    const now = clock.now();
    const targets: DialTarget[] = (
      useAgents
        ? widgetAgentRows
            .filter((agent) => agent.isActive && isWithinWeeklyHours(agent.availability, zonedWallClock(now, call.timeZone)))
            .map((agent) => ({ agentId: agent.id, number: agent.phone }))
        : general.agentNumber
          ? [{ agentId: null, number: general.agentNumber }]
          : []
    ).filter((target) => {
      // Saved before numbers were checked (issue 15 review): a premium-rate or other number the
      // platform must not pay to ring is skipped, never dialled.
      if (numberTypeAllowed(target.number, homeCountry, { allowSimulatorNumbers: telephony.isLocal })) return true;
      log.error({ callId, attempt, agentId: target.agentId, number: target.number }, 'calls: not ringing a number whose type calls may not go to');
      return false;
    });
    if (targets.length === 0) {
      // Nobody can take it now: the attempt is missed without ringing anyone.
      outcome = { status: 'missed', legs: [], answeredBy: null, duration: 0, recordingKey: null };
      log.info({ callId, attempt }, 'calls: no agent available');
    } else {
      try {
        outcome = await telephony.dial({
          callId,
          attempt,
          from: call.calledFrom ?? '',
          rule,
          targets,
          customerNumber: call.customerNumber,
          onFirstDial: attempt === 1 ? onFirstDial : undefined,
        });
      } catch (error) {
        // The provider could not place it: nobody was rung, the attempt is missed.
        log.error({ err: error, callId, attempt }, 'calls: the telephony could not place the attempt');
        outcome = { status: 'missed', legs: [], answeredBy: null, duration: 0, recordingKey: null };
      }
      if (outcome.legs.length > 0) {
        await db.insert(twilioCallLegs).values(
          outcome.legs.map((leg) => ({
            callId,
            target: leg.target,
            agentId: leg.agentId,
            providerSid: leg.providerSid,
            status: leg.status,
            metadata: { to: leg.to, from: call.calledFrom ?? undefined, attempt },
            startedAt: leg.startedAt,
            endedAt: leg.endedAt,
            createdAt: leg.startedAt,
          })),
        );
      }
    }
    log.info({ callId, attempt, tries, status: outcome.status }, 'calls: attempt ended');
    if (outcome.status === 'successful' || attempt >= tries) break;
    await clock.sleep(pauseMs);
  }

  const answered = outcome.answeredBy;
  const connected = outcome.status === 'successful';
  const recorded = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ type: calls.type, status: calls.status, claimedAt: calls.placementClaimedAt, charged: calls.creditsCharged, agentId: calls.agentId })
      .from(calls)
      .where(eq(calls.id, callId))
      .for('update');
    // Recorded already (issue 15 review): an instance thought dead finished after recovery took
    // the call over, or the other way round. The first record stands — its outcome and its
    // charge go together — and this one only makes sure no hold is left. An instant call's
    // record ends its claim; a charged call was recorded whatever its type.
    const alreadyRecorded = !current || current.charged > 0 || (current.type === 'instant' && current.claimedAt === null);
    if (alreadyRecorded) {
      const charged = await settleSafely(tx, log, callId, false);
      log.warn({ callId, stored: current?.status ?? null, ignored: outcome.status }, 'calls: the call was recorded already; keeping its outcome');
      return { status: current?.status ?? outcome.status, agentId: current?.agentId ?? null, creditsCharged: Math.max(charged, current?.charged ?? 0) };
    }
    const charged = await settleSafely(tx, log, callId, connected);
    if (connected) {
      await tx
        .insert(callRecordings)
        .values({ callId, storageKey: outcome.recordingKey ?? synthesizedRecordingKey(callId), duration: outcome.duration })
        .onConflictDoNothing();
    }
    await tx
      .update(calls)
      .set({
        status: outcome.status,
        duration: connected ? outcome.duration : 0,
        agentId: answered?.agentId ?? null,
        agentNumber: answered?.number ?? null,
        creditsCharged: charged,
        placementClaimedAt: null,
      })
      .where(eq(calls.id, callId));
    // The client hears of a call that did not connect (issue 18; the widget's notifications setting).
    if (!connected && call.widgetId !== null) await notifySafely(tx, log, call.widgetId, callId);
    return { status: outcome.status, agentId: answered?.agentId ?? null, creditsCharged: charged };
  });
  return { callId, status: recorded.status, attempts: attempt, agentId: recorded.agentId, creditsCharged: recorded.creditsCharged };
}

/**
 * The missed call's notifications queued in a savepoint: whatever goes wrong there, the outcome
 * is still recorded and the placement's lease ended, so recovery never rings the visitor again
 * for a notification. Logged, and the client is not notified of this call.
 */
async function notifySafely(tx: Database, log: CallRequestDeps['log'], widgetId: number, callId: number): Promise<void> {
  try {
    await tx.transaction((savepoint) => queueNotifications(savepoint, widgetId, 'call_missed', { callId }));
  } catch (error) {
    log.error({ err: error, callId }, 'calls: queueing the missed-call notifications failed; the outcome is recorded without them');
  }
}

/**
 * settleCallCredits in a savepoint: whatever goes wrong settling (it logs inconsistent figures
 * itself and does not throw on them; this catches the unforeseen), the outcome is still recorded
 * and the placement's lease ended, so recovery never rings the visitor again for it. A hold left
 * by a failed settlement stays on calls.reserved_credits, visible, and is logged.
 */
async function settleSafely(tx: Database, log: CallRequestDeps['log'], callId: number, connected: boolean): Promise<number> {
  try {
    return await tx.transaction((savepoint) => settleCallCredits(savepoint, log, callId, connected));
  } catch (error) {
    log.error({ err: error, callId, connected }, 'calls: settling the call\'s credits failed; recording its outcome uncharged');
    return 0;
  }
}
