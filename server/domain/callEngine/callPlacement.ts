import { eq, sql } from 'drizzle-orm';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { AttemptPlan, BridgeOutcome as LifeBridgeOutcome, HoldOutcome as LifeHoldOutcome, RoundOutcome } from '../../../common/machines/callLife.machine.ts';
import { callLifeMachine } from '../../../common/machines/callLife.machine.ts';
import type { BridgeOutcome, CallStatus, DialedLeg, DialRule, DialTarget, RingOutcome } from '../../adapters/telephony/telephony.ts';
import { readCallFlow } from '../../../common/rules/callFlow.ts';
import { nobodyTookItText, recordingNotice, spokenLanguage } from '../../../common/rules/visitorTexts.ts';
import { nextAvailableAt, recoverSafely } from './missedCallRecovery.ts';
import type { Database } from '../../db/client.ts';
import { queueNotifications } from '../notifications/clientNotifications.ts';
import { users } from '../../db/schema/accounts.ts';
import { callRecordings, calls, type CustomFields, twilioCallLegs } from '../../db/schema/calls.ts';
import { type CallContext, type ContextAnswer, type PlacementAgent } from './callContext.ts';
import { isWithinWeeklyHours, zonedWallClock } from '../../../common/rules/workingHours.ts';
import { settleCallCredits } from './callCredits.ts';
import { homeCountryOf, normalizeNumber, numberTypeAllowed } from './callDestinations.ts';
import type { CallRequestDeps } from './callRequestDeps.ts';
import { readGeneralSettings } from './callSettings.ts';
import { synthesizedRecordingKey } from './synthesizedRecording.ts';

/** reference data CALLING_RULES: 1 all at once, 2 one by one, 3 random agent. */
const RULES: Record<number, DialRule> = { 1: 'all-at-once', 2: 'one-by-one', 3: 'random' };

export interface PlacedCall {
  callId: number;
  status: CallStatus;
  attempts: number;
  agentId: number | null;
  creditsCharged: number;
}

/** The rounds of one attempt by the calling rule: who is rung together, round after round. */
function roundsOf(rule: DialRule, targets: DialTarget[]): DialTarget[][] {
  if (targets.length === 0) return [];
  if (rule === 'all-at-once') return [targets];
  if (rule === 'one-by-one') return targets.map((target) => [target]);
  if (rule === 'random') return [[targets[Math.floor(Math.random() * targets.length)]!]];
  return [targets.slice(0, 1)];
}

/** What the agent hears before pressing 1: the widget, the page, what the visitor entered. */
export function whisperOf(widgetName: string, url: string | null, fields: string[]): string {
  let page = '';
  if (url) {
    try {
      const parsed = new URL(url);
      page = ` Page ${parsed.hostname}${parsed.pathname === '/' ? '' : parsed.pathname}.`;
    } catch {
      page = '';
    }
  }
  const said = fields.map((field) => ` ${field}.`).join('');
  return `Call from the widget ${widgetName}.${page}${said} Press 1 to take the call.`;
}

/**
 * Places a recorded call (instant, or a due callback) by its life's statechart
 * (machines/callLife): up to numberOfTries attempts (at least one), minutesBetweenTries apart
 * (divided by the telephony's timeScale), each ringing the agents available now round by round by
 * the widget's calling rule — or its single number — with the whisper and accept step when the
 * widget has it (and, when the widget has waiting audio, calling the visitor first, who hears
 * it meanwhile), then bridging the visitor (the recording notice and caller ID as the widget and
 * account say). Every leg is recorded (twilio_call_legs). The call gets the outcome of its last
 * attempt; a connected call gets its recording and is charged the credits it held since it was
 * accepted, any other outcome gives them back (callCredits.ts settleCallCredits), in the same
 * transaction that records the outcome, ends the placement's lease (calls.placementClaimedAt)
 * and, for a missed Call now, queues its recovery (missedCallRecovery.ts). A call taken over
 * after a crash (callRecovery.ts) goes on after the attempts its legs show were made, with at
 * least one more.
 */
export async function placeCall(db: Database, deps: CallRequestDeps, callId: number, onFirstDial?: () => void, justAccepted?: AcceptedCall): Promise<PlacedCall> {
  const { telephony, clock, log } = deps;
  // A call just accepted here is placed from what its request read; one taken over after a crash is read.
  const call = justAccepted ? placementOfAccepted(callId, justAccepted) : await readPlacement(db, callId);
  const { widget } = call;
  const general = readGeneralSettings(widget?.settings ?? {});
  const flow = readCallFlow(general);
  const widgetAgentRows = widget ? call.agents : [];
  const useAgents = general.useAgents ?? widgetAgentRows.length > 0;
  const rule: DialRule = useAgents ? (RULES[widget?.callingRuleId ?? 1] ?? 'all-at-once') : 'single-number';
  const pauseMs = ((general.minutesBetweenTries ?? 0) * 60_000) / telephony.timeScale;
  const homeCountry = homeCountryOf(call.accountPhone);
  const from = call.calledFrom ?? '';
  // The custom caller ID (issue 18) when the account may show one; the service's number otherwise.
  const customCallerId = general.customCallerId?.value?.trim();
  const shownNumber = call.showsCustomNumber && customCallerId && customCallerId !== '+1' && numberTypeAllowed(customCallerId, homeCountry) ? normalizeNumber(customCallerId, homeCountry) : null;
  // Only a number the provider lets calls show (Twilio: the account's, or one it verified).
  const showable = shownNumber && telephony.mayShowCallerId ? await telephony.mayShowCallerId(shownNumber).catch(() => false) : shownNumber !== null;
  if (shownNumber && !showable) log.warn({ callId, number: shownNumber }, 'calls: the custom caller ID is not a number the telephony may show; the service number is shown');
  const callerId = showable && shownNumber ? shownNumber : from;
  const fieldLabels = widget ? customFieldLabels(widget.settings) : [];
  const fields = ([1, 2, 3] as const).flatMap((n) => {
    const value = call.customFields[`customField${n}`];
    return value ? [`${fieldLabels[n - 1] ?? `Field ${n}`}: ${value}`] : [];
  });
  const whisper = flow.agentWhisper ? whisperOf(call.widgetName, call.url, fields) : null;
  // The notice is said only of a call that is recorded (review of issue 18), in the visitor's language.
  const notice = flow.recording.notice && flow.recording.isActive ? recordingNotice(call.visitorLanguage) : null;
  // Waiting audio (issue 18): the visitor is called first and hears it while the agents are rung.
  const waitingAudio = general.waitingAudio?.isActive && general.waitingAudio.url ? general.waitingAudio.url : null;

  const tries = Math.max(1, general.numberOfTries ?? 1);

  /** Who can be rung at a time: the active agents within their hours, or the widget's number. */
  const availableTargets = (at: Date): DialTarget[] => {
    if (!useAgents) return general.agentNumber ? [{ agentId: null, number: general.agentNumber }] : [];
    const wallClock = zonedWallClock(at, call.timeZone);
    return widgetAgentRows.filter((agent) => agent.isActive && isWithinWeeklyHours(agent.availability, wallClock)).map((agent) => ({ agentId: agent.id, number: agent.phone }));
  };
  /** Whether the widget takes calls at a time (its working hours, when it keeps them). */
  const widgetOpen = (at: Date) => !(general.useSchedule || general.duringWorkingHoursOnly) || isWithinWeeklyHours(general.activeHours, zonedWallClock(at, call.timeZone));

  /** The attempt being placed: its rounds, and the round's accepting agent and bridge. */
  let rounds: DialTarget[][] = [];
  let accepted: { target: DialTarget; line: string } | null = null;
  let bridged: BridgeOutcome | null = null;
  /** The visitor called first (waiting audio), waiting on this line; the rounds rung while a visitor waited, over the whole call. */
  let waiting: string | null = null;
  let roundsWhileWaiting = 0;
  /** What a waiting visitor nobody took hears, in his language (no promise of a callback: it may not come). */
  const speechLanguage = spokenLanguage(call.visitorLanguage);
  const goodbye = { text: nobodyTookItText(call.visitorLanguage, false), speechLanguage };
  const letVisitorGo = async (line: string, attempt: number) => {
    const leg = await telephony.release(line, goodbye).catch((error: unknown) => {
      log.error({ err: error, callId, attempt }, 'calls: could not let the waiting visitor go');
      return undefined;
    });
    if (leg) await saveLegs(attempt, null, [leg]);
  };
  let attempts = 0;

  /**
   * Keeps legs as they happened. A failure is logged, never taken for the call's outcome: a
   * conversation that happened is still recorded and charged (review of issue 18).
   */
  const saveLegs = async (attempt: number, round: number | null, legs: DialedLeg[]) => {
    if (legs.length === 0) return;
    await insertLegs(attempt, round, legs).catch((error: unknown) => log.error({ err: error, callId, attempt, legs: legs.length }, 'calls: could not keep the legs of the call'));
  };
  const insertLegs = (attempt: number, round: number | null, legs: DialedLeg[]) =>
    db.insert(twilioCallLegs).values(
      legs.map((leg) => ({
        callId,
        target: leg.target,
        agentId: leg.agentId,
        providerSid: leg.providerSid,
        status: leg.status,
        metadata: {
          to: leg.to,
          from: leg.from ?? from,
          attempt,
          ...(round === null ? {} : { round }),
          ...(leg.whisper ? { whisper: leg.whisper.text, accepted: leg.whisper.accepted } : {}),
          ...(leg.notice ? { notice: leg.notice } : {}),
          ...(leg.waitingAudio ? { waitingAudio: leg.waitingAudio } : {}),
          ...(leg.goodbye ? { goodbye: leg.goodbye } : {}),
        },
        startedAt: leg.startedAt,
        endedAt: leg.endedAt,
        createdAt: leg.startedAt,
      })),
    );

  const life = callLifeMachine.provide({
    actors: {
      planAttempt: fromPromise<AttemptPlan, { attempt: number }>(async ({ input }) => {
        attempts = input.attempt;
        accepted = null;
        bridged = null;
        const targets = availableTargets(clock.now()).filter((target) => {
          // Saved before numbers were checked (issue 15 review): a premium-rate or other number the
          // platform must not pay to ring is skipped, never dialled.
          if (numberTypeAllowed(target.number, homeCountry, { allowSimulatorNumbers: telephony.isLocal })) return true;
          log.error({ callId, attempt: input.attempt, agentId: target.agentId, number: target.number }, 'calls: not ringing a number whose type calls may not go to');
          return false;
        });
        rounds = roundsOf(rule, targets);
        if (rounds.length === 0) log.info({ callId, attempt: input.attempt }, 'calls: no agent available');
        return { rounds: rounds.length };
      }),
      ringAgents: fromPromise<RoundOutcome, { attempt: number; round: number }>(async ({ input }) => {
        if (waiting !== null && roundsWhileWaiting >= MAX_WAITING_ROUNDS) {
          // A visitor is not kept waiting on the platform's line for ever: no more rounds for him.
          log.info({ callId, attempt: input.attempt, round: input.round + 1 }, 'calls: the visitor waited long enough; not ringing more agents');
          return { accepted: false };
        }
        if (waiting !== null) roundsWhileWaiting += 1;
        let ring: RingOutcome;
        try {
          ring = await telephony.ringAgents({
            callId,
            attempt: input.attempt,
            round: input.round + 1,
            from,
            targets: rounds[input.round] ?? [],
            customerNumber: call.customerNumber,
            whisper,
            onFirstDial: input.attempt === 1 && input.round === 0 ? onFirstDial : undefined,
          });
        } catch (error) {
          // The provider could not ring them: nobody in this round was rung.
          log.error({ err: error, callId, attempt: input.attempt, round: input.round + 1 }, 'calls: the telephony could not ring the agents');
          return { accepted: false };
        }
        accepted = ring.accepted && ring.line ? { target: ring.accepted, line: ring.line } : null;
        bridged = null;
        // The accepting agent's leg is saved once the bridge ends it.
        await saveLegs(input.attempt, input.round + 1, accepted ? ring.legs.filter((leg) => leg.status !== 'in-progress') : ring.legs);
        return { accepted: accepted !== null };
      }),
      holdVisitor: fromPromise<LifeHoldOutcome, { attempt: number }>(async ({ input }) => {
        const held = await telephony.holdVisitor({ callId, attempt: input.attempt, customerNumber: call.customerNumber, callerId, audioUrl: waitingAudio!, notice, speechLanguage }).catch((error: unknown) => {
          log.error({ err: error, callId, attempt: input.attempt }, 'calls: the telephony could not call the visitor first');
          throw error;
        });
        waiting = held.line;
        // His leg is saved when it ends: with the bridge, or when he is let go.
        if (!held.answered) await saveLegs(input.attempt, null, [held.leg]);
        return { status: held.answered ? 'successful' : held.leg.status === 'busy' ? 'busy' : 'no-answer' };
      }),
      releaseVisitor: fromPromise<void, { attempt: number }>(async ({ input }) => {
        const line = waiting;
        waiting = null;
        if (line) await letVisitorGo(line, input.attempt);
      }),
      bridgeVisitor: fromPromise<LifeBridgeOutcome, { attempt: number }>(async ({ input }) => {
        const line = accepted!;
        const visitorLine = waiting;
        waiting = null;
        bridged = await telephony
          .bridge({ callId, attempt: input.attempt, line: line.line, visitorLine, customerNumber: call.customerNumber, callerId, notice, speechLanguage, record: flow.recording.isActive })
          .catch(async (error: unknown) => {
            log.error({ err: error, callId, attempt: input.attempt }, 'calls: the telephony lost the bridge');
            // Never left on the platform's line: a waiting visitor the agent did not join is let go.
            if (visitorLine) await letVisitorGo(visitorLine, input.attempt);
            throw error;
          });
        await saveLegs(input.attempt, null, [bridged.agentLeg, bridged.customerLeg]);
        log.info({ callId, attempt: input.attempt, status: bridged.status }, 'calls: attempt ended');
        return { status: bridged.status };
      }),
      pause: fromPromise<void, { attempt: number }>(() => clock.sleep(pauseMs)),
      recordOutcome: fromPromise<void, { status: CallStatus; recover: boolean }>(async ({ input }) => {
        try {
          recorded = await recordOutcome(input.status, input.recover);
        } catch (error) {
          recordFailure = error;
          throw error;
        }
      }),
    },
  });

  let recorded: Omit<PlacedCall, 'callId' | 'attempts'> | undefined;
  let recordFailure: unknown;
  const recordOutcome = (status: CallStatus, recover: boolean) => {
    // The callback's time is found before the transaction: no row stays locked while it is searched.
    const callbackAt =
      recover && status !== 'successful' && flow.missedCallRecovery.scheduleCallback ? (nextAvailableAt(clock.now(), (at) => widgetOpen(at) && availableTargets(at).length > 0) ?? null) : null;
    return db.transaction(async (tx) => {
      const connected = status === 'successful' && bridged !== null;
      const outcome = bridged as BridgeOutcome | null;
      const answered = connected ? accepted?.target ?? null : null;
      const [current] = await tx
        .select({ type: calls.type, status: calls.status, claimedAt: calls.placementClaimedAt, charged: calls.creditsCharged, agentId: calls.agentId, recordedAt: calls.outcomeRecordedAt })
        .from(calls)
        .where(eq(calls.id, callId))
        .for('update');
      // Recorded already (issue 15 review): an instance thought dead finished after recovery took
      // the call over, or the other way round. The first record stands — its outcome and its
      // charge go together — and this one only makes sure no hold is left. A recorded outcome has
      // its time (a callback's call taken over after a crash is recorded with the status it was
      // left with: scheduledCallPlacement.ts); an instant call's record also ends its claim, and a
      // charged call was recorded whatever its type.
      const alreadyRecorded = !current || current.recordedAt !== null || current.charged > 0 || (current.type === 'instant' && current.claimedAt === null);
      if (alreadyRecorded) {
        const charged = await settleSafely(tx, log, callId, false);
        log.warn({ callId, stored: current?.status ?? null, ignored: status }, 'calls: the call was recorded already; keeping its outcome');
        return { status: (current?.status ?? status) as CallStatus, agentId: current?.agentId ?? null, creditsCharged: Math.max(charged, current?.charged ?? 0) };
      }
      const charged = await settleSafely(tx, log, callId, connected);
      if (connected && flow.recording.isActive) {
        await tx
          .insert(callRecordings)
          .values({ callId, storageKey: outcome?.recordingKey ?? synthesizedRecordingKey(callId), duration: outcome?.duration ?? 0 })
          .onConflictDoNothing();
      }
      await tx
        .update(calls)
        .set({
          status,
          duration: connected ? (outcome?.duration ?? 0) : 0,
          agentId: answered?.agentId ?? null,
          agentNumber: answered?.number ?? null,
          creditsCharged: charged,
          placementClaimedAt: null,
          // call.completed and call.missed are written on it (migration 0017), with the recovery below.
          outcomeRecordedAt: clock.now(),
        })
        .where(eq(calls.id, callId));
      // A test call (issue 21) is the client's own: no recovery (a callback would be a paid call,
      // a text a message to a number the client typed) and no notification of a call the client
      // is on.
      if (!connected && call.widgetId !== null && !call.isTest) {
        // A missed Call now is recovered as the widget says (issue 18); the client hears of any
        // call that did not connect unless the widget's recovery leaves the client out.
        if (recover) await recoverSafely(tx, log, { callId, recovery: flow.missedCallRecovery, callbackAt });
        // The widget's recovery speaks of Call now; a missed callback is always notified.
        if (!recover || flow.missedCallRecovery.notifyClient) await notifySafely(tx, log, call.widgetId, callId);
      }
      return { status, agentId: answered?.agentId ?? null, creditsCharged: charged };
    });
  };

  const actor = createActor(life, {
    input: { tries, firstAttempt: Math.min(call.attempts, tries - 1) + 1, recovers: call.type === 'instant' && call.widgetId !== null && !call.isTest, visitorFirst: waitingAudio !== null },
  });
  const done = toPromise(actor.start());
  await done;
  // Lines the life left open (a step failed between accept and bridge): let go.
  const held = accepted as { line: string } | null;
  if (held && bridged === null) await telephony.release(held.line).catch(() => undefined);
  const stillWaiting = waiting as string | null;
  if (stillWaiting) await telephony.release(stillWaiting).catch(() => undefined);
  if (!recorded) throw recordFailure ?? new Error(`Call ${callId}: its outcome could not be recorded`);
  const final: Omit<PlacedCall, 'callId' | 'attempts'> = recorded;
  return { callId, status: final.status, attempts, agentId: final.agentId, creditsCharged: final.creditsCharged };
}

/**
 * A visitor called first waits through at most this many rounds of agents (each rings up to
 * about 30 s: some 2 minutes); then he is let go, and the platform stops paying for his line.
 */
export const MAX_WAITING_ROUNDS = 4;
// (Counted over the whole call, every attempt: the platform pays for the visitor's line.)

/** The labels of a widget's custom fields (scheduleSetup.customFieldN.text), where set. */
function customFieldLabels(settings: unknown): (string | undefined)[] {
  const setup = (settings as { scheduleSetup?: Record<string, { text?: string } | undefined> } | null)?.scheduleSetup;
  return [1, 2, 3].map((n) => setup?.[`customField${n}`]?.text || undefined);
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

/** A Call now call this instance has just accepted: what placing it needs, known from its request (no read). */
export interface AcceptedCall {
  userId: number;
  context: CallContext;
  customerNumber: string;
  url: string;
  visitorLanguage: string | null;
  /** A client's test call (issue 21, testCalls.ts). */
  isTest?: boolean;
}

/** What placing a call starts from. */
interface Placement {
  id: number;
  userId: number;
  type: 'instant' | 'scheduled';
  isTest: boolean;
  widgetId: number | null;
  widgetName: string;
  url: string | null;
  customFields: CustomFields;
  customerNumber: string;
  calledFrom: string | null;
  timeZone: string;
  accountPhone: string;
  showsCustomNumber: boolean;
  visitorLanguage: string | null;
  /** Null when the widget is gone. */
  widget: { id: number; settings: Record<string, unknown>; callingRuleId: number | null } | null;
  agents: PlacementAgent[];
  /** Attempts already made (a call taken over after a crash). */
  attempts: number;
}

function placementOfAccepted(callId: number, { userId, context, customerNumber, url, visitorLanguage, isTest = false }: AcceptedCall): Placement {
  const { widget } = context;
  return {
    id: callId,
    userId,
    type: 'instant',
    isTest,
    widgetId: widget.id,
    widgetName: widget.name,
    url,
    customFields: {},
    customerNumber,
    calledFrom: context.serviceNumber,
    timeZone: context.timeZone,
    accountPhone: context.accountPhone,
    showsCustomNumber: context.showsCustomNumber,
    visitorLanguage,
    widget: { id: widget.id, settings: widget.settings, callingRuleId: widget.callingRuleId },
    agents: context.agents,
    attempts: 0,
  };
}

// One statement for everything the first dial needs of a call read back (issue 17: under a
// crowd of Call now requests, each statement is a turn on the database): the call, its account,
// its widget's settings and agents in their order (call_context, as requests read them), and the
// attempts already made (a call taken over after a crash).
function selectPlacement(db: Database, callId: number) {
  return db
    .select({
      id: calls.id,
      userId: calls.userId,
      type: calls.type,
      isTest: calls.isTest,
      widgetId: calls.widgetId,
      widgetName: calls.widgetName,
      url: calls.url,
      customFields: calls.customFields,
      customerNumber: calls.customerNumber,
      calledFrom: calls.calledFrom,
      timeZone: users.timezone,
      accountPhone: users.phone,
      showsCustomNumber: users.displayCustomNumberToCustomers,
      visitorLanguage: calls.visitorLanguage,
      // Null when the widget is gone.
      context: sql<ContextAnswer | null>`call_context(${calls.userId}, ${calls.widgetId}, null)`,
      attempts: sql<number>`(select coalesce(max((${twilioCallLegs.metadata} ->> 'attempt')::int), 0) from ${twilioCallLegs} where ${twilioCallLegs.callId} = ${calls.id})`.mapWith(Number),
    })
    .from(calls)
    .innerJoin(users, eq(users.id, calls.userId))
    .where(eq(calls.id, callId));
}

async function readPlacement(db: Database, callId: number): Promise<Placement> {
  const [row] = await selectPlacement(db, callId);
  if (!row) throw new Error(`Call ${callId} does not exist`);
  const { context, ...call } = row;
  const widget = context && { id: context.widget.id, settings: context.widget.settings, callingRuleId: context.widget.callingRuleId };
  return { ...call, widget, agents: context?.agents ?? [] };
}
