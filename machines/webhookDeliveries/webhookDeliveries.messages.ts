import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebhookDelivery } from '../webhookEndpoints/webhookEndpoints.types.ts';

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
