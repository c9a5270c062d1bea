import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { toApiFailure } from '../shared/apiFailure.ts';

/** The add-endpoint form's messages (issue 19, Integrations: webhooks). */
export const webhookFormMessages = {
  urlLabel: msg`Endpoint URL`,
  urlNotAbsolute: msg`Enter a full address, such as https://example.com/webhooks.`,
  noEvents: msg`Choose at least one event.`,
  /** A 400 without a reason of its own (the server's reason is shown when it gives one). */
  urlRefused: msg`This address cannot receive webhooks.`,
  createFailed: msg`Failed to add the endpoint.`,
  endpointsFull: msg`You already have 10 webhook endpoints. Delete one to add another.`,
  copyFailed: msg`Copying failed: the secret is selected, press Ctrl+C (⌘C on a Mac) to copy it.`,
};

/** The notice of a refused creation other than a refused address: a full list says so (409 `webhook_endpoints_full`). */
export function createFailedNotice(error: unknown): MessageDescriptor {
  return toApiFailure(error).code === 'webhook_endpoints_full' ? webhookFormMessages.endpointsFull : webhookFormMessages.createFailed;
}
