import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { GroupCommit } from '../../db/groupCommit.ts';
import { oncePerDatabase } from '../../db/prepared.ts';
import { type CustomFields, scheduledCalls } from '../../db/schema/calls.ts';
import { isWithinWeeklyHours, zonedWallClock } from '../../../common/rules/workingHours.ts';
import { type CallAttribution, keptForGa4, recordCallAttribution } from './callAttribution.ts';
import { type CallContext, loadCallContext } from './callContext.ts';
import { type CallDestinations, callableNumber, callDestinationsOf, readCallDestinations } from './callDestinations.ts';
import { CallRequestError } from './callRequestError.ts';
import { canPayForACall, CREDITS_PER_CONNECTED_CALL } from './callCredits.ts';
import { trackRechargeAfterHold } from '../credits/reservations.ts';
import { blockListKeys } from '../blockList/blockList.ts';
import { type RateLimit, rateLimitKey, visitorNumberKey } from '../limits/rateLimits.ts';
import { VELOCITY_LIMITS, type VelocityAnswer, type VelocityVerdict, velocityVerdictOf } from '../limits/callVelocity.ts';
import { placeUnderLease } from './callRecovery.ts';
import type { CallRequestDeps } from './callRequestDeps.ts';
import { type CallSettings, readGeneralSettings } from './callSettings.ts';
import { queueNotifications } from '../notifications/clientNotifications.ts';
import { landingPageOf, trafficSourceId, type TrafficSourceKey, trafficSourceKey, type VisitorSource } from '../analytics/trafficSources.ts';

/** How far ahead a visitor may schedule a callback. */
export const MAX_SCHEDULE_AHEAD_DAYS = 60;

export { CallRequestError, type CallRequestErrorCode } from './callRequestError.ts';
export { normalizeNumber } from './callDestinations.ts';

export interface InstantCallRequest {
  userId: number;
  websiteId: number;
  widgetId: number;
  customerNumber: string;
  /** The page the visitor asked from (Call request URL). */
  url: string;
  /** The visitor's language as the widget reported it (BCP 47), for the text after a missed call. */
  language?: string;
  visitor: { address?: string };
  /** The widget API's guardrails and the client's velocity limits, checked in the accepting statement. */
  guard?: CallGuard;
  /** The widget's call context when the caller has read it already (loadCallRequestContext; null: no such widget); else it is read. */
  context?: CallContext | null;
  /** The visitor's Google Analytics ids (callAttributionOf: well-formed only), for the outcome sent to the client's GA4 property. */
  attribution?: CallAttribution | null;
  /** The visitor's first-touch source and landing page (issue 20); none told: not set. */
  source?: VisitorSource | null;
}

/** A refusal of the widget API's guardrails or of the client's velocity limits (CallGuard). */
export type CallRefusal = { kind: 'blocked' } | { kind: 'rate_limited'; retryAfterSeconds: number } | { kind: 'velocity'; verdict: VelocityRefusal };

export type VelocityRefusal = Extract<VelocityVerdict, { allowed: false }>;

/**
 * What the widget API checks of a Call now request besides the call rules, in the statement that
 * accepts it (issue 17: one turn on the database), in this order: the account's block list (the
 * number in E.164 and the visitor's address), the per-number limit (visitorNumberKey, counted
 * whatever follows), then, after the duplicate check, the client's velocity limits
 * (callVelocity.ts: only requests about to become a call count).
 */
export interface CallGuard {
  address: string;
  numberLimit: RateLimit;
  /** The error a refusal is answered with (the caller's contract: status, headers, e-mails). */
  refuse: (refusal: CallRefusal) => Error;
}

/**
 * A last check run inside the recording transaction, after every call rule and the duplicate
 * check, right before the call or callback is written (the widget API's velocity limits, issue
 * 15): so only requests that would become a call count. Returns the error to throw once the
 * transaction has committed (its counts stay), or nothing to go on.
 */
export type VelocityAdmission = (tx: Database) => Promise<Error | undefined>;

export interface ScheduledCallRequest {
  userId: number;
  websiteId: number;
  widgetId: number;
  customerNumber: string;
  url: string;
  scheduledAt: Date;
  customFields: CustomFields;
  admit?: VelocityAdmission;
  /** The visitor's Google Analytics ids (callAttributionOf), kept with the callback until its call is placed. */
  attribution?: CallAttribution | null;
  /** The visitor's first-touch source and landing page (issue 20), kept with the callback for its call. */
  source?: VisitorSource | null;
}

/**
 * "Call now" (issue 7): checks the widget is active, the working hours, the credits, then in one
 * statement (acceptInstantCall below: with the request's guard, if any) holds the
 * call's price on the balance (refused with no_credits when the available balance cannot pay it)
 * and records the call, and starts ringing in the background (deps.placements): agents by the
 * calling rule and their availability, or the widget's single number, retried numberOfTries times. The
 * call row exists at once (status no-answer, duration 0) and gets its outcome when the last try
 * ends; the placement is a claim on the row (calls.placementClaimedAt) that another instance takes
 * over if this one dies before (callRecovery.ts). A second request for the same number on the same account within
 * deps.duplicateWindowSeconds answers the first call, `duplicate: true`, and rings nobody.
 * Throws CallRequestError.
 */
export async function requestInstantCall(
  db: Database,
  deps: CallRequestDeps,
  request: InstantCallRequest,
): Promise<{ callId: number; convertId: string; duplicate: boolean }> {
  const now = deps.clock.now();
  const context = requestContextOf(request.context === undefined ? await loadCallContext(db, request) : (request.context ?? undefined));
  const customerNumber = destinationOf(deps, context, request);
  const { general } = context;
  if ((general.useSchedule || general.duringWorkingHoursOnly) && !isWithinWeeklyHours(general.activeHours, zonedWallClock(now, context.timeZone))) {
    throw new CallRequestError('outside_working_hours', 'Calls are taken during working hours only.');
  }
  assertCanSpend(context);
  const answer = await acceptInstantCall(db, deps.log, {
    userId: request.userId,
    websiteId: request.websiteId,
    widgetId: request.widgetId,
    widgetName: context.widget.name,
    widgetTypeId: context.widget.typeId,
    customerNumber,
    // A lone UTF-16 surrogate has no place in JSON text for PostgreSQL (its jsonb refuses the
    // request); stored as U+FFFD, as a text parameter stores it.
    url: wellFormed(request.url),
    visitorLanguage: request.language ?? null,
    calledFrom: context.serviceNumber,
    convertId: newCallConvertId(),
    credits: CREDITS_PER_CONNECTED_CALL,
    at: now.toISOString(),
    duplicateSince: new Date(now.getTime() - deps.duplicateWindowSeconds * 1000).toISOString(),
    source: trafficSourceKey(request.source),
    landingPage: landingPageOf(request.source),
    ...(request.guard && {
      guard: {
        ...blockListKeys({ number: customerNumber, address: request.guard.address }),
        numberLimitKey: rateLimitKey(request.guard.numberLimit, visitorNumberKey(request.userId, customerNumber)),
        numberLimitMax: request.guard.numberLimit.max,
        numberLimitWindowSeconds: request.guard.numberLimit.windowSeconds,
      },
      velocity: VELOCITY_LIMITS,
    }),
  });
  switch (answer.outcome) {
    case 'blocked':
      throw request.guard!.refuse({ kind: 'blocked' });
    case 'rate_limited':
      throw request.guard!.refuse({ kind: 'rate_limited', retryAfterSeconds: Number(answer.retryAfterSeconds) });
    case 'velocity':
      throw request.guard!.refuse({ kind: 'velocity', verdict: velocityVerdictOf(answer) as VelocityRefusal });
    case 'no_credits':
      throw noCredits();
    case 'duplicate':
      deps.log.info({ callId: answer.callId, userId: request.userId }, 'calls: duplicate request answered with the earlier call');
      return { callId: answer.callId, convertId: answer.convertId, duplicate: true };
    case 'accepted':
      break;
  }
  if (answer.rechargeDue) {
    // The hold took the balance under an armed auto-recharge threshold: queue the purchase as a
    // debit would (its rule is the state, not the crossing: were this lost, the payments
    // worker's sweep finds it).
    deps.placements.track(
      trackRechargeAfterHold(db, request.userId).catch((error: unknown) =>
        deps.log.error({ err: error, userId: request.userId }, 'calls: the auto-recharge after a hold could not be queued'),
      ),
    );
  }
  deps.log.info({ callId: answer.callId, userId: request.userId, visitor: request.visitor.address }, 'calls: instant call requested');
  const { callId, convertId } = answer;
  // Placed once the request is answered: the 202s of requests accepted together go out before
  // their placements take the event loop (issue 17).
  const replied = afterReplies();
  const { attribution } = request;
  if (attribution) {
    // After the answer too, beside the placement (written after the outcome, it still queues the
    // GA4 event: migration 0019), and only for an account with an active GA4 connection. Lost,
    // only the client's GA4 misses the call's outcome; nothing waits for it.
    const call = { id: callId, userId: request.userId };
    deps.placements.track(
      replied
        .then(() => recordCallAttribution(db, call, attribution))
        .catch((error: unknown) => deps.log.warn({ err: error, callId }, 'calls: the call\'s attribution could not be written')),
    );
  }
  deps.placements.track(
    replied.then(() => placeUnderLease(db, deps, callId, () => deps.onFirstDial?.(callId), {
      userId: request.userId,
      context,
      customerNumber,
      url: request.url,
      visitorLanguage: request.language ?? null,
    })).catch((error: unknown) => deps.log.error({ err: error, callId }, 'calls: placing the call failed')),
  );
  return { callId, convertId, duplicate: false };
}

/** Resolves after the replies written in this turn of the event loop (setImmediate runs after them). */
function afterReplies(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A string without lone surrogates (each becomes U+FFFD), as String.prototype.toWellFormed. */
function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, '\uFFFD');
}

/** What accept_instant_call (and accept_instant_calls, for each request) is given. */
interface AcceptInstantCall {
  userId: number;
  websiteId: number;
  widgetId: number;
  widgetName: string;
  widgetTypeId: number;
  customerNumber: string;
  url: string;
  visitorLanguage: string | null;
  calledFrom: string;
  convertId: string;
  credits: number;
  at: string;
  duplicateSince: string;
  /** Resolved to the call's traffic source in the accepting statement (traffic_source_id, migration 0022). */
  source: TrafficSourceKey | null;
  landingPage: string | null;
  guard?: { numberSpellings: readonly string[]; address: string | null; numberLimitKey: string; numberLimitMax: number; numberLimitWindowSeconds: number };
  velocity?: typeof VELOCITY_LIMITS;
}

/** accept_instant_call's answer. */
type AcceptAnswer =
  | { outcome: 'blocked' | 'no_credits' }
  | { outcome: 'rate_limited'; retryAfterSeconds: number }
  | ({ outcome: 'velocity' } & VelocityAnswer)
  | { outcome: 'duplicate'; callId: number; convertId: string }
  | { outcome: 'accepted'; callId: number; convertId: string; rechargeDue: boolean };

/**
 * Accepts or refuses a Call now request in one statement (accept_instant_call: migration 0014
 * lists its outcomes): under a crowd, each statement is a turn on the database, and the
 * transaction this replaced took a dozen. The requests for one widget that come together are
 * accepted together (server/db/groupCommit.ts; accept_instant_calls, migration 0015, which
 * answers each as one by one would).
 */
function acceptInstantCall(db: Database, log: CallRequestDeps['log'], call: AcceptInstantCall): Promise<AcceptAnswer> {
  // A batch is one widget's, with or without the guard and velocity limits (accept_instant_calls refuses a mix).
  return acceptances(db).run(`${call.userId}:${call.widgetId}:${call.guard ? 'guarded' : 'open'}`, call, (error, size) =>
    log.warn({ err: error, requests: size }, 'calls: Call now requests accepted together failed; accepting each alone'),
  );
}

const acceptances = oncePerDatabase(
  (db) =>
    new GroupCommit<AcceptInstantCall, AcceptAnswer>({
      one: async (call) => {
        const result = await db.execute(sql`select accept_instant_call(${JSON.stringify(call)}::jsonb) as answer`);
        return (result as unknown as { rows: { answer: AcceptAnswer }[] }).rows[0]!.answer;
      },
      many: async (batch) => {
        const result = await db.execute(sql`select accept_instant_calls(${JSON.stringify(batch)}::jsonb) as answers`);
        return (result as unknown as { rows: { answers: AcceptAnswer[] }[] }).rows[0]!.answers;
      },
      // A number asking twice (a double click) is answered after its first request: then it is a duplicate.
      distinct: (call) => call.customerNumber,
    }),
);

/**
 * "Schedule a call" (issue 7): checks the widget is active and offers the schedule form now
 * (showScheduleForm during / outside working hours), that the time is ahead (at most
 * MAX_SCHEDULE_AHEAD_DAYS) and, when the widget takes calls only within working hours, inside
 * them, and the credits; stores a pending callback that the scheduled-calls worker places at its
 * time. The same number asking again on the same widget while a callback is pending, within
 * deps.duplicateWindowSeconds, answers the first one. Throws CallRequestError.
 */
export async function requestScheduledCall(
  db: Database,
  deps: CallRequestDeps,
  request: ScheduledCallRequest,
): Promise<{ scheduledCallId: number; duplicate: boolean }> {
  const now = deps.clock.now();
  const context = await loadRequestContext(db, request);
  const customerNumber = destinationOf(deps, context, request);
  const { general } = context;
  const within = isWithinWeeklyHours(general.activeHours, zonedWallClock(now, context.timeZone));
  const offered = within ? general.showScheduleForm?.duringWorkingHours !== false : general.showScheduleForm?.outsideWorkingHours !== false;
  if (!offered) throw new CallRequestError('schedule_not_offered', 'This widget does not take scheduled calls now.');
  const at = request.scheduledAt;
  if (Number.isNaN(at.getTime()) || at.getTime() < now.getTime() - 60_000) {
    throw new CallRequestError('invalid_scheduled_time', 'The time of the call must be in the future.');
  }
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * 86_400_000) {
    throw new CallRequestError('invalid_scheduled_time', `The time of the call must be within ${MAX_SCHEDULE_AHEAD_DAYS} days.`);
  }
  if ((general.useSchedule || general.duringWorkingHoursOnly) && !isWithinWeeklyHours(general.activeHours, zonedWallClock(at, context.timeZone))) {
    throw new CallRequestError('invalid_scheduled_time', 'The time of the call must be within working hours.');
  }
  assertCanSpend(context);
  const windowStart = new Date(now.getTime() - deps.duplicateWindowSeconds * 1000);
  const answer = await db.transaction(async (tx) => {
    await lockNumber(tx, request.userId, customerNumber);
    const [earlier] = await tx
      .select({ scheduledCallId: scheduledCalls.id })
      .from(scheduledCalls)
      .where(
        and(
          eq(scheduledCalls.userId, request.userId),
          eq(scheduledCalls.widgetId, request.widgetId),
          eq(scheduledCalls.customerNumber, customerNumber),
          eq(scheduledCalls.status, 'pending'),
          gte(scheduledCalls.createdAt, windowStart),
        ),
      )
      .orderBy(desc(scheduledCalls.createdAt))
      .limit(1);
    if (earlier) return { ...earlier, duplicate: true };
    const refusal = await request.admit?.(tx);
    if (refusal) return { refusal };
    const fields = request.customFields;
    const source = await trafficSourceId(tx, request.userId, trafficSourceKey(request.source));
    const [created] = await tx
      .insert(scheduledCalls)
      .values({
        userId: request.userId,
        websiteId: request.websiteId,
        widgetId: request.widgetId,
        customerNumber,
        url: request.url,
        scheduledAt: at,
        customFields: {
          customField1: fields.customField1 ?? null,
          customField2: fields.customField2 ?? null,
          customField3: fields.customField3 ?? null,
        },
        // Kept only while the account has an active GA4 connection, in this same statement.
        ...keptForGa4(request.userId, request.attribution ?? null),
        trafficSourceId: source,
        landingPage: landingPageOf(request.source),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ scheduledCallId: scheduledCalls.id });
    await queueNotifications(tx, request.widgetId, 'callback_scheduled', created!);
    return { ...created!, duplicate: false };
  });
  if ('refusal' in answer) throw answer.refusal;
  deps.log.info({ scheduledCallId: answer.scheduledCallId, userId: request.userId, duplicate: answer.duplicate }, 'calls: callback scheduled');
  return answer;
}

/** The Call ID shown in Calls History (spec §2), like the demo's: CL- and ten letters or digits. */
export function newCallConvertId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let id = '';
  for (let i = 0; i < 10; i += 1) id += alphabet[randomInt(alphabet.length)];
  return `CL-${id}`;
}

/**
 * The widget API's check of a visitor's number once the website's account is known, before its
 * block list and per-number limits (which then count the E.164 form): the same rule the call
 * requests apply. Throws CallRequestError.
 */
export async function checkVisitorNumber(db: Database, deps: CallRequestDeps, userId: number, raw: string): Promise<string> {
  const account = await readCallDestinations(db, userId);
  return destinationOf(deps, { destinations: account }, { userId, widgetId: null, customerNumber: raw });
}

/**
 * The visitor's number in E.164 if calls may go there (callDestinations.ts: its type and the
 * account's countries); a refusal is logged with its reason and thrown.
 */
function destinationOf(
  deps: CallRequestDeps,
  context: CallContext | { destinations: CallDestinations },
  request: { userId: number; widgetId: number | null; customerNumber: string },
): string {
  const destinations = 'destinations' in context ? context.destinations : callDestinationsOf(context);
  try {
    return callableNumber(request.customerNumber, { ...destinations, allowSimulatorNumbers: deps.telephony.isLocal });
  } catch (error) {
    if (error instanceof CallRequestError) {
      deps.log.info({ userId: request.userId, widgetId: request.widgetId, reason: error.code }, 'calls: request refused, the number cannot be called');
    }
    throw error;
  }
}

export type RequestContext = CallContext & { general: CallSettings };

/** The widget (of this account and website), the account's time zone and number, and its credits. */
async function loadRequestContext(db: Database, request: { userId: number; websiteId: number; widgetId: number }): Promise<RequestContext> {
  return requestContextOf(await loadCallContext(db, request));
}

/** A widget's call context, if it can take a request now (else CallRequestError), with its general settings. */
function requestContextOf(context: CallContext | undefined): RequestContext {
  if (!context || context.accountDeleted) throw new CallRequestError('widget_not_found', 'The widget is not found.');
  if (!context.widget.isActive) throw new CallRequestError('widget_inactive', 'The widget is not active.');
  return { ...context, general: readGeneralSettings(context.widget.settings) };
}

/** A hint before anything is written; what holds is the reservation (reserve_credits: holdCreditsForCall, or accept_instant_calls'). */
function assertCanSpend(context: RequestContext): void {
  if (!canPayForACall(context.available, context.overdraft)) throw noCredits();
}

function noCredits(): CallRequestError {
  return new CallRequestError('no_credits', 'Calls are unavailable: the account has no credits.');
}

/**
 * Serializes requests for one number of one account until the transaction ends, so two
 * simultaneous clicks make one call (works on PGlite and PostgreSQL).
 */
async function lockNumber(tx: Database, userId: number, customerNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${userId}::int, hashtext(${customerNumber}))`);
}
