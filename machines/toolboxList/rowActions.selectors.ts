import type { RowActionsContext, ToolboxRow } from './rowActions.machine.ts';

/** Any row-actions snapshot, whatever its screen's rows. */
interface RowActionsSnapshot<TRow extends ToolboxRow> {
  context: RowActionsContext<TRow>;
  matches: (value: never) => boolean;
}

function inState<TRow extends ToolboxRow>(snapshot: RowActionsSnapshot<TRow>, value: Record<string, string>): boolean {
  return snapshot.matches(value as never);
}

/** A toggle is being sent: the switches wait until it is answered. */
export function isToggling<TRow extends ToolboxRow>(snapshot: RowActionsSnapshot<TRow>): boolean {
  return inState(snapshot, { toggle: 'saving' });
}

/**
 * The value a row's switch shows: the asked-for value while its toggle is sent (optimistic),
 * otherwise the listed value (so a failed toggle rolls back by itself).
 */
export function shownActivity<TRow extends ToolboxRow>(snapshot: RowActionsSnapshot<TRow>, row: ToolboxRow): boolean {
  const { toggle } = snapshot.context;
  return isToggling(snapshot) && toggle?.row.id === row.id ? toggle.isActive : row.isActive;
}

/** The row whose deletion is being confirmed or sent (the dialog is open), or null. */
export function deleteTarget<TRow extends ToolboxRow>(snapshot: RowActionsSnapshot<TRow>): TRow | null {
  return inState(snapshot, { delete: 'idle' }) ? null : snapshot.context.deleteTarget;
}

/** The deletion is being sent: the confirm button spins. */
export function isDeleting<TRow extends ToolboxRow>(snapshot: RowActionsSnapshot<TRow>): boolean {
  return inState(snapshot, { delete: 'deleting' });
}
