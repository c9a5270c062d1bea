import type { SnapshotFrom } from 'xstate';
import type { verificationResendMachine } from './verificationResend.machine.ts';

/** The link is being sent: the button spins. */
export function isResending(snapshot: SnapshotFrom<typeof verificationResendMachine>): boolean {
  return snapshot.matches('sending');
}
