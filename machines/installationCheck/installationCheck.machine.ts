import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { components } from '../../common/contract/dashboard.gen.ts';
import { notProvided } from '../shared/notProvided.ts';

/** openapi/dashboard.yaml WebsiteInstallation. */
export type Installation = components['schemas']['WebsiteInstallation'];

/** What a check answers: the website's installation as the server has it now, and when it was read. */
export interface InstallationReading {
  installation: Installation;
  /** ISO 8601, when the answer came (the UI says "Last checked …"). */
  checkedAt: string;
}

export interface InstallationCheckInput {
  /** The website's public key (the Code step knows the website by it). */
  publicKey: string;
  /** A reading the screen already has (the Websites list answer); none: nothing is known yet. */
  reading?: InstallationReading;
}

export interface InstallationCheckContext {
  publicKey: string;
  reading: InstallationReading | null;
}

export type InstallationCheckEvent =
  /** The Code step appeared: read the status once. */
  | { type: 'screen.opened' }
  /** "Check again". */
  | { type: 'user.checkAgain' }
  | DoneActorEvent<InstallationReading, 'installationLoader'>
  | ErrorActorEvent<unknown, 'installationLoader'>;

/**
 * A website's installation status and its "Check again" (issue 21). The dashboard cannot make the
 * client's site load the script, so a check reads the latest state the server keeps from the
 * widget's page visits (GET /client/websites). `idle` shows the last reading (or none yet);
 * `checking` keeps showing it while the request runs; a failed check goes to `failed`, keeping the
 * last reading, and "Check again" tries once more. A check in flight ignores more clicks.
 */
export const installationCheckMachine = setup({
  types: {
    context: {} as InstallationCheckContext,
    events: {} as InstallationCheckEvent,
    input: {} as InstallationCheckInput,
  },
  actors: {
    /** The website's installation from GET /client/websites (src). */
    installationLoader: fromPromise<InstallationReading, { publicKey: string }>(notProvided),
  },
  actions: {
    storeReading: assign({
      reading: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.installationLoader');
        return event.output;
      },
    }),
  },
}).createMachine({
  id: 'installationCheck',
  context: ({ input }) => ({ publicKey: input.publicKey, reading: input.reading ?? null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'screen.opened': 'checking', 'user.checkAgain': 'checking' },
    },
    checking: {
      invoke: {
        id: 'installationLoader',
        src: 'installationLoader',
        input: ({ context }) => ({ publicKey: context.publicKey }),
        onDone: { target: 'idle', actions: 'storeReading' },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'user.checkAgain': 'checking' },
    },
  },
});
