import { assertEvent, assign, fromPromise, not, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';

/** Body of a step the server provides with `machine.provide(...)` (server/domain/callEngine/callPlacement.ts). */
function notProvided(): Promise<never> {
  return Promise.reject(new Error('This step is carried out by the server and must be provided with machine.provide()'));
}

/** How a call ended for the visitor (the contract's Call status). */
export type CallLifeStatus = 'successful' | 'missed' | 'busy' | 'no-answer';

export interface CallLifeInput {
  /** The widget's numberOfTries (at least 1). */
  tries: number;
  /** 1 for a new call; after a crash, the attempt after the ones its legs show (callRecovery.ts). */
  firstAttempt: number;
  /** A Call now request recovers a missed call (text, callback, notification); a scheduled callback does not. */
  recovers: boolean;
  /** The widget has waiting audio: the visitor is called first and hears it while the agents are rung. */
  visitorFirst: boolean;
}

export interface CallLifeContext extends CallLifeInput {
  attempt: number;
  /** Rounds of agents this attempt rings in turn (all at once: one; one by one: one per agent). */
  rounds: number;
  /** 0-based round being rung. */
  round: number;
  status: CallLifeStatus;
  /** The visitor, called first, is waiting on the line. */
  visitorWaiting: boolean;
}

/** The agents who can take the call now, planned by the calling rule: how many rounds to ring. */
export interface AttemptPlan {
  rounds: number;
}

/** A round: did one of its agents pick up, hear the whisper and accept (press 1)? */
export interface RoundOutcome {
  accepted: boolean;
}

export interface BridgeOutcome {
  status: Exclude<CallLifeStatus, 'missed'>;
}

/** Calling the visitor first: he answered (and waits), or his line was busy or did not answer. */
export interface HoldOutcome {
  status: Exclude<CallLifeStatus, 'missed'>;
}

export type CallLifeEvent =
  | DoneActorEvent<AttemptPlan, 'planAttempt'>
  | ErrorActorEvent<unknown, 'planAttempt'>
  | DoneActorEvent<RoundOutcome, 'ringAgents'>
  | ErrorActorEvent<unknown, 'ringAgents'>
  | DoneActorEvent<BridgeOutcome, 'bridgeVisitor'>
  | ErrorActorEvent<unknown, 'bridgeVisitor'>
  | DoneActorEvent<HoldOutcome, 'holdVisitor'>
  | ErrorActorEvent<unknown, 'holdVisitor'>
  | DoneActorEvent<void, 'releaseVisitor'>
  | ErrorActorEvent<unknown, 'releaseVisitor'>
  | DoneActorEvent<void, 'pause'>
  | DoneActorEvent<void, 'recordOutcome'>
  | ErrorActorEvent<unknown, 'recordOutcome'>;

/** A state recording the outcome (and, with `recover`, the missed call's recovery), then settled whatever happens. */
function recording(recover: boolean) {
  return {
    invoke: {
      id: 'recordOutcome',
      src: 'recordOutcome',
      input: ({ context }: { context: CallLifeContext }) => ({ status: context.status, recover }),
      onDone: 'settled',
      onError: 'settled',
    },
  } as const;
}

/**
 * A call's life on the server (issue 18; ARCHITECTURE.md "The call's life"), from the accepted
 * request (its credit held) to the settled outcome. Each attempt plans who can take the call now
 * (the calling rule, the agents' hours) — and, when the widget has waiting audio, calls the
 * visitor first, who hears it while they are rung — rings them round by round — an agent who picks up hears
 * the whisper and presses 1 to accept; one who declines, lets it ring out or whose voicemail
 * answers counts as not answering, and the next round is rung — then bridges the visitor. A call
 * that did not connect is tried again after the pause, up to the widget's tries. Then the outcome
 * is recorded: a connected call is charged; a missed Call now is recovered (the visitor texted, a
 * callback scheduled, the client notified, as the widget says) in the same transaction that gives
 * its credit back. The server provides the steps (server/domain/callEngine/callPlacement.ts), which
 * the telephony adapters carry out. It lives in common/ because the server runs it, and its
 * diagram is generated with the SPA's (docs/machines/).
 */
export const callLifeMachine = setup({
  types: {
    context: {} as CallLifeContext,
    events: {} as CallLifeEvent,
    input: {} as CallLifeInput,
  },
  actors: {
    /** Who can take the call now, in rounds by the calling rule. */
    planAttempt: fromPromise<AttemptPlan, { attempt: number }>(notProvided),
    /** Rings one round of agents, each whispered to on pick-up; answers whether one accepted. */
    ringAgents: fromPromise<RoundOutcome, { attempt: number; round: number }>(notProvided),
    /** Calls the visitor first and keeps him waiting with the widget's audio (waiting audio). */
    holdVisitor: fromPromise<HoldOutcome, { attempt: number }>(notProvided),
    /** Lets the waiting visitor go when no agent accepted ("sorry", then hang up). */
    releaseVisitor: fromPromise<void, { attempt: number }>(notProvided),
    /** Calls the visitor (or joins the waiting one) and bridges the accepting agent (the recording notice first, when set). */
    bridgeVisitor: fromPromise<BridgeOutcome, { attempt: number }>(notProvided),
    /** The pause between tries (minutesBetweenTries). */
    pause: fromPromise<void, { attempt: number }>(notProvided),
    /** Records the outcome and settles the credit; recovers a missed Call now in the same transaction. */
    recordOutcome: fromPromise<void, { status: CallLifeStatus; recover: boolean }>(notProvided),
  },
  guards: {
    anyoneToRing: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.planAttempt');
      return event.output.rounds > 0;
    },
    accepted: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.ringAgents');
      return event.output.accepted;
    },
    anotherRound: ({ context }) => context.round + 1 < context.rounds,
    connected: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.bridgeVisitor');
      return event.output.status === 'successful';
    },
    anotherTry: ({ context }) => context.attempt < context.tries,
    visitorFirst: ({ context }) => context.visitorFirst,
    visitorAnswered: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.holdVisitor');
      return event.output.status === 'successful';
    },
    visitorWaiting: ({ context }) => context.visitorWaiting,
    recovers: ({ context }) => context.recovers,
  },
  actions: {
    planRounds: assign({
      rounds: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.planAttempt');
        return event.output.rounds;
      },
      round: 0,
    }),
    nextRound: assign({ round: ({ context }) => context.round + 1 }),
    nobodyAccepted: assign({ status: 'missed' }),
    /** The provider lost the visitor's line: he did not talk to an agent. */
    visitorUnreached: assign({ status: 'no-answer' }),
    storeBridged: assign({
      status: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.bridgeVisitor');
        return event.output.status;
      },
    }),
    nextAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    visitorWaits: assign({ visitorWaiting: true }),
    visitorGone: assign({ visitorWaiting: false }),
    storeVisitorLineStatus: assign({
      status: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.holdVisitor');
        return event.output.status;
      },
    }),
  },
}).createMachine({
  id: 'callLife',
  context: ({ input }) => ({ ...input, tries: Math.max(1, input.tries), attempt: Math.max(1, input.firstAttempt), rounds: 0, round: 0, status: 'missed', visitorWaiting: false }),
  initial: 'attempting',
  states: {
    attempting: {
      initial: 'planning',
      states: {
        planning: {
          invoke: {
            id: 'planAttempt',
            src: 'planAttempt',
            input: ({ context }) => ({ attempt: context.attempt }),
            onDone: [
              // Nobody can take it now: the attempt is missed without ringing anyone.
              { guard: not('anyoneToRing'), target: 'attemptEnded', actions: 'nobodyAccepted' },
              { guard: 'visitorFirst', target: 'callingVisitor', actions: 'planRounds' },
              { target: 'ringingAgents', actions: 'planRounds' },
            ],
            onError: { target: 'attemptEnded', actions: 'nobodyAccepted' },
          },
        },
        callingVisitor: {
          invoke: {
            id: 'holdVisitor',
            src: 'holdVisitor',
            input: ({ context }) => ({ attempt: context.attempt }),
            onDone: [
              // He answered and hears the waiting audio while the agents are rung.
              { guard: 'visitorAnswered', target: 'ringingAgents', actions: 'visitorWaits' },
              { target: 'attemptEnded', actions: 'storeVisitorLineStatus' },
            ],
            onError: { target: 'attemptEnded', actions: 'visitorUnreached' },
          },
        },
        ringingAgents: {
          invoke: {
            id: 'ringAgents',
            src: 'ringAgents',
            input: ({ context }) => ({ attempt: context.attempt, round: context.round }),
            onDone: [
              { guard: 'accepted', target: 'bridgingVisitor' },
              // Declined, voicemail, busy or rang out: the next agent by the calling rule.
              { guard: 'anotherRound', target: 'ringingAgents', reenter: true, actions: 'nextRound' },
              { guard: 'visitorWaiting', target: 'releasingVisitor', actions: 'nobodyAccepted' },
              { target: 'attemptEnded', actions: 'nobodyAccepted' },
            ],
            onError: [
              { guard: 'anotherRound', target: 'ringingAgents', reenter: true, actions: 'nextRound' },
              { guard: 'visitorWaiting', target: 'releasingVisitor', actions: 'nobodyAccepted' },
              { target: 'attemptEnded', actions: 'nobodyAccepted' },
            ],
          },
        },
        bridgingVisitor: {
          invoke: {
            id: 'bridgeVisitor',
            src: 'bridgeVisitor',
            input: ({ context }) => ({ attempt: context.attempt }),
            onDone: [
              { guard: 'connected', target: '#callLife.connected', actions: ['storeBridged', 'visitorGone'] },
              { target: 'attemptEnded', actions: ['storeBridged', 'visitorGone'] },
            ],
            // The provider lost the bridge: the visitor did not talk to the agent.
            onError: { target: 'attemptEnded', actions: ['visitorUnreached', 'visitorGone'] },
          },
        },
        releasingVisitor: {
          invoke: {
            id: 'releaseVisitor',
            src: 'releaseVisitor',
            input: ({ context }) => ({ attempt: context.attempt }),
            onDone: { target: 'attemptEnded', actions: 'visitorGone' },
            onError: { target: 'attemptEnded', actions: 'visitorGone' },
          },
        },
        attemptEnded: {
          always: [{ guard: 'anotherTry', target: 'pausing' }, { target: '#callLife.notConnected' }],
        },
        pausing: {
          invoke: {
            id: 'pause',
            src: 'pause',
            input: ({ context }) => ({ attempt: context.attempt }),
            onDone: { target: 'planning', actions: 'nextAttempt' },
          },
        },
      },
    },
    connected: recording(false),
    notConnected: {
      always: [{ guard: 'recovers', target: 'recovering' }, { target: 'recordingMissed' }],
    },
    // The visitor texted, a callback scheduled, the client notified: as the widget says,
    // recorded with the outcome in one transaction.
    recovering: recording(true),
    recordingMissed: recording(false),
    settled: { type: 'final' },
  },
});
