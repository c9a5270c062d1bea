import type { MessageDescriptor } from '@lingui/core';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

/** The credits record (spec §3): the first item of the metadata's `credits`. */
export interface CreditsRecord {
  credits: number;
  overdraft: number;
  autoRecharge: unknown;
  minMonthlySpendingRequirement: number;
}

/**
 * The part of the contract's `Metadata` the statechart and shell read; the real loader returns
 * the full contract type.
 */
export interface StartupMetadata {
  credits: CreditsRecord[];
  [field: string]: unknown;
}

export interface StartupContext {
  metadata: StartupMetadata | null;
  widgets: unknown[];
  websites: unknown[];
  agents: unknown[];
  error: MessageDescriptor | null;
}

export type StartupEvent =
  /** Sent by the session glue when the auth actor holds a user. */
  | { type: 'auth.signedIn' }
  /** Sent when the session ends: metadata is reset (spec §4 Logout). */
  | { type: 'auth.signedOut' }
  | { type: 'user.retry' }
  | DoneActorEvent<StartupMetadata, 'metadataLoader'>
  | ErrorActorEvent<unknown, 'metadataLoader'>
  | DoneActorEvent<unknown[], 'widgetsLoader'>
  | ErrorActorEvent<unknown, 'widgetsLoader'>
  | DoneActorEvent<unknown[], 'websitesLoader'>
  | ErrorActorEvent<unknown, 'websitesLoader'>
  | DoneActorEvent<unknown[], 'agentsLoader'>
  | ErrorActorEvent<unknown, 'agentsLoader'>;
