import type { Ga4Hit } from '../../adapters/analytics/ga4.ts';
import type { GaSessionIds } from '../../db/schema/calls.ts';
import { GA4_CALL_EVENT, type Ga4CallParam, gaContainerOf } from '../../../common/rules/ga4.ts';

/** GA4 drops events whose timestamp is further back than this (Measurement Protocol: 72 hours). */
export const GA4_MAX_EVENT_AGE_MS = 72 * 3_600_000;
/** GA4 keeps event parameter values of up to 100 characters. */
const MAX_PARAM_LENGTH = 100;

/** What a call's hit is made of: the call as it is when the hit is sent, and its attribution. */
export interface CallForGa4 {
  id: number;
  createdAt: Date;
  outcomeRecordedAt: Date;
  status: string;
  type: string;
  /** Seconds. */
  duration: number;
  widgetId: number | null;
  widgetName: string;
  /** The visitor's GA client id (call_attributions): a call without one is never queued (migration 0019). */
  gaClientId: string;
  /** The visitor's GA4 session ids by stream container (call_attributions), when the page had `_ga_<container>` cookies. */
  gaSessionIds: GaSessionIds | null;
}

/**
 * The session id of the account's own stream among the visitor's (its `_ga_<container>` cookie),
 * when the page measured with it: the page may measure with several streams, and a session id
 * means something only to the stream that made it.
 */
export function ga4SessionIdOf(measurementId: string, gaSessionIds: GaSessionIds | null): string | undefined {
  const container = gaContainerOf(measurementId);
  return gaSessionIds && Object.hasOwn(gaSessionIds, container) ? gaSessionIds[container] : undefined;
}

/** At most `max` characters, cut between code points: a cut through a surrogate pair would leave half an emoji. */
function truncated(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/**
 * A call's outcome as GA4 receives it (openapi saveGa4Settings): one `callback_call_completed`
 * event of the visitor's client id with the call's status, type, duration and widget, at the time
 * its outcome was recorded. `session_id` (the visitor's session of the account's stream, when the
 * page had it) lets GA4 count the event in that session, which it does only while the session
 * lasts (30 minutes without activity by default); a later outcome, a scheduled callback's above
 * all, counts for the visitor as a user, not in the session. `engagement_time_msec` makes GA4
 * count the user as active (its reports leave out users without engagement).
 * `non_personalized_ads` is left to the property's own settings.
 */
export function ga4HitOf(connection: { measurementId: string; apiSecret: string }, call: CallForGa4): Ga4Hit {
  const sessionId = ga4SessionIdOf(connection.measurementId, call.gaSessionIds);
  const params: Partial<Record<Ga4CallParam | 'session_id' | 'engagement_time_msec', string | number>> = {
    call_status: call.status,
    call_type: call.type,
    duration_seconds: call.duration,
    ...(call.widgetId !== null && { widget_id: call.widgetId }),
    widget_name: truncated(call.widgetName, MAX_PARAM_LENGTH),
    ...(sessionId !== undefined && { session_id: sessionId }),
    engagement_time_msec: 1,
  };
  return {
    measurementId: connection.measurementId,
    apiSecret: connection.apiSecret,
    body: {
      client_id: call.gaClientId,
      timestamp_micros: call.outcomeRecordedAt.getTime() * 1000,
      events: [{ name: GA4_CALL_EVENT, params: params as Record<string, string | number> }],
    },
  };
}
