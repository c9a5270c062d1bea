import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isWithinWeeklyHours, zonedWallClock } from '../../../common/rules/workingHours.ts';
import { blockListKeys } from '../blockList/blockList.ts';
import { loadCallContext } from './callContext.ts';
import { callableNumber, callDestinationsOf } from './callDestinations.ts';
import { placeUnderLease } from './callRecovery.ts';
import { CallRequestError } from './callRequestError.ts';
import type { CallRequestDeps } from './callRequestDeps.ts';
import { readGeneralSettings } from './callSettings.ts';
import { newCallConvertId } from './callRequests.ts';

/**
 * Test calls an account may place in TEST_CALL_WINDOW_SECONDS (issue 21): each dials a number the
 * client typed at the service's expense, so a few are enough to hear the flow and too few to make
 * the endpoint a free phone line.
 */
export const TEST_CALL_LIMIT = 5;
export const TEST_CALL_WINDOW_SECONDS = 24 * 60 * 60;

/** What the dashboard shows before a test call: how many are left, and when the next frees up (null while some are left). */
export interface TestCallAllowance {
  limit: number;
  remaining: number;
  nextAt: string | null;
}

/** A refusal of accept_test_call that is not a call rule (CallRequestError covers those). */
export class TestCallRefusal extends Error {
  override name = 'TestCallRefusal';
  readonly kind: 'unverified' | 'blocked' | 'limited';
  readonly retryAfterSeconds: number;
  constructor(kind: 'unverified' | 'blocked' | 'limited', retryAfterSeconds = 0) {
    super(kind);
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type TestCallAnswer =
  | { outcome: 'accepted'; callId: number; convertId: string; url: string; used: number }
  | { outcome: 'unverified' | 'not_found' | 'blocked' }
  | { outcome: 'limited'; retryAfterSeconds: number };

/**
 * "Call me now" (issue 21): a Call now of the account's widget to `phone`, placed by the call
 * engine as a visitor's is (the widget's agents or number, calling rule, whisper, recording and
 * flow; the widget active and, if it keeps them, within its working hours), with these
 * differences: the number must be one the account's visitors could give (the call destinations
 * of Settings and the number types calls go to; not on the block list); no credit is held or
 * charged; no recovery and no client notification; and accept_test_call (migration 0023) admits
 * at most TEST_CALL_LIMIT of the account's test calls per TEST_CALL_WINDOW_SECONDS, atomically.
 * Throws CallRequestError or TestCallRefusal.
 */
export async function requestTestCall(
  db: Database,
  deps: CallRequestDeps,
  request: { userId: number; widgetId: number; phone: string },
): Promise<{ callId: number; convertId: string; customerNumber: string; allowance: TestCallAllowance }> {
  const now = deps.clock.now();
  const context = await loadCallContext(db, request);
  if (!context || context.accountDeleted) throw new CallRequestError('widget_not_found', 'The widget is not found.');
  if (!context.widget.isActive) throw new CallRequestError('widget_inactive', 'The widget is not active.');
  const customerNumber = callableNumber(request.phone, { ...callDestinationsOf(context), allowSimulatorNumbers: deps.telephony.isLocal });
  const general = readGeneralSettings(context.widget.settings);
  if ((general.useSchedule || general.duringWorkingHoursOnly) && !isWithinWeeklyHours(general.activeHours, zonedWallClock(now, context.timeZone))) {
    throw new CallRequestError('outside_working_hours', 'The widget takes calls during working hours only: try again within them.');
  }
  const input = {
    userId: request.userId,
    widgetId: request.widgetId,
    customerNumber,
    numberSpellings: blockListKeys({ number: customerNumber, address: '' }).numberSpellings,
    calledFrom: context.serviceNumber,
    convertId: newCallConvertId(),
    at: now.toISOString(),
    limit: TEST_CALL_LIMIT,
    windowSeconds: TEST_CALL_WINDOW_SECONDS,
  };
  const result = await db.execute(sql`select accept_test_call(${JSON.stringify(input)}::jsonb) as answer`);
  const answer = (result as unknown as { rows: { answer: TestCallAnswer }[] }).rows[0]!.answer;
  switch (answer.outcome) {
    case 'not_found':
      throw new CallRequestError('widget_not_found', 'The widget is not found.');
    case 'unverified':
    case 'blocked':
      throw new TestCallRefusal(answer.outcome);
    case 'limited':
      throw new TestCallRefusal('limited', Number(answer.retryAfterSeconds));
    case 'accepted':
      break;
  }
  const { callId, convertId, url } = answer;
  deps.log.info({ callId, userId: request.userId, widgetId: request.widgetId }, 'calls: test call requested');
  // Placed after the answer, as a visitor's Call now (callRequests.ts afterReplies).
  deps.placements.track(
    new Promise((resolve) => setImmediate(resolve))
      .then(() => placeUnderLease(db, deps, callId, () => deps.onFirstDial?.(callId), { userId: request.userId, context, customerNumber, url, visitorLanguage: null, isTest: true }))
      .catch((error: unknown) => deps.log.error({ err: error, callId }, 'calls: placing the test call failed')),
  );
  const remaining = Math.max(0, TEST_CALL_LIMIT - answer.used);
  return { callId, convertId, customerNumber, allowance: { limit: TEST_CALL_LIMIT, remaining, nextAt: remaining > 0 ? null : (await testCallAllowance(db, request.userId, now)).nextAt } };
}

/** How many test calls the account has left in the window ending `now`, and when the next frees up when none is left. */
export async function testCallAllowance(db: Database, userId: number, now: Date): Promise<TestCallAllowance> {
  const result = await db.execute(sql`select used, oldest from test_calls_used(${userId}::integer, ${now.toISOString()}::timestamptz, ${TEST_CALL_WINDOW_SECONDS}::integer)`);
  const row = (result as unknown as { rows: { used: number | string; oldest: string | Date | null }[] }).rows[0]!;
  const remaining = Math.max(0, TEST_CALL_LIMIT - Number(row.used));
  const nextAt = remaining === 0 && row.oldest !== null ? new Date(new Date(row.oldest).getTime() + TEST_CALL_WINDOW_SECONDS * 1000).toISOString() : null;
  return { limit: TEST_CALL_LIMIT, remaining, nextAt };
}
