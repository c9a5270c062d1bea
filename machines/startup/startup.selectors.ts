import type { SnapshotFrom } from 'xstate';
import type { startupMachine } from './startup.machine.ts';

type StartupSnapshot = SnapshotFrom<typeof startupMachine>;

/** spec §2 Shell: the shell shows a loader until websites and agents have loaded. */
export function isStartupComplete(snapshot: StartupSnapshot): boolean {
  return snapshot.matches({ running: { data: 'ready' } });
}

export function hasStartupFailed(snapshot: StartupSnapshot): boolean {
  return snapshot.matches({ running: { data: 'failed' } });
}

export function isSplashVisible(snapshot: StartupSnapshot): boolean {
  return snapshot.matches({ running: { splash: 'visible' } });
}

/** spec §2 Top bar: the credit balance, 0 before load. */
export function creditBalance(snapshot: StartupSnapshot): number {
  return snapshot.context.metadata?.credits[0]?.credits ?? 0;
}
