import type { Actor } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { authMachine } from '../../machines/auth/auth.machine.ts';
import type { startupMachine } from '../../machines/startup/startup.machine.ts';

export type AuthActor = Actor<typeof authMachine>;
export type StartupActor = Actor<typeof startupMachine>;

/**
 * The actors created once at boot (ARCHITECTURE.md, "Root actors") and the API client bound to
 * the auth actor. Routes get them in the router context; views through `useRootActors`.
 */
export interface RootActors {
  auth: AuthActor;
  startup: StartupActor;
  api: ApiClient;
}
