import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { toApiFailure } from '../shared/apiFailure.ts';
import { notProvided } from '../shared/notProvided.ts';
import { webhookEndpointsMessages } from './webhookEndpoints.messages.ts';
import type { WebhookEndpoint } from './webhookEndpoints.types.ts';

/** The switch the user flipped: the endpoint as listed and the state it asked for. */
export interface EndpointSwitch {
  endpoint: WebhookEndpoint;
  isActive: boolean;
}

export interface WebhookEndpointsContext {
  /** Oldest first, as listed by the server. */
  endpoints: WebhookEndpoint[];
  /** The endpoint whose test event, switch or deletion is asked for or being sent. */
  target: WebhookEndpoint | null;
  /** The state the switch being sent asks for. */
  switchTo: boolean | null;
  /** The endpoint whose deliveries are shown (one at a time), or null. */
  deliveriesOf: number | null;
}

export type WebhookEndpointsEvent =
  /** Try again after the list failed to load. */
  | { type: 'user.retry' }
  /** An endpoint's "Send test event". */
  | { type: 'user.sendTest'; endpoint: WebhookEndpoint }
  /** An endpoint's on/off switch. */
  | { type: 'user.switch'; endpoint: WebhookEndpoint; isActive: boolean }
  /** An endpoint's Delete: opens the confirmation. */
  | { type: 'user.requestDelete'; endpoint: WebhookEndpoint }
  /** "Yes, I am sure." */
  | { type: 'user.confirmDelete' }
  /** "Cancel", Escape or a click outside the confirmation. */
  | { type: 'user.cancelDelete' }
  /** An endpoint's "Deliveries": shows its deliveries, or hides them when they are shown. */
  | { type: 'user.toggleDeliveries'; endpoint: WebhookEndpoint }
  /** The add-endpoint form created one (machines/webhookForm; src forwards its announcement). */
  | { type: 'form.created'; endpoint: WebhookEndpoint }
  | DoneActorEvent<WebhookEndpoint[], 'endpointsLoader'>
  | ErrorActorEvent<unknown, 'endpointsLoader'>
  | DoneActorEvent<unknown, 'testEventRequest'>
  | ErrorActorEvent<unknown, 'testEventRequest'>
  | DoneActorEvent<WebhookEndpoint, 'switchRequest'>
  | ErrorActorEvent<unknown, 'switchRequest'>
  | DoneActorEvent<void, 'deleteRequest'>
  | ErrorActorEvent<unknown, 'deleteRequest'>;

function targetOf({ context }: { context: WebhookEndpointsContext }): WebhookEndpoint {
  if (!context.target) throw new Error('an endpoint request runs only with a stored target');
  return context.target;
}

function switchOf({ context }: { context: WebhookEndpointsContext }): EndpointSwitch {
  return { endpoint: targetOf({ context }), isActive: context.switchTo ?? false };
}

/** The notice of a switch the server made: on or off, as it answered. */
function switchedNotice({ event }: { event: { output: WebhookEndpoint } }): { type: 'success'; message: MessageDescriptor } {
  return { type: 'success', message: event.output.isActive ? webhookEndpointsMessages.switchedOn : webhookEndpointsMessages.switchedOff };
}

/**
 * The webhook endpoints of the Integrations screen (issue 19, "In the dashboard"): the list and
 * each endpoint's actions.
 *
 * - Loads the list; a failed load shows the error with Try again.
 * - Send test event: queues a `webhook.test` for the endpoint and says "Test event queued".
 * - The switch: PATCHes `isActive`; the endpoint shows the asked-for state while it is sent
 *   (optimistic) and the server's answer after (turning on clears a switch-off for failing).
 * - Delete: asks first; confirming deletes it (the confirm button spins) and drops it from the
 *   list, its deliveries panel with it.
 * - Deliveries: one endpoint's deliveries are shown at a time (machines/webhookDeliveries).
 * One request at a time: the actions wait meanwhile. An endpoint the add form created joins the
 * list at the end (the server lists oldest first).
 */
export const webhookEndpointsMachine = setup({
  types: {
    context: {} as WebhookEndpointsContext,
    events: {} as WebhookEndpointsEvent,
  },
  actors: {
    /** GET /client/webhooks. */
    endpointsLoader: fromPromise<WebhookEndpoint[]>(notProvided),
    /** POST /client/webhooks/{id}/test. */
    testEventRequest: fromPromise<unknown, WebhookEndpoint>(notProvided),
    /** PATCH /client/webhooks/{id} with `isActive`: answers the endpoint as changed. */
    switchRequest: fromPromise<WebhookEndpoint, EndpointSwitch>(notProvided),
    /** DELETE /client/webhooks/{id}. */
    deleteRequest: fromPromise<void, WebhookEndpoint>(notProvided),
  },
  actions: {
    storeEndpoints: assign({
      endpoints: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.endpointsLoader');
        return event.output;
      },
    }),
    addEndpoint: assign({
      endpoints: ({ context, event }) => {
        assertEvent(event, 'form.created');
        return [...context.endpoints.filter((endpoint) => endpoint.id !== event.endpoint.id), event.endpoint];
      },
    }),
    storeTarget: assign({
      target: ({ event }) => {
        assertEvent(event, ['user.sendTest', 'user.requestDelete']);
        return event.endpoint;
      },
    }),
    storeSwitch: assign(({ event }) => {
      assertEvent(event, 'user.switch');
      return { target: event.endpoint, switchTo: event.isActive };
    }),
    forgetTarget: assign({ target: null, switchTo: null }),
    replaceEndpoint: assign({
      endpoints: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.switchRequest');
        return context.endpoints.map((endpoint) => (endpoint.id === event.output.id ? event.output : endpoint));
      },
    }),
    dropTarget: assign(({ context }) => ({
      endpoints: context.endpoints.filter((endpoint) => endpoint.id !== context.target?.id),
      deliveriesOf: context.deliveriesOf === context.target?.id ? null : context.deliveriesOf,
    })),
    toggleDeliveries: assign({
      deliveriesOf: ({ context, event }) => {
        assertEvent(event, 'user.toggleDeliveries');
        return context.deliveriesOf === event.endpoint.id ? null : event.endpoint.id;
      },
    }),
    /** A toast (src). */
    showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
  },
  guards: {
    /** The endpoint is gone (deleted in another tab or window): the list drops it rather than keep a row every action fails on. */
    isGone: ({ event }) => toApiFailure((event as ErrorActorEvent).error).status === 404,
    /** 409 test_events_pending: the endpoint already has its test events waiting. */
    hasTestsWaiting: ({ event }) => toApiFailure((event as ErrorActorEvent).error).code === 'test_events_pending',
    changesActivity: ({ event }) => {
      assertEvent(event, 'user.switch');
      return event.isActive !== event.endpoint.isActive;
    },
  },
}).createMachine({
  id: 'webhookEndpoints',
  context: { endpoints: [], target: null, switchTo: null, deliveriesOf: null },
  initial: 'loading',
  on: {
    'form.created': { actions: 'addEndpoint' },
  },
  states: {
    loading: {
      invoke: {
        id: 'endpointsLoader',
        src: 'endpointsLoader',
        onDone: { target: 'ready', actions: 'storeEndpoints' },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'user.toggleDeliveries': { actions: 'toggleDeliveries' },
      },
      states: {
        idle: {
          on: {
            'user.sendTest': { target: 'sendingTest', actions: 'storeTarget' },
            'user.switch': { guard: 'changesActivity', target: 'switching', actions: 'storeSwitch' },
            'user.requestDelete': { target: 'confirmingDelete', actions: 'storeTarget' },
          },
        },
        sendingTest: {
          invoke: {
            id: 'testEventRequest',
            src: 'testEventRequest',
            input: targetOf,
            onDone: {
              target: 'idle',
              actions: ['forgetTarget', { type: 'showNotice', params: { type: 'success', message: webhookEndpointsMessages.testQueued } }],
            },
            onError: [
              { target: 'idle', guard: 'isGone', actions: ['dropTarget', 'forgetTarget', { type: 'showNotice', params: { type: 'error', message: webhookEndpointsMessages.gone } }] },
              {
                target: 'idle',
                guard: 'hasTestsWaiting',
                actions: ['forgetTarget', { type: 'showNotice', params: { type: 'error', message: webhookEndpointsMessages.testsWaiting } }],
              },
              { target: 'idle', actions: ['forgetTarget', { type: 'showNotice', params: { type: 'error', message: webhookEndpointsMessages.testFailed } }] },
            ],
          },
        },
        switching: {
          invoke: {
            id: 'switchRequest',
            src: 'switchRequest',
            input: switchOf,
            onDone: { target: 'idle', actions: ['replaceEndpoint', 'forgetTarget', { type: 'showNotice', params: switchedNotice }] },
            // Leaving `switching` is the roll-back: the switch shows the listed state again.
            onError: [
              { target: 'idle', guard: 'isGone', actions: ['dropTarget', 'forgetTarget', { type: 'showNotice', params: { type: 'error', message: webhookEndpointsMessages.gone } }] },
              { target: 'idle', actions: ['forgetTarget', { type: 'showNotice', params: { type: 'error', message: webhookEndpointsMessages.switchFailed } }] },
            ],
          },
        },
        confirmingDelete: {
          on: {
            'user.confirmDelete': 'deleting',
            'user.cancelDelete': { target: 'idle', actions: 'forgetTarget' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteRequest',
            src: 'deleteRequest',
            input: targetOf,
            onDone: {
              target: 'idle',
              actions: ['dropTarget', 'forgetTarget', { type: 'showNotice', params: { type: 'success', message: webhookEndpointsMessages.deleted } }],
            },
            onError: [
              // Gone already: what the user asked for is done.
              { target: 'idle', guard: 'isGone', actions: ['dropTarget', 'forgetTarget', { type: 'showNotice', params: { type: 'success', message: webhookEndpointsMessages.deleted } }] },
              { target: 'idle', actions: ['forgetTarget', { type: 'showNotice', params: { type: 'error', message: webhookEndpointsMessages.deleteFailed } }] },
            ],
          },
        },
      },
    },
  },
});
