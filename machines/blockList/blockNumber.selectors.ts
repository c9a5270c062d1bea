import type { SnapshotFrom } from 'xstate';
import type { blockNumberMachine } from './blockNumber.machine.ts';

type Snapshot = SnapshotFrom<typeof blockNumberMachine>;

/** The number the confirmation asks about: set while confirming or blocking, else null (closed). */
export const numberToBlock = (snapshot: Snapshot) => snapshot.context.number;
/** The confirmed block is being sent: the confirm button spins. */
export const isBlockingNumber = (snapshot: Snapshot) => snapshot.matches('blocking');
