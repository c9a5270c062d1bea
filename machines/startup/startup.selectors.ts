import type { SnapshotFrom } from 'xstate';
import type { startupMachine } from './startup.machine.ts';

type StartupSnapshot = SnapshotFrom<typeof startupMachine>;

/** spec §2 Shell: the shell shows a loader until websites and agents have loaded. */
export function isStartupComplete(snapshot: StartupSnapshot): boolean {
  return snapshot.matches({ running: { data: 'ready' } });
}

/** Widgets, websites and agents are being fetched again after `toolbox.changed` (the app stays usable). */
export function isToolboxRefreshing(snapshot: StartupSnapshot): boolean {
  return isStartupComplete(snapshot) && !snapshot.matches({ running: { data: { ready: 'current' } } });
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
