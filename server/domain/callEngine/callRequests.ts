import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { TWILIO_NUMBERS } from '../../db/referenceData.ts';
import { users } from '../../db/schema/accounts.ts';
import { credits } from '../../db/schema/billing.ts';
import { calls, type CustomFields, scheduledCalls } from '../../db/schema/calls.ts';
import { twilioNumbers } from '../../db/schema/reference.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { PHONE_PATTERN, stripVisitorNumber } from '../../../common/rules/phone.ts';
import { isWithinWeeklyHours, zonedWallClock } from '../../../common/rules/workingHours.ts';
import { canPayForACall } from './callCredits.ts';
import { placeUnderLease } from './callRecovery.ts';
import type { CallRequestDeps } from './callRequestDeps.ts';
import { type CallSettings, readGeneralSettings } from './callSettings.ts';

/** How far ahead a visitor may schedule a callback. */
export const MAX_SCHEDULE_AHEAD_DAYS = 60;

export type CallRequestErrorCode =
  /** No active widget with this id on this website of this account. */
  | 'widget_not_found'
  | 'widget_inactive'
  /** A call would take the balance below the overdraft (spec §1: no credits, no calls). */
  | 'no_credits'
  /** The widget takes calls only within its working hours (useSchedule / duringWorkingHoursOnly). */
  | 'outside_working_hours'
  /** The widget does not offer the schedule form now (showScheduleForm). */
  | 'schedule_not_offered'
  | 'invalid_number'
  | 'invalid_scheduled_time';

/** A call request the rules refuse; `message` is an English sentence fit for the visitor-facing API. */
export class CallRequestError extends Error {
  override name = 'CallRequestError';
  readonly code: CallRequestErrorCode;
  constructor(code: CallRequestErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export interface InstantCallRequest {
  userId: number;
  websiteId: number;
  widgetId: number;
  customerNumber: string;
  /** The page the visitor asked from (Call request URL). */
  url: string;
  visitor: { address?: string };
}

export interface ScheduledCallRequest {
  userId: number;
  websiteId: number;
  widgetId: number;
  customerNumber: string;
  url: string;
  scheduledAt: Date;
  customFields: CustomFields;
}

/**
 * "Call now" (issue 7): checks the widget is active, the working hours, the credits, then
 * records the call and starts ringing in the background (deps.placements): agents by the calling
 * rule and their availability, or the widget's single number, retried numberOfTries times. The
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
  const customerNumber = normalizeNumber(request.customerNumber);
  const now = deps.clock.now();
  const context = await loadRequestContext(db, request);
  const { general } = context;
  if ((general.useSchedule || general.duringWorkingHoursOnly) && !isWithinWeeklyHours(general.activeHours, zonedWallClock(now, context.timeZone))) {
    throw new CallRequestError('outside_working_hours', 'Calls are taken during working hours only.');
  }
  assertCanSpend(context);
  const windowStart = new Date(now.getTime() - deps.duplicateWindowSeconds * 1000);
  const answer = await db.transaction(async (tx) => {
    await lockNumber(tx, request.userId, customerNumber);
    const [earlier] = await tx
      .select({ callId: calls.id, convertId: calls.convertId })
      .from(calls)
      .where(and(eq(calls.userId, request.userId), eq(calls.customerNumber, customerNumber), eq(calls.type, 'instant'), gte(calls.createdAt, windowStart)))
      .orderBy(desc(calls.createdAt))
      .limit(1);
    if (earlier) return { ...earlier, duplicate: true };
    const [created] = await tx
      .insert(calls)
      .values({
        userId: request.userId,
        convertId: newCallConvertId(),
        websiteId: request.websiteId,
        widgetId: request.widgetId,
        widgetName: context.widget.name,
        widgetTypeId: context.widget.typeId,
        type: 'instant',
        // Not answered yet: the outcome of the last try replaces it.
        status: 'no-answer',
        url: request.url,
        customerNumber,
        calledFrom: context.serviceNumber,
        // Claimed by this instance until the outcome is recorded (callRecovery.ts).
        placementClaimedAt: now,
        createdAt: now,
      })
      .returning({ callId: calls.id, convertId: calls.convertId });
    return { ...created!, duplicate: false };
  });
  if (answer.duplicate) {
    deps.log.info({ callId: answer.callId, userId: request.userId }, 'calls: duplicate request answered with the earlier call');
    return answer;
  }
  deps.log.info({ callId: answer.callId, userId: request.userId, visitor: request.visitor.address }, 'calls: instant call requested');
  deps.placements.track(
    placeUnderLease(db, deps, answer.callId, () => deps.onFirstDial?.(answer.callId)).catch((error: unknown) => deps.log.error({ err: error, callId: answer.callId }, 'calls: placing the call failed')),
  );
  return answer;
}

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
  const customerNumber = normalizeNumber(request.customerNumber);
  const now = deps.clock.now();
  const context = await loadRequestContext(db, request);
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
    const fields = request.customFields;
    const [created] = await tx
      .insert(scheduledCalls)
      .values({
        userId: request.userId,
        websiteId: request.websiteId,
        widgetId: request.widgetId,
        customerNumber,
        scheduledAt: at,
        customFields: {
          customField1: fields.customField1 ?? null,
          customField2: fields.customField2 ?? null,
          customField3: fields.customField3 ?? null,
        },
        createdAt: now,
        updatedAt: now,
      })
      .returning({ scheduledCallId: scheduledCalls.id });
    return { ...created!, duplicate: false };
  });
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

/** A visitor's number in the form calls store it: spaces, dots, dashes and brackets dropped. */
export function normalizeNumber(raw: string): string {
  const number = stripVisitorNumber(raw);
  if (!PHONE_PATTERN.test(number)) throw new CallRequestError('invalid_number', 'Wrong phone number format.');
  return number;
}

export interface RequestContext {
  widget: { id: number; name: string; typeId: number };
  general: CallSettings;
  timeZone: string;
  serviceNumber: string;
  balance: number;
  overdraft: number;
}

/** The widget (of this account and website), the account's time zone and number, and its credits. */
async function loadRequestContext(db: Database, request: { userId: number; websiteId: number; widgetId: number }): Promise<RequestContext> {
  const [row] = await db
    .select({
      widget: { id: widgets.id, name: widgets.name, typeId: widgets.typeId, isActive: widgets.isActive, settings: widgets.settings },
      timeZone: users.timezone,
      serviceNumber: twilioNumbers.number,
      deletedAt: users.deletedAt,
      balance: credits.credits,
      overdraft: credits.overdraft,
    })
    .from(widgets)
    .innerJoin(users, eq(users.id, widgets.userId))
    .leftJoin(twilioNumbers, eq(twilioNumbers.id, users.twilioNumberId))
    .leftJoin(credits, eq(credits.userId, widgets.userId))
    .where(and(eq(widgets.id, request.widgetId), eq(widgets.userId, request.userId), eq(widgets.websiteId, request.websiteId)));
  if (!row || row.deletedAt) throw new CallRequestError('widget_not_found', 'The widget is not found.');
  if (!row.widget.isActive) throw new CallRequestError('widget_inactive', 'The widget is not active.');
  const general = readGeneralSettings(row.widget.settings);
  return {
    widget: row.widget,
    general,
    timeZone: row.timeZone,
    serviceNumber: row.serviceNumber ?? TWILIO_NUMBERS[0]!.number,
    balance: row.balance ?? 0,
    overdraft: row.overdraft ?? 0,
  };
}

function assertCanSpend(context: RequestContext): void {
  if (!canPayForACall(context.balance, context.overdraft)) {
    throw new CallRequestError('no_credits', 'Calls are unavailable: the account has no credits.');
  }
}

/**
 * Serializes requests for one number of one account until the transaction ends, so two
 * simultaneous clicks make one call (works on PGlite and PostgreSQL).
 */
async function lockNumber(tx: Database, userId: number, customerNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${userId}::int, hashtext(${customerNumber}))`);
}
