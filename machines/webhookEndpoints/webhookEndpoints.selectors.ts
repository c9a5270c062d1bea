import type { SnapshotFrom } from 'xstate';
import type { webhookEndpointsMachine } from './webhookEndpoints.machine.ts';
import type { WebhookEndpoint } from './webhookEndpoints.types.ts';

type Snapshot = SnapshotFrom<typeof webhookEndpointsMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const hasFailed = (snapshot: Snapshot) => snapshot.matches('failed');
/** A test event, a switch or a deletion is being sent: the other actions wait. */
export const isBusy = (snapshot: Snapshot) => snapshot.matches('ready') && !snapshot.matches({ ready: 'idle' }) && !snapshot.matches({ ready: 'confirmingDelete' });

const targetIn = (snapshot: Snapshot, state: 'sendingTest' | 'switching' | 'deleting') =>
  snapshot.matches({ ready: state }) ? (snapshot.context.target?.id ?? null) : null;

/** The endpoint whose "Send test event" spins. */
export const testingId = (snapshot: Snapshot) => targetIn(snapshot, 'sendingTest');
/** The endpoint whose switch is being sent. */
export const switchingId = (snapshot: Snapshot) => targetIn(snapshot, 'switching');

/** The state an endpoint's switch shows: the asked-for one while it is sent, else the listed one (so a failure rolls back). */
export function shownActive(snapshot: Snapshot, endpoint: WebhookEndpoint): boolean {
  return switchingId(snapshot) === endpoint.id ? (snapshot.context.switchTo ?? endpoint.isActive) : endpoint.isActive;
}

/** The endpoint whose deletion is being confirmed or sent (the dialog is open), or null. */
export const deleteTarget = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'confirmingDelete' }) || snapshot.matches({ ready: 'deleting' }) ? snapshot.context.target : null;
/** The deletion is being sent: the confirm button spins. */
export const isDeleting = (snapshot: Snapshot) => snapshot.matches({ ready: 'deleting' });

/** The endpoint whose deliveries are shown. */
export const deliveriesOf = (snapshot: Snapshot) => snapshot.context.deliveriesOf;

/**
 * How an endpoint is doing, as its row says it (contract: WebhookEndpoint): switched off after 3
 * days of failures (`switchedOffAt`, and off), off by choice, on but failing since a time
 * (`failingSince`), or on and delivering.
 */
export type EndpointHealth =
  | { state: 'active' }
  | { state: 'off' }
  | { state: 'switchedOff'; since: string }
  | { state: 'failing'; since: string };

export function endpointHealth(endpoint: WebhookEndpoint): EndpointHealth {
  if (!endpoint.isActive) return endpoint.switchedOffAt ? { state: 'switchedOff', since: endpoint.switchedOffAt } : { state: 'off' };
  return endpoint.failingSince ? { state: 'failing', since: endpoint.failingSince } : { state: 'active' };
}
