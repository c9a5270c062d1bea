import type { Database } from '../../db/client.ts';
import { WEBHOOK_TEST_EVENT } from '../../db/schema/webhooks.ts';
import { findCallView } from '../callHistory/callList.ts';
import { findScheduledCallView } from '../callHistory/scheduledCallList.ts';
import { readCreditsRecord } from '../credits/creditsRecord.ts';
import { findPaymentView } from '../payments/paymentHistory.ts';

/** An event as its trigger wrote it (migration 0017). */
export interface StoredWebhookEvent {
  publicId: string;
  userId: number;
  type: string;
  subjectId: number | null;
  createdAt: Date;
}

/**
 * The `data` of an event: its object as the contract answers it, read from the same functions the
 * API answers with (one home for each shape), or null when the object no longer exists.
 */
export async function webhookEventData(db: Database, event: StoredWebhookEvent): Promise<object | null> {
  const { userId, subjectId } = event;
  switch (event.type) {
    case 'call.requested':
    case 'call.completed':
    case 'call.missed':
      return subjectId === null ? null : findCallView(db, userId, subjectId);
    case 'callback.scheduled':
      return subjectId === null ? null : findScheduledCallView(db, userId, subjectId);
    case 'payment.succeeded':
    case 'payment.failed':
      return subjectId === null ? null : findPaymentView(db, userId, subjectId);
    case 'credits.low':
      return readCreditsRecord(db, userId);
    case WEBHOOK_TEST_EVENT:
      return { endpointId: subjectId, message: 'A test event from your call widget dashboard: this endpoint receives and verifies its events.' };
    default:
      return null;
  }
}

/** The JSON POSTed for an event (contract: WebhookEventBody), written once and sent as is on every attempt. */
export function webhookEventBody(event: StoredWebhookEvent, data: object): string {
  return JSON.stringify({ id: event.publicId, type: event.type, createdAt: event.createdAt.toISOString(), data });
}
