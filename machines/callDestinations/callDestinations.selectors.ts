import type { SnapshotFrom } from 'xstate';
import type { callDestinationsMachine } from './callDestinations.machine.ts';

type Snapshot = SnapshotFrom<typeof callDestinationsMachine>;

export const isSaving = (snapshot: Snapshot) => snapshot.matches('saving');
export const hasFailed = (snapshot: Snapshot) => snapshot.matches('failed');
/** Save is offered when the selection differs from what is saved and is not empty. */
export const canSave = (snapshot: Snapshot) => snapshot.can({ type: 'user.save' });
export const isChanged = (snapshot: Snapshot) => {
  const saved = snapshot.context.saved?.countries ?? [];
  return saved.length !== snapshot.context.selected.length || saved.some((code, i) => code !== snapshot.context.selected[i]);
};
export const isLoading = (snapshot: Snapshot) => snapshot.matches('loading');
