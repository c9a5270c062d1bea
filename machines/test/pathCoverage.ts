import { expect } from 'vitest';
import {
  createActor,
  createMachine,
  fromPromise,
  type ActorScope,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { recordCoverage } from './coverageRecord.ts';

/**
 * Generated path tests for a machine (STYLE.md, "Generate path tests with createTestModel").
 *
 * `createTestModel` refuses machines with invocations and delays, and path generation could not
 * run them anyway. So the model is the machine with its async outcomes turned into ordinary
 * events — exactly the events the running machine receives: `xstate.done.actor.<id>` (with an
 * output), `xstate.error.actor.<id>` (with an error) and `xstate.after.<delay>.<stateId>`. Same
 * states, same transitions, same guards and assigns; the events list gives the payloads.
 *
 * The generated set is: the shortest path to every state, plus, for every transition those paths
 * do not take, the shortest path to a snapshot where it is enabled followed by that transition.
 * So every state and every transition is exercised; `expectFullCoverage` proves it against the
 * machine's definition.
 */

export interface PathStep {
  event: EventObject;
  state: AnyMachineSnapshot;
}

export interface GeneratedPath {
  description: string;
  /** Steps after the initial snapshot, in order. */
  steps: PathStep[];
  initial: AnyMachineSnapshot;
  /** The machine's input the path starts from. */
  input: unknown;
}

/** A machine event as the model receives it: actor outcomes without their `actorId`, and delays. */
export type ModelEvent<TEvent extends EventObject> =
  | (TEvent extends unknown ? Omit<TEvent, 'actorId'> : never)
  | { type: `xstate.after.${string}` };

export interface PathOptions<TEvent extends EventObject = EventObject> {
  /** Every event to try, with payloads; events the machine accepts but that are not listed are tried bare. */
  events: ReadonlyArray<ModelEvent<TEvent>>;
  /** Context that distinguishes two snapshots with the same state value (default: none). */
  contextKey?: (snapshot: AnyMachineSnapshot) => string;
  input?: unknown;
}

function describeEvent(event: EventObject): string {
  const { type, ...rest } = event;
  const payload = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${payload}`;
}

function describeValue(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify(snapshot.value);
}

type ConfigNode = Record<string, unknown> & {
  id?: string;
  on?: Record<string, unknown>;
  invoke?: unknown;
  after?: Record<string, unknown>;
  states?: Record<string, ConfigNode>;
};

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The state-node config with invocations and delays replaced by the events they raise. */
function modelNode(node: ConfigNode, stateId: string): ConfigNode {
  const { invoke, after, states, on, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  for (const definition of asArray(invoke as Record<string, unknown> | Record<string, unknown>[] | undefined)) {
    const id = definition.id;
    if (typeof id !== 'string') throw new Error(`Give the invocation in ${stateId} an id`);
    if (definition.onDone) events[`xstate.done.actor.${id}`] = definition.onDone;
    if (definition.onError) events[`xstate.error.actor.${id}`] = definition.onError;
  }
  for (const [delay, transitionConfig] of Object.entries(after ?? {})) {
    events[`xstate.after.${delay}.${stateId}`] = transitionConfig;
  }
  const children = states
    ? Object.fromEntries(
        Object.entries(states).map(([key, child]) => [key, modelNode(child, child.id ?? `${stateId}.${key}`)]),
      )
    : undefined;
  return { ...rest, ...(Object.keys(events).length ? { on: events } : {}), ...(children ? { states: children } : {}) };
}

/** The machine as a test model: async outcomes become plain events (see above). */
export function toTestModelMachine(machine: AnyStateMachine): AnyStateMachine {
  const config = machine.config as ConfigNode;
  return createMachine(modelNode(config, config.id ?? machine.id) as never, machine.implementations as never);
}

export function generatePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PathOptions<EventFromLogic<TMachine>>,
): GeneratedPath[] {
  const contextKey = options.contextKey ?? (() => '');
  const serialize = (s: AnyMachineSnapshot) => `${describeValue(s)}|${contextKey(s)}`;
  const modelMachine = toTestModelMachine(machine);
  const labels = definitionOf(modelMachine).transitions;
  const model = createTestModel(modelMachine, {
    events: options.events as never,
    input: options.input as never,
    serializeState: serialize,
  } as never);

  // Keep paths that are prefixes of others: every reachable snapshot needs its own entry.
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const initial = shortest[0]?.steps[0]?.state as AnyMachineSnapshot;
  const toReach = new Map<string, PathStep[]>();
  for (const path of shortest) toReach.set(serialize(path.state as AnyMachineSnapshot), (path.steps as PathStep[]).slice(1));
  const byLength = (a: PathStep[], b: PathStep[]) => a.length - b.length;

  const result: GeneratedPath[] = [];
  const covered = new Set<string>();
  const add = (steps: PathStep[], description: string) => {
    const path = { description: '', steps, initial, input: options.input };
    walk(modelMachine, path, (transitions) => transitions.forEach((taken) => covered.add(labels.get(taken) ?? '')));
    const events = steps.map((s) => describeEvent(s.event)).join(' → ') || '(initial)';
    result.push({ ...path, description: `${description} via ${events}` });
  };

  // 1. The shortest path to every state (by state value; context only widens the search).
  const reached = new Set<string>();
  for (const steps of [...toReach.values()].sort(byLength)) {
    const value = describeValue(steps.at(-1)?.state ?? initial);
    if (reached.has(value)) continue;
    reached.add(value);
    add(steps, `reaches ${value}`);
  }

  // 2. For every transition not taken yet: the shortest path to a snapshot where it is
  //    enabled, then that transition.
  const adjacency = model.getAdjacencyMap() as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const sources = Object.values(adjacency)
    .map((entry) => ({ entry, from: toReach.get(serialize(entry.state)) }))
    .filter((source): source is { entry: (typeof source)['entry']; from: PathStep[] } => source.from !== undefined)
    .sort((a, b) => byLength(a.from, b.from));
  for (const { entry, from } of sources) {
    for (const { event, state } of Object.values(entry.transitions)) {
      const taken = modelMachine.getTransitionData(entry.state, event).map((definition) => labels.get(definition) ?? '');
      const fresh = taken.filter((label) => !covered.has(label));
      if (fresh.length) add([...from, { event, state }], `takes ${fresh.join(', ')}`);
    }
  }
  return result;
}

function transitionLabel(sourceId: string, eventType: string, index: number) {
  return `${sourceId} on ${eventType}#${index}`;
}

/** Every state node id and every transition (by label, eventless ones too) of a machine's definition. */
function definitionOf(machine: AnyStateMachine) {
  const states = new Set<string>();
  const transitions = new Map<unknown, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    states.add(node.id);
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((definition, index) => transitions.set(definition, transitionLabel(node.id, eventType, index)));
    }
    node.always?.forEach((definition, index) => transitions.set(definition, transitionLabel(node.id, 'always', index)));
  }
  return { states, transitions };
}

/**
 * Replays a path on the model without side effects (no action runs) and reports every microstep:
 * the transitions it took — eventless ones included, so a state that is only passed through
 * counts as reached — and the snapshot after it.
 */
function walk(
  model: AnyStateMachine,
  path: GeneratedPath,
  visit: (transitions: readonly AnyTransitionDefinition[], snapshot: AnyMachineSnapshot) => void,
) {
  let recording = false;
  const self = createActor(model, {
    input: path.input,
    inspect: (event) => {
      if (recording && event.type === '@xstate.microstep') visit(event._transitions, event.snapshot as AnyMachineSnapshot);
    },
  });
  const scope = {
    self,
    system: self.system,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
  } as unknown as ActorScope<AnyMachineSnapshot, EventObject>;
  recording = true;
  let snapshot = model.getInitialSnapshot(scope as never, path.input) as AnyMachineSnapshot;
  visit([], snapshot);
  for (const step of path.steps) snapshot = model.transition(snapshot as never, step.event, scope as never) as AnyMachineSnapshot;
}

export interface Coverage {
  missingStates: string[];
  missingTransitions: string[];
}

/**
 * Which states and transitions of the real machine the generated paths never reach. Paths are
 * walked on the test model; a transition counts by its source, event and position, which the
 * model keeps from the machine.
 */
export function coverageOf(machine: AnyStateMachine, paths: GeneratedPath[]): Coverage {
  const real = definitionOf(machine);
  const model = paths[0]?.initial.machine ?? toTestModelMachine(machine);
  const modelLabels = definitionOf(model).transitions;
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  for (const path of paths) {
    walk(model, path, (transitions, snapshot) => {
      for (const node of snapshot._nodes) reachedStates.add(node.id);
      for (const taken of transitions) {
        reachedStates.add(taken.source.id);
        takenTransitions.add(modelLabels.get(taken) ?? '');
      }
    });
  }
  const missingStates = [...real.states].filter((id) => !reachedStates.has(id));
  const missingTransitions = [...real.transitions.values()].filter((label) => !takenTransitions.has(label));
  recordCoverage({
    machine: machine.id,
    states: { covered: [...real.states].filter((id) => reachedStates.has(id)), missing: missingStates },
    transitions: { covered: [...real.transitions.values()].filter((label) => takenTransitions.has(label)), missing: missingTransitions },
  });
  return { missingStates, missingTransitions };
}

export function expectFullCoverage(machine: AnyStateMachine, paths: GeneratedPath[]) {
  expect(coverageOf(machine, paths)).toEqual({ missingStates: [], missingTransitions: [] });
}

/**
 * Replays a generated path on a running actor (the system under test) by sending each step's
 * event, and checks after every step that the actor is in the state the model predicts; `check`
 * adds assertions about context or side effects.
 */
export function replayPath(
  path: GeneratedPath,
  actor: AnyActorRef,
  check?: (snapshot: AnyMachineSnapshot, step: PathStep) => void,
) {
  for (const step of path.steps) {
    actor.send(step.event);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    expect(snapshot.value, `after ${describeEvent(step.event)}`).toEqual(step.state.value);
    check?.(snapshot, step);
  }
}

/** A promise actor that never settles: path replays deliver its outcome as an event instead. */
export function stalled<TOutput, TInput = unknown>() {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}
