import { msg } from '@lingui/core/macro';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../shared/notProvided.ts';

/** The contract's SpentCredits: credits spent on calls since the start of the month (UTC). */
export interface SpentCredits {
  spent: number;
  since: string;
}

export interface SpentCreditsInput {
  /** The balance when the page opened. */
  balance: number;
}

export interface SpentCreditsContext {
  spent: SpentCredits | null;
  /** The balance the last fetch followed; calls spend credits, so a new balance may mean new spending. */
  balance: number;
}

export type SpentCreditsEvent =
  /** The polled balance (credits actor, every 10 s). */
  | { type: 'credits.balanceChanged'; balance: number }
  | DoneActorEvent<SpentCredits, 'spentCreditsLoader'>
  | ErrorActorEvent<unknown, 'spentCreditsLoader'>;

/** spec §8 USER_SPENT_CREDITS_ERROR */
export const spentCreditsError = msg`An error has occurred with the spent credits`;

/**
 * The credits spent this month on the Billing page (spec §2 Billing, beside the monthly minimum
 * spend; spec §8 USER_SPENT_CREDITS_ERROR): fetched when the page opens and again whenever the
 * polled balance moves, since only spending or buying moves it. A failed fetch keeps the last
 * figure and says so once.
 */
export const spentCreditsMachine = setup({
  types: {
    context: {} as SpentCreditsContext,
    events: {} as SpentCreditsEvent,
    input: {} as SpentCreditsInput,
  },
  actors: {
    /** GET /client/credits/spent */
    spentCreditsLoader: fromPromise<SpentCredits>(notProvided),
  },
  actions: {
    storeSpent: assign({
      spent: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.spentCreditsLoader');
        return event.output;
      },
    }),
    storeBalance: assign({
      balance: ({ event }) => {
        assertEvent(event, 'credits.balanceChanged');
        return event.balance;
      },
    }),
    /** "An error has occurred with the spent credits" (src toast) */
    notifySpentCreditsFailed: () => {},
  },
  guards: {
    isNewBalance: ({ context, event }) => {
      assertEvent(event, 'credits.balanceChanged');
      return event.balance !== context.balance;
    },
  },
}).createMachine({
  id: 'spentCredits',
  context: ({ input }) => ({ spent: null, balance: input.balance }),
  initial: 'loading',
  on: {
    'credits.balanceChanged': { guard: 'isNewBalance', target: '.loading', reenter: true, actions: 'storeBalance' },
  },
  states: {
    loading: {
      invoke: {
        id: 'spentCreditsLoader',
        src: 'spentCreditsLoader',
        onDone: { target: 'loaded', actions: 'storeSpent' },
        onError: { target: 'failed', actions: 'notifySpentCreditsFailed' },
      },
    },
    loaded: {},
    failed: {},
  },
});
