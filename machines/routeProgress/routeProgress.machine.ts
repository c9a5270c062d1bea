import { assign, setup } from 'xstate';
import { timing } from '../shared/timing.ts';

/** Progress of the thin bar, 0 to 100. */
export interface RouteProgressContext {
  value: number;
}

export type RouteProgressEvent = { type: 'router.navigationStarted' } | { type: 'router.navigationSettled' };

const step = 10;
const full = 100;

/**
 * The thin route progress bar (spec §2 Shell, §9): on a route change it advances by 10 every
 * 30 ms; when the route has settled it fills and resets to 0 after 300 ms.
 */
export const routeProgressMachine = setup({
  types: {
    context: {} as RouteProgressContext,
    events: {} as RouteProgressEvent,
  },
  actions: {
    advanceProgress: assign({ value: ({ context }) => Math.min(full, context.value + step) }),
    fillProgress: assign({ value: full }),
    resetProgress: assign({ value: 0 }),
  },
  guards: {
    isBelowFull: ({ context }) => context.value < full,
  },
  delays: {
    progressStep: timing.progressStep,
    progressReset: timing.progressReset,
  },
}).createMachine({
  id: 'routeProgress',
  context: { value: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { 'router.navigationStarted': { target: 'running', actions: 'resetProgress' } },
    },
    running: {
      after: {
        progressStep: { guard: 'isBelowFull', target: 'running', reenter: true, actions: 'advanceProgress' },
      },
      on: { 'router.navigationSettled': 'completing' },
    },
    completing: {
      entry: 'fillProgress',
      after: { progressReset: { target: 'idle', actions: 'resetProgress' } },
      on: { 'router.navigationStarted': { target: 'running', actions: 'resetProgress' } },
    },
  },
});
