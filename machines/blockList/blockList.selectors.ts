import type { SnapshotFrom } from 'xstate';
import { visibleError } from '../form/formDraft.ts';
import type { blockListMachine } from './blockList.machine.ts';

type Snapshot = SnapshotFrom<typeof blockListMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const hasFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const isReady = (snapshot: Snapshot) => snapshot.matches('ready');
/** A block or an unblock is being sent: the form and the Unblock buttons wait. */
export const isBusy = (snapshot: Snapshot) => snapshot.matches({ ready: 'blocking' }) || snapshot.matches({ ready: 'unblocking' });
export const isBlocking = (snapshot: Snapshot) => snapshot.matches({ ready: 'blocking' });
/** The id of the entry whose Unblock spins. */
export const unblockingId = (snapshot: Snapshot) => (snapshot.matches({ ready: 'unblocking' }) ? (snapshot.context.unblocking?.id ?? null) : null);
export const valueError = (snapshot: Snapshot) => visibleError(snapshot.context.form, 'value');
