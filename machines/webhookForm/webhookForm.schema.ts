import * as z from 'zod/mini';
import { currentPasswordField } from '../form/currentPassword.ts';
import { fieldRequired, rule } from '../form/validation.ts';
import { webhookEventTypes, type WebhookEventType } from '../webhookEndpoints/webhookEndpoints.types.ts';
import { webhookFormMessages } from './webhookForm.messages.ts';

export interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  /** Confirms where the events go (issue 19, "sudo mode"): visitors' phone numbers among them. */
  currentPassword: string;
}

/** What a new endpoint subscribes to unless the user changes it: every event of a call's life. */
export const defaultWebhookEvents: WebhookEventType[] = ['call.requested', 'call.completed', 'call.missed'];

/** The contract's limit (WebhookEndpointInput.url). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** An absolute http(s) address. Which scheme and hosts are allowed depends on where the server runs, so it decides the rest. */
function isAbsoluteWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
}

/**
 * The add-endpoint form: an address, at least one event and the current password. The address is checked here only
 * for what any server refuses (empty, too long, not an absolute http(s) address); production's
 * https-only and public-host rules are the server's, whose 400 reason the form then shows
 * (server/domain/webhooks/webhookTargets.ts).
 */
export const webhookFormSchema = z
  .object({
    url: z.string().check(z.maxLength(MAX_WEBHOOK_URL_LENGTH, rule.maxLength)),
    events: z.array(z.enum(webhookEventTypes)),
    currentPassword: currentPasswordField(),
  })
  .check(
    z.refine((values) => values.url.trim() !== '', { message: rule.required, path: ['url'], params: { message: fieldRequired(webhookFormMessages.urlLabel) } }),
    z.refine((values) => values.url.trim() === '' || isAbsoluteWebAddress(values.url.trim()), {
      path: ['url'],
      params: { message: webhookFormMessages.urlNotAbsolute },
    }),
    z.refine((values) => values.events.length > 0, { path: ['events'], params: { message: webhookFormMessages.noEvents } }),
  );
