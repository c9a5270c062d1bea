import type { Actor } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { authMachine } from '../../machines/auth/auth.machine.ts';
import type { creditsMachine } from '../../machines/credits/credits.machine.ts';
import type { startupMachine } from '../../machines/startup/startup.machine.ts';

export type AuthActor = Actor<typeof authMachine>;
export type StartupActor = Actor<typeof startupMachine>;
export type CreditsActor = Actor<typeof creditsMachine>;

/**
 * The actors created once at boot (ARCHITECTURE.md, "Root actors") and the API client bound to
 * the auth actor. Routes get them in the router context; views through `useRootActors`.
 */
export interface RootActors {
  auth: AuthActor;
  startup: StartupActor;
  /** The credit balance and banner (spec §4), refreshed every 10 s while signed in. */
  credits: CreditsActor;
  api: ApiClient;
}
