import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { type CallLifeStatus, callLifeMachine } from '../../common/machines/callLife.machine.ts';

const EVENTS: Parameters<typeof generatePaths<typeof callLifeMachine>>[1]['events'] = [
  { type: 'xstate.done.actor.planAttempt', output: { rounds: 2 } },
  { type: 'xstate.done.actor.planAttempt', output: { rounds: 0 } },
  { type: 'xstate.error.actor.planAttempt', error: new Error('read failed') },
  { type: 'xstate.done.actor.ringAgents', output: { accepted: true } },
  { type: 'xstate.done.actor.ringAgents', output: { accepted: false } },
  { type: 'xstate.error.actor.ringAgents', error: new Error('provider down') },
  { type: 'xstate.done.actor.bridgeVisitor', output: { status: 'successful' } },
  { type: 'xstate.done.actor.bridgeVisitor', output: { status: 'busy' } },
  { type: 'xstate.error.actor.bridgeVisitor', error: new Error('bridge lost') },
  { type: 'xstate.done.actor.holdVisitor', output: { status: 'successful' } },
  { type: 'xstate.done.actor.holdVisitor', output: { status: 'busy' } },
  { type: 'xstate.error.actor.holdVisitor', error: new Error('provider down') },
  { type: 'xstate.done.actor.releaseVisitor', output: undefined },
  { type: 'xstate.error.actor.releaseVisitor', error: new Error('already gone') },
  { type: 'xstate.done.actor.pause', output: undefined },
  { type: 'xstate.done.actor.recordOutcome', output: undefined },
  { type: 'xstate.error.actor.recordOutcome', error: new Error('write failed') },
];

const inputs = [
  { tries: 2, firstAttempt: 1, recovers: true, visitorFirst: true },
  { tries: 1, firstAttempt: 1, recovers: false, visitorFirst: false },
];

describe.each(inputs)('call life machine: generated paths (%o)', (input) => {
  const paths = generatePaths(callLifeMachine, {
    input,
    contextKey: (s) => `${s.context.attempt}|${s.context.round}|${s.context.rounds}|${s.context.visitorWaiting}`,
    events: EVENTS,
  });

  if (!input.recovers) {
    it('covers every state and every transition (both inputs together)', () => {
      const other = inputs[0]!;
      expectFullCoverage(callLifeMachine, [...paths, ...generatePaths(callLifeMachine, { input: other, contextKey: (s) => `${s.context.attempt}|${s.context.round}|${s.context.rounds}|${s.context.visitorWaiting}`, events: EVENTS })]);
    });
  }

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(
      callLifeMachine.provide({
        actors: { planAttempt: stalled(), holdVisitor: stalled(), ringAgents: stalled(), releaseVisitor: stalled(), bridgeVisitor: stalled(), pause: stalled(), recordOutcome: stalled() },
      }),
      { input },
    ).start();
    replayPath(path, actor, (snapshot) => {
      expect(snapshot.context.attempt).toBeLessThanOrEqual(2);
      // A visitor waits only while agents are rung for him, or the bridge / letting him go is under way.
      if (snapshot.context.visitorWaiting) expect(['ringingAgents', 'bridgingVisitor', 'releasingVisitor'].some((state) => snapshot.matches({ attempting: state }))).toBe(true);
      expect(snapshot.context.round).toBeLessThan(Math.max(1, snapshot.context.rounds));
    });
    actor.stop();
  });
});

/** Runs a whole life with scripted steps; answers the recorded outcome and the steps taken. */
async function life(options: { tries: number; recovers: boolean; rounds: number[]; accepts: boolean[]; bridges: CallLifeStatus[]; visitor?: Exclude<CallLifeStatus, 'missed'>[] }) {
  const steps: string[] = [];
  let recorded: { status: CallLifeStatus; recover: boolean } | undefined;
  const rounds = [...options.rounds];
  const accepts = [...options.accepts];
  const bridges = [...options.bridges];
  const visitor = [...(options.visitor ?? [])];
  const actor = createActor(
    callLifeMachine.provide({
      actors: {
        planAttempt: fromPromise(async ({ input: at }) => (steps.push(`plan ${at.attempt}`), { rounds: rounds.shift() ?? 0 })),
        ringAgents: fromPromise(async ({ input: at }) => (steps.push(`ring ${at.attempt}.${at.round}`), { accepted: accepts.shift() ?? false })),
        bridgeVisitor: fromPromise(async ({ input: at }) => (steps.push(`bridge ${at.attempt}`), { status: (bridges.shift() ?? 'no-answer') as Exclude<CallLifeStatus, 'missed'> })),
        holdVisitor: fromPromise(async ({ input: at }) => (steps.push(`hold ${at.attempt}`), { status: visitor.shift() ?? ('no-answer' as const) })),
        releaseVisitor: fromPromise<void, { attempt: number }>(async ({ input: at }) => {
          steps.push(`release ${at.attempt}`);
        }),
        pause: fromPromise<void, { attempt: number }>(async () => {
          steps.push('pause');
        }),
        recordOutcome: fromPromise<void, { status: CallLifeStatus; recover: boolean }>(async ({ input: outcome }) => {
          recorded = outcome;
        }),
      },
    }),
    { input: { tries: options.tries, firstAttempt: 1, recovers: options.recovers, visitorFirst: options.visitor !== undefined } },
  );
  await toPromise(actor.start());
  return { steps, recorded };
}

describe('call life machine: whole lives', () => {
  it('a declining first agent passes the call to the next round, who accepts and talks', async () => {
    const { steps, recorded } = await life({ tries: 3, recovers: true, rounds: [2], accepts: [false, true], bridges: ['successful'] });
    expect(steps).toEqual(['plan 1', 'ring 1.0', 'ring 1.1', 'bridge 1']);
    expect(recorded).toEqual({ status: 'successful', recover: false });
  });

  it('all attempts missed: tried again after the pause, then recovered', async () => {
    const { steps, recorded } = await life({ tries: 2, recovers: true, rounds: [1, 0], accepts: [false], bridges: [] });
    expect(steps).toEqual(['plan 1', 'ring 1.0', 'pause', 'plan 2']);
    expect(recorded).toEqual({ status: 'missed', recover: true });
  });

  it('waiting audio: the visitor is called first, waits while nobody accepts, is let go; the next try reaches an agent', async () => {
    const { steps, recorded } = await life({ tries: 2, recovers: true, rounds: [1, 1], accepts: [false, true], bridges: ['successful'], visitor: ['successful', 'successful'] });
    expect(steps).toEqual(['plan 1', 'hold 1', 'ring 1.0', 'release 1', 'pause', 'plan 2', 'hold 2', 'ring 2.0', 'bridge 2']);
    expect(recorded).toEqual({ status: 'successful', recover: false });
  });

  it('waiting audio: a busy visitor line ends the attempt without ringing anyone', async () => {
    const { steps, recorded } = await life({ tries: 1, recovers: true, rounds: [2], accepts: [], bridges: [], visitor: ['busy'] });
    expect(steps).toEqual(['plan 1', 'hold 1']);
    expect(recorded).toEqual({ status: 'busy', recover: true });
  });

  it('a busy visitor on a callback (no recovery) is recorded as busy', async () => {
    const { recorded } = await life({ tries: 1, recovers: false, rounds: [1], accepts: [true], bridges: ['busy'] });
    expect(recorded).toEqual({ status: 'busy', recover: false });
  });
});
