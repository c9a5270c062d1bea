import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { payments } from '../../db/schema/billing.ts';
import type { Database } from '../../db/client.ts';
import { callAttributions, calls, scheduledCalls } from '../../db/schema/calls.ts';
import { clientNotifications } from '../../db/schema/notifications.ts';
import { keptForGa4 } from './callAttribution.ts';
import type { MissedCallRecovery } from '../../../common/rules/callFlow.ts';
import { missedCallText } from '../../../common/rules/visitorTexts.ts';
import type { CallLog } from './callRequestDeps.ts';

/** The callback of a missed call is not placed sooner than this after the miss. */
export const RECOVERY_CALLBACK_DELAY_MS = 5 * 60_000;
/** Steps and horizon of the search for the next time an agent can take the callback. */
const SEARCH_STEP_MS = 5 * 60_000;
const SEARCH_HORIZON_MS = 8 * 86_400_000;

/**
 * The first time, at least RECOVERY_CALLBACK_DELAY_MS after `now`, on a 5-minute step, when
 * `isAvailable` says an agent (or the widget's number, within the widget's hours) can take the
 * call; undefined when none is within 8 days.
 */
export function nextAvailableAt(now: Date, isAvailable: (at: Date) => boolean): Date | undefined {
  // At most 8 days of 5-minute steps (2,304 checks), each a cheap wall-clock reading (workingHours.ts caches its formatters).
  const first = Math.ceil((now.getTime() + RECOVERY_CALLBACK_DELAY_MS) / SEARCH_STEP_MS) * SEARCH_STEP_MS;
  for (let at = first; at <= now.getTime() + SEARCH_HORIZON_MS; at += SEARCH_STEP_MS) {
    if (isAvailable(new Date(at))) return new Date(at);
  }
  return undefined;
}

export interface Recovery {
  callId: number;
  recovery: MissedCallRecovery;
  /** When the callback is due (nextAvailableAt, found before the transaction), or null for none. */
  callbackAt: Date | null;
}

/**
 * Recovers a missed Call now (issue 18), in the transaction that records its outcome: queues the
 * visitor's text (sent by the notifications worker, through the texts adapter) and schedules a
 * callback at the next time someone can take it (placed by the scheduled-calls worker, shown in
 * Upcoming Calls), each as the widget's missedCallRecovery says. Answers what it did.
 */
export async function recoverMissedCall(tx: Database, { callId, recovery, callbackAt: due }: Recovery): Promise<{ texted: boolean; callbackAt: Date | null }> {
  const [call] = await tx
    .select({
      userId: calls.userId,
      websiteId: calls.websiteId,
      widgetId: calls.widgetId,
      customerNumber: calls.customerNumber,
      url: calls.url,
      language: calls.visitorLanguage,
      gaClientId: callAttributions.gaClientId,
      gaSessionIds: callAttributions.gaSessionIds,
    })
    .from(calls)
    .leftJoin(callAttributions, eq(callAttributions.callId, calls.id))
    .where(eq(calls.id, callId));
  if (!call) return { texted: false, callbackAt: null };
  // Texts to others than the account itself go out once it has paid (clientNotifications.ts):
  // an unpaid account's visitor text is not even queued, so nothing claims it was sent.
  const [paid] = recovery.textVisitor.isActive
    ? await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.userId, call.userId), eq(payments.status, 'successful'))).limit(1)
    : [];
  let texted = false;
  if (recovery.textVisitor.isActive && paid) {
    await tx.insert(clientNotifications).values({
      userId: call.userId,
      event: 'missed_call_text',
      channel: 'text',
      to: call.customerNumber,
      callId,
      body: missedCallText(recovery, call.language),
    });
    texted = true;
  }
  // One pending callback per visitor and widget: a visitor missed twice is called back once.
  const [pending] =
    recovery.scheduleCallback && due
      ? await tx
          .select({ id: scheduledCalls.id })
          .from(scheduledCalls)
          .where(
            and(
              eq(scheduledCalls.userId, call.userId),
              eq(scheduledCalls.customerNumber, call.customerNumber),
              eq(scheduledCalls.status, 'pending'),
              // Only another recovery's callback: a time the visitor booked himself does not stand in for it.
              isNotNull(scheduledCalls.recoversCallId),
              call.widgetId === null ? isNull(scheduledCalls.widgetId) : eq(scheduledCalls.widgetId, call.widgetId),
            ),
          )
          .limit(1)
      : [];
  const callbackAt = recovery.scheduleCallback && due && !pending ? due : null;
  if (callbackAt) {
    await tx.insert(scheduledCalls).values({
      userId: call.userId,
      websiteId: call.websiteId,
      widgetId: call.widgetId,
      customerNumber: call.customerNumber,
      url: call.url,
      scheduledAt: callbackAt,
      recoversCallId: callId,
      // The callback is the same visitor's: its outcome is sent to GA4 as theirs, while the
      // account's GA4 connection is still active.
      ...keptForGa4(call.userId, call.gaClientId ? { gaClientId: call.gaClientId, gaSessionIds: call.gaSessionIds } : null),
    });
  }
  return { texted, callbackAt };
}

/**
 * recoverMissedCall in a savepoint: whatever goes wrong there, the outcome is still recorded and
 * the placement's lease ended, so the visitor is never rung again for it. Logged.
 */
export async function recoverSafely(tx: Database, log: CallLog, recovery: Recovery): Promise<void> {
  try {
    const done = await tx.transaction((savepoint) => recoverMissedCall(savepoint, recovery));
    log.info({ callId: recovery.callId, texted: done.texted, callbackAt: done.callbackAt }, 'calls: missed call recovered');
  } catch (error) {
    log.error({ err: error, callId: recovery.callId }, 'calls: recovering the missed call failed; the outcome is recorded without it');
  }
}
