import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toApiFailure } from '../shared/apiFailure.ts';
import { notProvided } from '../shared/notProvided.ts';
import type { TestCallAccepted, TestCallAllowance, TestCallContext, TestCallEvent, TestCallFailure, TestCallRefusal } from './testCall.types.ts';

/** The contract's error codes of placeTestCall, by the refusal each means. */
const REFUSALS_BY_CODE: Record<string, TestCallRefusal> = {
  invalid_request: 'invalidNumber',
  email_not_verified: 'emailNotVerified',
  api_key_not_allowed: 'apiKeyNotAllowed',
  not_found: 'widgetNotFound',
  widget_inactive: 'widgetInactive',
  outside_working_hours: 'outsideWorkingHours',
  number_not_allowed: 'numberNotAllowed',
  country_not_allowed: 'countryNotAllowed',
  number_blocked: 'numberBlocked',
  test_call_limit: 'limitReached',
};

/** The refusal of a rejected placement: by its code, else by its status (a 404 or 429 without a body), else a failure. */
export function refusalOf(error: unknown): { reason: TestCallRefusal; nextAt: string | null } {
  const failure = toApiFailure(error) as TestCallFailure;
  const byStatus: Partial<Record<number, TestCallRefusal>> = { 400: 'invalidNumber', 404: 'widgetNotFound', 429: 'limitReached' };
  const reason = (failure.code ? REFUSALS_BY_CODE[failure.code] : undefined) ?? byStatus[failure.status] ?? 'failed';
  return { reason, nextAt: reason === 'limitReached' ? (failure.nextAt ?? null) : null };
}

const closedContext = { widget: null, phone: '', phoneMissing: false, allowance: null, placed: null, refusal: null } satisfies TestCallContext;

/**
 * "Call me now" (issue 21, Test call), from a widget's row and from the wizard's Code step: a
 * real Call now through the widget's own settings to a number the client enters, free and
 * limited to a few in any 24 hours (the server counts them and refuses past the limit).
 *
 * - Opening starts from the account's phone and asks how many test calls are left; the form is
 *   usable meanwhile, and also when that fails (the server still holds the limit).
 * - Submit needs a number, and a test call left when the allowance is known; the placement's
 *   answer is the call being rung (with the allowance after it), or a refusal the view words by
 *   its code. A 429 also means none is left until the time it gives.
 * - While a call is being placed the dialog stays open: closing would hide its answer.
 * Each opening starts afresh.
 */
export const testCallMachine = setup({
  types: {
    context: {} as TestCallContext,
    events: {} as TestCallEvent,
  },
  actors: {
    /** GET /client/test-calls. */
    allowanceLoader: fromPromise<TestCallAllowance>(notProvided),
    /** POST /client/widgets/{id}/test-call: answers the accepted call; rejects with a TestCallFailure. */
    callPlacer: fromPromise<TestCallAccepted, { widgetId: number; phone: string }>(notProvided),
  },
  actions: {
    openFor: assign(({ event }) => {
      assertEvent(event, 'user.open');
      return { ...closedContext, widget: event.widget, phone: event.phone };
    }),
    clearAll: assign(closedContext),
    storeAllowance: assign({
      allowance: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.allowanceLoader');
        return event.output;
      },
    }),
    updatePhone: assign(({ event }) => {
      assertEvent(event, 'user.changePhone');
      return { phone: event.phone, phoneMissing: false };
    }),
    markPhoneMissing: assign({ phoneMissing: true }),
    forgetRefusal: assign({ refusal: null }),
    storePlaced: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.callPlacer');
      return { placed: event.output, allowance: event.output.allowance };
    }),
    storeRefusal: assign({
      refusal: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.callPlacer');
        return refusalOf(event.error);
      },
    }),
    /** 429: none left until the time the server gave (the allowance shown says so too). */
    storeNoneLeft: assign({
      allowance: ({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.callPlacer');
        return { limit: context.allowance?.limit ?? 0, remaining: 0, nextAt: refusalOf(event.error).nextAt };
      },
    }),
  },
  guards: {
    isPhoneMissing: ({ context }) => context.phone.trim() === '',
    /** Unknown counts as some left: the server decides then. */
    hasCallsLeft: ({ context }) => context.allowance === null || context.allowance.remaining > 0,
    isLimitReached: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.callPlacer');
      return refusalOf(event.error).reason === 'limitReached';
    },
  },
}).createMachine({
  id: 'testCall',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'open', actions: 'openFor' } },
    },
    open: {
      initial: 'loadingAllowance',
      on: { 'user.close': { target: 'closed', actions: 'clearAll' } },
      states: {
        loadingAllowance: {
          invoke: {
            id: 'allowanceLoader',
            src: 'allowanceLoader',
            onDone: { target: 'editing', actions: 'storeAllowance' },
            onError: 'editing',
          },
          on: { 'user.changePhone': { actions: 'updatePhone' } },
        },
        editing: {
          on: {
            'user.changePhone': { actions: 'updatePhone' },
            'user.submit': [{ guard: 'isPhoneMissing', actions: 'markPhoneMissing' }, { guard: 'hasCallsLeft', target: 'placing', actions: 'forgetRefusal' }],
          },
        },
        placing: {
          invoke: {
            id: 'callPlacer',
            src: 'callPlacer',
            input: ({ context }) => ({ widgetId: context.widget?.id ?? 0, phone: context.phone.trim() }),
            onDone: { target: 'placed', actions: 'storePlaced' },
            onError: [
              { guard: 'isLimitReached', target: 'editing', actions: ['storeRefusal', 'storeNoneLeft'] },
              { target: 'editing', actions: 'storeRefusal' },
            ],
          },
          // The answer is on its way: the dialog stays to show it.
          on: { 'user.close': {} },
        },
        placed: {},
      },
    },
  },
});
