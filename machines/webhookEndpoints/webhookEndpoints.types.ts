import type { components } from '../../common/contract/dashboard.gen.ts';

/** A webhook endpoint as listed (contract: WebhookEndpoint; the secret is never listed, only its hint). */
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
/** The answer of a creation: the endpoint with its signing secret, answered this once. */
export type WebhookEndpointCreated = components['schemas']['WebhookEndpointCreated'];
/** An event an endpoint may subscribe to. */
export type WebhookEventType = components['schemas']['WebhookEventType'];
/** One delivery of an event to an endpoint, with its state. */
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
/** Why a delivery failed (WebhookDelivery.errorCode). */
export type WebhookDeliveryErrorCode = components['schemas']['WebhookDeliveryErrorCode'];
/** Why the server refused an endpoint's address (the `reason` of its 400). */
export type WebhookUrlRefusal = components['schemas']['WebhookUrlRefusal'];

/**
 * Every event an endpoint may subscribe to, in the order the form offers them (contract:
 * WebhookEventType: `satisfies` refuses a name the contract does not know).
 */
export const webhookEventTypes = [
  'call.requested',
  'call.completed',
  'call.missed',
  'callback.scheduled',
  'credits.low',
  'payment.succeeded',
  'payment.failed',
] as const satisfies readonly WebhookEventType[];

/** The contract's events the list above lacks: none (webhookEndpoints.machine.test.ts fails to compile otherwise). */
export type UnlistedEventTypes = Exclude<WebhookEventType, (typeof webhookEventTypes)[number]>;
