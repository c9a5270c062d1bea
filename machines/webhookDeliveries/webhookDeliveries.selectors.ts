import type { SnapshotFrom } from 'xstate';
import type { webhookDeliveriesMachine } from './webhookDeliveries.machine.ts';

type Snapshot = SnapshotFrom<typeof webhookDeliveriesMachine>;

/** The first load: the table shows placeholders. */
export const isFirstLoad = (snapshot: Snapshot) => snapshot.matches('loading') && !snapshot.context.loaded;
/** A refresh: the rows stay and the Refresh button spins. */
export const isRefreshing = (snapshot: Snapshot) => snapshot.matches('loading') && snapshot.context.loaded;
export const hasFailed = (snapshot: Snapshot) => snapshot.matches('failed');
/** The rows to show: none after a failed load (they might be stale without saying so). */
export const shownDeliveries = (snapshot: Snapshot) => (snapshot.matches('failed') ? [] : snapshot.context.deliveries);
