import type { SnapshotFrom } from 'xstate';
import type { testCallMachine } from './testCall.machine.ts';
import { testCallMessages } from './testCall.messages.ts';

type Snapshot = SnapshotFrom<typeof testCallMachine>;

export const isOpen = (snapshot: Snapshot) => snapshot.matches('open');
/** The widget the open dialog calls through. */
export const testCallWidget = (snapshot: Snapshot) => snapshot.context.widget;
export const phoneValue = (snapshot: Snapshot) => snapshot.context.phone;
export const phoneError = (snapshot: Snapshot) => (snapshot.context.phoneMissing ? testCallMessages.phoneMissing : undefined);
export const isLoadingAllowance = (snapshot: Snapshot) => snapshot.matches({ open: 'loadingAllowance' });
/** The allowance as last known (null: not known). */
export const allowance = (snapshot: Snapshot) => snapshot.context.allowance;
/** None left now: the submit is off and the dialog says from when. */
export const noCallsLeft = (snapshot: Snapshot) => snapshot.context.allowance?.remaining === 0;
export const isPlacing = (snapshot: Snapshot) => snapshot.matches({ open: 'placing' });
/** The accepted call once placed: the status replaces the form. */
export const placedCall = (snapshot: Snapshot) => (snapshot.matches({ open: 'placed' }) ? snapshot.context.placed : null);
/** Why the last attempt was refused (the view words it, with the time for the limit). */
export const refusal = (snapshot: Snapshot) => snapshot.context.refusal;
