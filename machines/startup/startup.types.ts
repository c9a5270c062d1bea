import type { MessageDescriptor } from '@lingui/core';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { components } from '../../common/contract/dashboard.gen.ts';

/** The contract's rows that startup keeps for the whole app (spec §3 Widget, Website, Agent). */
export type StartupWidget = components['schemas']['Widget'];
export type StartupWebsite = components['schemas']['Website'];
export type StartupAgent = components['schemas']['Agent'];

/** The credits record (spec §3): the first item of the metadata's `credits`. */
export type CreditsRecord = components['schemas']['Credits'];

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
  widgets: StartupWidget[];
  websites: StartupWebsite[];
  agents: StartupAgent[];
  error: MessageDescriptor | null;
}

export type StartupEvent =
  /** Sent by the session glue when the auth actor holds a user. */
  | { type: 'auth.signedIn' }
  /** Sent when the session ends: metadata is reset (spec §4 Logout). */
  | { type: 'auth.signedOut' }
  | { type: 'user.retry' }
  /**
   * Sent after the toolbox changed (a widget or agent saved, toggled or deleted; a website
   * created): widgets, websites and agents are fetched again while the app stays usable.
   */
  | { type: 'toolbox.changed' }
  /** Raised by the machine itself when startup is ready or has failed: the splash hides. */
  | { type: 'startup.settled' }
  /** Raised by the machine itself when it went on with the stored metadata: fetch the current one. */
  | { type: 'startup.metadataRestored' }
  | DoneActorEvent<StartupMetadata | null, 'storedMetadataReader'>
  | ErrorActorEvent<unknown, 'storedMetadataReader'>
  | DoneActorEvent<StartupMetadata, 'metadataLoader'>
  | ErrorActorEvent<unknown, 'metadataLoader'>
  | DoneActorEvent<StartupMetadata, 'metadataRefresher'>
  | ErrorActorEvent<unknown, 'metadataRefresher'>
  | DoneActorEvent<StartupWidget[], 'widgetsLoader'>
  | ErrorActorEvent<unknown, 'widgetsLoader'>
  | DoneActorEvent<StartupWebsite[], 'websitesLoader'>
  | ErrorActorEvent<unknown, 'websitesLoader'>
  | DoneActorEvent<StartupAgent[], 'agentsLoader'>
  | ErrorActorEvent<unknown, 'agentsLoader'>;
