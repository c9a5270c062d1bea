import type { SnapshotFrom } from 'xstate';
import type { apiKeysMachine } from './apiKeys.machine.ts';
import type { ApiKey } from './apiKeys.types.ts';

type Snapshot = SnapshotFrom<typeof apiKeysMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const hasFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const listedKeys = (snapshot: Snapshot) => snapshot.context.keys;

/** The key whose deletion is being confirmed or sent (the dialog is open), or null. */
export const deleteTarget = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'confirmingDelete' }) || snapshot.matches({ ready: 'deleting' }) ? snapshot.context.target : null;
/** The deletion is being sent: the confirm button spins. */
export const isDeleting = (snapshot: Snapshot) => snapshot.matches({ ready: 'deleting' });

/** How a key is recognised (contract: ApiKey.prefix): its first characters and an ellipsis for the rest, `cbk_AbC123…`. */
export const keyHint = (apiKey: ApiKey) => `${apiKey.prefix}…`;
