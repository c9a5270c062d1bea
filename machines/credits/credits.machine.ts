import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { commonMessages } from '../shared/messages.ts';
import { notProvided } from '../shared/notProvided.ts';
import { timing } from '../shared/timing.ts';
import type { CreditsContext, CreditsEvent, CreditsRecord } from './credits.types.ts';

const emptyContext: CreditsContext = { record: null, hasWidgets: false, failing: false };

/**
 * The credit balance of a signed-in session (ARCHITECTURE.md, "Root actors"; spec §4, §9):
 * fetched at once, then every 10 s while the tab is visible. A hidden tab pauses the refresh;
 * coming back fetches at once. A failed refresh keeps the last balance and tries again on the
 * next tick; the first failure of a streak shows the general error notice (spec §8: every
 * failed call shows an error notice), later ones stay quiet until a fetch succeeds. Billing
 * replaces the record or its auto-recharge locally, and adds a pack's credits after a charge.
 */
export const creditsMachine = setup({
  types: {
    context: {} as CreditsContext,
    events: {} as CreditsEvent,
  },
  actors: {
    /** GET /client/credits */
    creditsLoader: fromPromise<CreditsRecord>(notProvided),
  },
  actions: {
    storeRecord: assign({
      record: ({ event }) => {
        assertEvent(event, ['xstate.done.actor.creditsLoader', 'credits.replaced']);
        return event.type === 'credits.replaced' ? event.record : event.output;
      },
    }),
    replaceAutoRecharge: assign({
      record: ({ context, event }) => {
        assertEvent(event, 'credits.autoRechargeReplaced');
        return context.record ? { ...context.record, autoRecharge: event.autoRecharge } : null;
      },
    }),
    addCredits: assign({
      record: ({ context, event }) => {
        assertEvent(event, 'credits.added');
        return context.record ? { ...context.record, credits: context.record.credits + event.amount } : null;
      },
    }),
    storeHasWidgets: assign({
      hasWidgets: ({ event }) => {
        assertEvent(event, 'widgets.changed');
        return event.hasWidgets;
      },
    }),
    resetCredits: assign(emptyContext),
    startFailureStreak: assign({ failing: true }),
    endFailureStreak: assign({ failing: false }),
    /** A toast in src (spec §2 Shell notifications). */
    showNotice: (_, _params: { type: 'error'; message: MessageDescriptor }) => {},
  },
  guards: {
    /** The first failed fetch since the last success (one notice per failure streak). */
    isFirstFailure: ({ context }) => !context.failing,
  },
  delays: {
    refreshInterval: timing.creditsRefresh,
  },
}).createMachine({
  id: 'credits',
  context: emptyContext,
  initial: 'signedOut',
  on: {
    'widgets.changed': { actions: 'storeHasWidgets' },
  },
  states: {
    signedOut: {
      on: { 'auth.signedIn': 'signedIn' },
    },
    signedIn: {
      initial: 'visible',
      on: {
        'auth.signedOut': { target: 'signedOut', actions: 'resetCredits' },
        'credits.replaced': { actions: 'storeRecord' },
        'credits.autoRechargeReplaced': { actions: 'replaceAutoRecharge' },
        'credits.added': { actions: 'addCredits' },
      },
      states: {
        visible: {
          initial: 'loading',
          on: {
            'page.hidden': 'hidden',
            'credits.refresh': '.loading',
          },
          states: {
            loading: {
              invoke: {
                id: 'creditsLoader',
                src: 'creditsLoader',
                onDone: { target: 'waiting', actions: ['storeRecord', 'endFailureStreak'] },
                onError: [
                  {
                    guard: 'isFirstFailure',
                    target: 'waiting',
                    actions: ['startFailureStreak', { type: 'showNotice', params: { type: 'error', message: commonMessages.unknownError } }],
                  },
                  { target: 'waiting' },
                ],
              },
            },
            waiting: {
              after: { refreshInterval: 'loading' },
            },
          },
        },
        hidden: {
          on: { 'page.visible': 'visible' },
        },
      },
    },
  },
});

export type CreditsMachine = typeof creditsMachine;
