import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callLimits } from '../../db/schema/widgetApi.ts';
import { PER_ACCOUNT_WINDOW_SECONDS, PER_WIDGET_WINDOW_SECONDS } from '../../../common/rules/callLimits.ts';

/**
 * How fast a client's widgets may take call and callback requests (issue 15, finding 1: 120
 * visitors from 120 addresses with 120 numbers spent 117 credits in 2 s). The per-address and
 * per-number limits cannot stop a crowd; these count every request that reaches the account,
 * whoever sends it.
 *
 * Defaults: a widget on a real page gets a handful of requests an hour, so 10 in 10 minutes
 * leaves room for a busy moment while capping what a bot can spend on one widget at 10 credits;
 * 30 an hour for the whole account lets several busy widgets work while bounding a burst across
 * all of them to 30 credits before the client hears of it.
 */
export const CALL_LIMIT_DEFAULTS: CallLimits = { perWidget: 10, perAccount: 30 };

/** The contract's CallLimits. */
export interface CallLimits {
  /** Call and callback requests one widget takes in 10 minutes. */
  perWidget: number;
  /** Call and callback requests all the account's widgets take in an hour. */
  perAccount: number;
}

export async function readCallLimits(db: Database, userId: number): Promise<CallLimits> {
  const [row] = await db.select({ perWidget: callLimits.perWidget, perAccount: callLimits.perAccount }).from(callLimits).where(eq(callLimits.userId, userId));
  return row ?? CALL_LIMIT_DEFAULTS;
}

export async function saveCallLimits(db: Database, userId: number, limits: CallLimits): Promise<CallLimits> {
  const values = { perWidget: limits.perWidget, perAccount: limits.perAccount };
  await db
    .insert(callLimits)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: callLimits.userId, set: { ...values, updatedAt: new Date() } });
  return values;
}

export type VelocityVerdict =
  | { allowed: true }
  | {
      allowed: false;
      scope: 'widget' | 'account';
      retryAfterSeconds: number;
      /** The limit that held (from the same read of the client's limits). */
      max: number;
      /** True for exactly one refusal per account and hour, whatever the instances: the one that tells the client. */
      notifyClient: boolean;
    };

/**
 * Counts one request against the widget's limit, then (if it passed) the account's, in fixed
 * windows by atomic upserts (widget_rate_counters), so parallel requests on several instances
 * never get more than the limit through. Refused requests go on counting, so a flood never
 * resets its window. The first refusal of a window (the one whose upsert reads max + 1) asks to
 * tell the client, deduplicated once more per account and hour so widget and account trips in
 * the same hour make one e-mail.
 *
 * Counted only for requests about to become a call or callback (callRequests.ts: a callback's
 * `admit` inside its recording transaction, a Call now's accept_instant_calls statement): junk
 * (unknown widgets, refused times, duplicates, no credits) neither counts nor trips the brake,
 * and made-up widget ids create no counters.
 */
export async function admitByVelocity(db: Database, request: { userId: number; widgetId: number }, now: Date): Promise<VelocityVerdict> {
  const result = await db.execute(
    sql`select admit_call_velocity(${request.userId}::integer, ${request.widgetId}::integer, ${now.toISOString()}::timestamptz, ${JSON.stringify(VELOCITY_LIMITS)}::jsonb) as verdict`,
  );
  return velocityVerdictOf((result as unknown as { rows: { verdict: VelocityAnswer }[] }).rows[0]!.verdict);
}

/**
 * What admit_call_velocity is given: the defaults and the windows. It is admit_call_velocities
 * for one request (migration 0015: the rule above, in the database, where the Call now statement
 * counts a crowd's requests to a widget in one turn, with their holds).
 */
export const VELOCITY_LIMITS = {
  perWidget: CALL_LIMIT_DEFAULTS.perWidget,
  perAccount: CALL_LIMIT_DEFAULTS.perAccount,
  widgetWindowSeconds: PER_WIDGET_WINDOW_SECONDS,
  accountWindowSeconds: PER_ACCOUNT_WINDOW_SECONDS,
} as const;

/** admit_call_velocity's answer (jsonb). */
export type VelocityAnswer = { allowed: true } | { allowed: false; scope: 'widget' | 'account'; retryAfterSeconds: number; max: number; notifyClient: boolean };

/** The verdict of an answer of admit_call_velocity. */
export function velocityVerdictOf(answer: VelocityAnswer): VelocityVerdict {
  if (answer.allowed) return { allowed: true };
  return { allowed: false, scope: answer.scope, retryAfterSeconds: Number(answer.retryAfterSeconds), max: Number(answer.max), notifyClient: answer.notifyClient === true };
}
