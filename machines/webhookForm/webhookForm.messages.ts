import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isTooManyAttempts } from '../form/currentPassword.ts';
import { toApiFailure } from '../shared/apiFailure.ts';
import { commonMessages } from '../shared/messages.ts';
import type { WebhookUrlRefusal } from '../webhookEndpoints/webhookEndpoints.types.ts';

/** The add-endpoint form's messages (issue 19, Integrations: webhooks). */
export const webhookFormMessages = {
  urlLabel: msg`Endpoint URL`,
  urlNotAbsolute: msg`Enter a full address, such as https://example.com/webhooks.`,
  noEvents: msg`Choose at least one event.`,
  /** A 400 without a reason the form knows (a newer server's, or none). */
  urlRefused: msg`This address cannot receive webhooks.`,
  createFailed: msg`Failed to add the endpoint.`,
  endpointsFull: msg`You already have 10 webhook endpoints. Delete one to add another.`,
  copyFailed: msg`Copying failed: the secret is selected, press Ctrl+C (⌘C on a Mac) to copy it.`,
};

/**
 * The server's reasons for refusing an address (contract: WebhookUrlRefusal), in the words of its
 * English `error_description` (server/domain/webhooks/webhookTargets.ts). A code the contract adds
 * fails to compile here until it has its message.
 */
export const urlRefusalMessages: Record<WebhookUrlRefusal, MessageDescriptor> = {
  url_too_long: msg`The URL must be at most 2048 characters long.`,
  url_not_absolute: msg`The URL must be absolute, such as https://example.com/webhooks.`,
  url_scheme_https: msg`The URL must start with https://.`,
  url_scheme_http_or_https: msg`The URL must start with http:// or https://.`,
  url_credentials: msg`The URL must not contain a user name or password.`,
  url_fragment: msg`The URL must not contain a fragment (#…).`,
  url_localhost: msg`The URL must not point to localhost.`,
  url_private_address: msg`The URL must not point to a private or link-local address.`,
  url_private_or_loopback_address: msg`The URL must not point to a private, loopback or link-local address.`,
};

/**
 * The notice of a refused creation other than a refused address or a wrong password: too many
 * checks of the password (429) and a full list (409 `webhook_endpoints_full`) say so.
 */
export function createFailedNotice(error: unknown): MessageDescriptor {
  if (isTooManyAttempts(error)) return commonMessages.tooManyAttempts;
  return toApiFailure(error).code === 'webhook_endpoints_full' ? webhookFormMessages.endpointsFull : webhookFormMessages.createFailed;
}
