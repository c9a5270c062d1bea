import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebhookEventType } from './webhookEndpoints.types.ts';

/** The notices of the webhook endpoints list (issue 19, Integrations: webhooks). */
export const webhookEndpointsMessages = {
  loadFailed: msg`Failed to load the webhook endpoints.`,
  testQueued: msg`Test event queued`,
  testFailed: msg`Failed to send the test event.`,
  testsWaiting: msg`This endpoint already has 5 test events waiting to be delivered.`,
  gone: msg`This endpoint no longer exists: it was deleted elsewhere.`,
  switchedOn: msg`The endpoint is on: events are delivered to it.`,
  switchedOff: msg`The endpoint is off: no events are delivered to it.`,
  switchFailed: msg`Failed to change the endpoint.`,
  deleted: msg`The endpoint is deleted.`,
  deleteFailed: msg`Failed to delete the endpoint.`,
};

/**
 * What each event is called where the dashboard names it (the form's checkboxes); the contract's
 * name is shown beside it, since that is what a receiver reads in `type`.
 */
export const webhookEventLabels = {
  'call.requested': msg`A visitor asked for a call`,
  'call.completed': msg`A call ended (with its outcome)`,
  'call.missed': msg`A call was missed (with its recovery)`,
  'callback.scheduled': msg`A callback was scheduled`,
  'credits.low': msg`Credits are running low`,
  'payment.succeeded': msg`A payment succeeded`,
  'payment.failed': msg`A payment failed`,
} satisfies Record<WebhookEventType, MessageDescriptor>;
