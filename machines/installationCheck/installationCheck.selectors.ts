import type { SnapshotFrom } from 'xstate';
import type { installationCheckMachine } from './installationCheck.machine.ts';

type Snapshot = SnapshotFrom<typeof installationCheckMachine>;

/** What the installation status shows (src/ui/InstallationStatus.tsx). */
export interface InstallationSummary {
  /** `unknown` until a first reading arrives. */
  status: 'unknown' | 'installed' | 'not_detected';
  seenAt: string | null;
  seenPage: string | null;
  /**
   * A page of another origin, shown as a warning while it is the latest sign of the script: the
   * site is not installed, or the other site saw the script after the own domain did.
   */
  elsewhere: { page: string; seenAt: string } | null;
  checkedAt: string | null;
  checking: boolean;
  failed: boolean;
}

export function installationSummary(snapshot: Snapshot): InstallationSummary {
  const reading = snapshot.context.reading;
  const installation = reading?.installation;
  const elsewhere =
    installation?.elsewhereSeenAt && installation.elsewherePage && (!installation.seenAt || installation.elsewhereSeenAt > installation.seenAt)
      ? { page: installation.elsewherePage, seenAt: installation.elsewhereSeenAt }
      : null;
  return {
    status: installation?.status ?? 'unknown',
    seenAt: installation?.seenAt ?? null,
    seenPage: installation?.seenPage ?? null,
    elsewhere,
    checkedAt: reading?.checkedAt ?? null,
    checking: snapshot.matches('checking'),
    failed: snapshot.matches('failed'),
  };
}
