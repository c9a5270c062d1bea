import { fromPromise } from 'xstate';
import { webhookDeliveriesMachine } from '../../../machines/webhookDeliveries/webhookDeliveries.machine.ts';
import { webhookEndpointsMachine, type EndpointSwitch } from '../../../machines/webhookEndpoints/webhookEndpoints.machine.ts';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated } from '../../../machines/webhookEndpoints/webhookEndpoints.types.ts';
import { webhookFormMachine, type WebhookCreateFailure } from '../../../machines/webhookForm/webhookForm.machine.ts';
import type { WebhookFormValues } from '../../../machines/webhookForm/webhookForm.schema.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';

const byId = (id: number) => ({ params: { path: { id } } });

/** The Webhooks section's endpoint list with its real requests (/client/webhooks) and toasts. */
export function provideWebhookEndpointsMachine(api: ApiClient) {
  return webhookEndpointsMachine.provide({
    actors: {
      endpointsLoader: fromPromise<WebhookEndpoint[]>(async () => dataOrThrow(await api.GET('/client/webhooks')).data),
      testEventRequest: fromPromise<unknown, WebhookEndpoint>(async ({ input }) => dataOrThrow(await api.POST('/client/webhooks/{id}/test', byId(input.id)))),
      switchRequest: fromPromise<WebhookEndpoint, EndpointSwitch>(async ({ input }) =>
        dataOrThrow(await api.PATCH('/client/webhooks/{id}', { ...byId(input.endpoint.id), body: { isActive: input.isActive } })),
      ),
      deleteRequest: fromPromise<void, WebhookEndpoint>(async ({ input }) => okOrThrow(await api.DELETE('/client/webhooks/{id}', byId(input.id)))),
    },
    actions: { showNotice },
  });
}

/**
 * POST /client/webhooks. A 400 is the server refusing the address, and its `reason` names the
 * rule (not https in production, a private host, credentials in the URL…; only the server knows
 * where it runs and what it accepts there): the form says it at the URL field, in the user's
 * language.
 */
async function createEndpoint(api: ApiClient, values: WebhookFormValues): Promise<WebhookEndpointCreated> {
  const result = await api.POST('/client/webhooks', { body: { ...values, isActive: true } });
  if (result.response.status === 400) {
    const body = result.error as { error?: unknown; reason?: unknown } | undefined;
    const failure: WebhookCreateFailure = {
      status: 400,
      ...(typeof body?.error === 'string' ? { code: body.error } : {}),
      ...(typeof body?.reason === 'string' ? { reason: body.reason } : {}),
    };
    throw failure;
  }
  return dataOrThrow(result);
}

/** The add-endpoint form with its real request and the clipboard; `onCreated` tells the list. */
export function provideWebhookFormMachine(api: ApiClient, onCreated: (endpoint: WebhookEndpoint) => void) {
  return webhookFormMachine.provide({
    actors: {
      createRequest: fromPromise<WebhookEndpointCreated, WebhookFormValues>(({ input }) => createEndpoint(api, input)),
      // Async, so a browser without a clipboard (navigator.clipboard undefined) rejects too.
      secretCopier: fromPromise<void, string>(async ({ input }) => navigator.clipboard.writeText(input)),
    },
    actions: {
      announceCreated: (_, { endpoint }: { endpoint: WebhookEndpoint }) => onCreated(endpoint),
    },
  });
}

/** An endpoint's deliveries panel with its real request. */
export function provideWebhookDeliveriesMachine(api: ApiClient) {
  return webhookDeliveriesMachine.provide({
    actors: {
      deliveriesLoader: fromPromise<WebhookDelivery[], number>(async ({ input }) => dataOrThrow(await api.GET('/client/webhooks/{id}/deliveries', byId(input))).data),
    },
  });
}
