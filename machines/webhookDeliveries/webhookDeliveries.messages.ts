import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { urlRefusalMessages } from '../webhookForm/webhookForm.messages.ts';
import type { WebhookDelivery, WebhookDeliveryErrorCode } from '../webhookEndpoints/webhookEndpoints.types.ts';

/** The deliveries panel of a webhook endpoint (issue 19, "its delivery log"). */
export const webhookDeliveriesMessages = {
  loadFailed: msg`Failed to load the deliveries.`,
};

/** A delivery's state in words (contract: WebhookDelivery.status). */
export const deliveryStatusLabels = {
  pending: msg`Pending`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
} satisfies Record<WebhookDelivery['status'], MessageDescriptor>;

/**
 * Why a delivery failed, in the user's words (contract: WebhookDeliveryErrorCode); the server's
 * English `error` is only the cell's tooltip. A code the contract adds fails to compile here until
 * it has its message. `http_status` and `redirect` name the status: deliveryErrorMessage.
 */
const deliveryErrorMessages = {
  timeout: msg`No answer within 10 seconds.`,
  host_not_found: msg`The host name was not found.`,
  address_refused: msg`The address is not public.`,
  connection_failed: msg`The connection failed.`,
  tls_failed: msg`The secure connection (HTTPS) failed.`,
  expired: msg`Not delivered within 24 hours.`,
  object_gone: msg`The event's data no longer exists.`,
  // A stored address the rules no longer allow: the sentences the add-endpoint form shows.
  ...urlRefusalMessages,
} satisfies Record<Exclude<WebhookDeliveryErrorCode, 'http_status' | 'redirect'>, MessageDescriptor>;

/** A code this dashboard does not know (a newer server's), or a failure logged before the codes. */
const unknownDeliveryError = msg`The delivery failed.`;

/**
 * The Error cell of a delivery: its code in words, with the answer's status where it is the
 * reason; null when nothing failed (no code, no error).
 */
export function deliveryErrorMessage(delivery: Pick<WebhookDelivery, 'errorCode' | 'error' | 'responseCode'>): MessageDescriptor | null {
  const { errorCode, responseCode: status } = delivery;
  if (errorCode === null) return delivery.error === null ? null : unknownDeliveryError;
  if (errorCode === 'http_status' && status !== null) return msg`The endpoint answered HTTP ${status}.`;
  if (errorCode === 'redirect' && status !== null) return msg`Redirected (HTTP ${status}): redirects are not followed.`;
  // Own keys only: an unknown code must not find Object.prototype's members (`constructor`).
  return Object.hasOwn(deliveryErrorMessages, errorCode) ? deliveryErrorMessages[errorCode as keyof typeof deliveryErrorMessages] : unknownDeliveryError;
}
