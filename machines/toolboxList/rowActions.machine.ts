import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';

/** What the row actions read of a toolbox row (a widget or an agent, spec §3). */
export interface ToolboxRow {
  id: number;
  /** null for placeholder agents (they are not listed, but the contract allows it). */
  name: string | null;
  isActive: boolean;
}

/** The switch the user flipped: the row as listed and the value it asked for. */
export interface RowToggle<TRow extends ToolboxRow = ToolboxRow> {
  row: TRow;
  isActive: boolean;
}

export interface RowActionsContext<TRow extends ToolboxRow = ToolboxRow> {
  /** The last toggle; shown in its row while `toggle.saving` (the optimistic value). */
  toggle: RowToggle<TRow> | null;
  /** The row whose deletion is being confirmed or sent. */
  deleteTarget: TRow | null;
}

export type RowActionsEvent<TRow extends ToolboxRow = ToolboxRow> =
  /** The row's Status / Active switch. */
  | { type: 'user.toggle'; row: TRow; isActive: boolean }
  /** The row's Delete action: opens the confirmation. */
  | { type: 'user.requestDelete'; row: TRow }
  /** "Yes, I am sure." */
  | { type: 'user.confirmDelete' }
  /** "Cancel", Escape or a click outside the confirmation. */
  | { type: 'user.cancelDelete' }
  | DoneActorEvent<unknown, 'toggleRequest'>
  | ErrorActorEvent<unknown, 'toggleRequest'>
  | DoneActorEvent<unknown, 'deleteRequest'>
  | ErrorActorEvent<unknown, 'deleteRequest'>;

/**
 * The row actions of the toolbox lists, Widgets and Agents (spec §2 Widgets, Agents; §4
 * Widgets, Agents), beside the screen's generic list machine:
 *
 * - **toggle**: the switch shows the new value at once (optimistic) while `toggleRequest` sends
 *   the whole row with it (PUT); success shows the screen's notice ("Activity status of widget
 *   {name} has been changed.") and publishes the change; failure rolls the switch back and
 *   shows the screen's error notice. One toggle at a time: the switches wait meanwhile.
 * - **delete**: asks for confirmation first ("Delete widget?"); confirming sends
 *   `deleteRequest` (the confirm button spins), then notifies and publishes the change;
 *   cancelling sends nothing. A failed delete closes the confirmation with the error notice.
 *
 * `publishChanged` (src) re-fetches the list (`data.changed`: after a widget toggle the server
 * may have switched off the other widget of the same type and website) and tells startup
 * (`toolbox.changed`: the credit banner and the wizard's suggestions read its rows).
 */
export function createRowActionsMachine<TRow extends ToolboxRow = ToolboxRow>() {
  const toggleRequestInput = ({ context }: { context: RowActionsContext<TRow> }): RowToggle<TRow> => {
    if (!context.toggle) throw new Error('toggleRequest runs only with a stored toggle');
    return context.toggle;
  };
  const deleteRequestInput = ({ context }: { context: RowActionsContext<TRow> }): { row: TRow } => {
    if (!context.deleteTarget) throw new Error('deleteRequest runs only with a stored row');
    return { row: context.deleteTarget };
  };
  return setup({
    types: {
      context: {} as RowActionsContext<TRow>,
      events: {} as RowActionsEvent<TRow>,
    },
    actors: {
      /** PUT the row with the new isActive (the whole body, spec §4 Agents). */
      toggleRequest: fromPromise<unknown, RowToggle<TRow>>(notProvided),
      /** DELETE the row. */
      deleteRequest: fromPromise<unknown, { row: TRow }>(notProvided),
    },
    actions: {
      storeToggle: assign({
        toggle: ({ event }) => {
          assertEvent(event, 'user.toggle');
          return { row: event.row, isActive: event.isActive };
        },
      }),
      storeDeleteTarget: assign({
        deleteTarget: ({ event }) => {
          assertEvent(event, 'user.requestDelete');
          return event.row;
        },
      }),
      clearDeleteTarget: assign({ deleteTarget: null }),
      /** The screen's success notice naming the row (src; reads `context.toggle`). */
      notifyToggled: () => {},
      /** The screen's error notice of a failed toggle (src). */
      notifyToggleFailed: () => {},
      /** The screen's success notice of a deletion (src; reads `context.deleteTarget`). */
      notifyDeleted: () => {},
      /** The screen's error notice of a failed deletion (src). */
      notifyDeleteFailed: () => {},
      /** Re-fetches the list and tells startup that the toolbox changed (src). */
      publishChanged: () => {},
    },
    guards: {
      changesActivity: ({ event }) => {
        assertEvent(event, 'user.toggle');
        return event.isActive !== event.row.isActive;
      },
    },
  }).createMachine({
    id: 'rowActions',
    context: { toggle: null, deleteTarget: null },
    type: 'parallel',
    states: {
      toggle: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'user.toggle': { guard: 'changesActivity', target: 'saving', actions: 'storeToggle' } },
          },
          saving: {
            invoke: {
              id: 'toggleRequest',
              src: 'toggleRequest',
              input: toggleRequestInput,
              onDone: { target: 'idle', actions: ['notifyToggled', 'publishChanged'] },
              // Leaving `saving` is the roll-back: the row shows its listed value again.
              onError: { target: 'idle', actions: 'notifyToggleFailed' },
            },
          },
        },
      },
      delete: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'user.requestDelete': { target: 'confirming', actions: 'storeDeleteTarget' } },
          },
          confirming: {
            on: {
              'user.confirmDelete': 'deleting',
              'user.cancelDelete': { target: 'idle', actions: 'clearDeleteTarget' },
            },
          },
          deleting: {
            invoke: {
              id: 'deleteRequest',
              src: 'deleteRequest',
              input: deleteRequestInput,
              onDone: { target: 'idle', actions: ['notifyDeleted', 'clearDeleteTarget', 'publishChanged'] },
              onError: { target: 'idle', actions: ['notifyDeleteFailed', 'clearDeleteTarget'] },
            },
          },
        },
      },
    },
  });
}

/** The row actions without a screen's row type (visualizer, generic tests). */
export const rowActionsMachine = createRowActionsMachine();

export type RowActionsMachine<TRow extends ToolboxRow = ToolboxRow> = ReturnType<typeof createRowActionsMachine<TRow>>;
