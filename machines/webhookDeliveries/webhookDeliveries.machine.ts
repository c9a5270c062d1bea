import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';
import type { WebhookDelivery } from '../webhookEndpoints/webhookEndpoints.types.ts';

export interface WebhookDeliveriesInput {
  endpointId: number;
}

export interface WebhookDeliveriesContext {
  endpointId: number;
  /** Newest first, as the server lists them (its last 50). */
  deliveries: WebhookDelivery[];
  /** Once a list has loaded, a refresh keeps showing it until the new one arrives. */
  loaded: boolean;
}

export type WebhookDeliveriesEvent =
  /** Refresh (and Try again after a failure): the worker keeps delivering while the panel is open. */
  | { type: 'user.refresh' }
  | DoneActorEvent<WebhookDelivery[], 'deliveriesLoader'>
  | ErrorActorEvent<unknown, 'deliveriesLoader'>;

function endpointOf({ context }: { context: WebhookDeliveriesContext }): number {
  return context.endpointId;
}

/**
 * An endpoint's delivery log (issue 19: status, attempts, response code, duration, next retry):
 * loads its recent deliveries; Refresh loads them again, the rows shown meanwhile. A failed load
 * says so, with Refresh to try again.
 */
export const webhookDeliveriesMachine = setup({
  types: {
    input: {} as WebhookDeliveriesInput,
    context: {} as WebhookDeliveriesContext,
    events: {} as WebhookDeliveriesEvent,
  },
  actors: {
    /** GET /client/webhooks/{id}/deliveries. */
    deliveriesLoader: fromPromise<WebhookDelivery[], number>(notProvided),
  },
  actions: {
    storeDeliveries: assign({
      deliveries: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.deliveriesLoader');
        return event.output;
      },
      loaded: true,
    }),
  },
}).createMachine({
  id: 'webhookDeliveries',
  context: ({ input }) => ({ endpointId: input.endpointId, deliveries: [], loaded: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'deliveriesLoader',
        src: 'deliveriesLoader',
        input: endpointOf,
        onDone: { target: 'loaded', actions: 'storeDeliveries' },
        onError: 'failed',
      },
    },
    loaded: {
      on: { 'user.refresh': 'loading' },
    },
    failed: {
      on: { 'user.refresh': 'loading' },
    },
  },
});
