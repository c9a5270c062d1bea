import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { actionName, guardName, transitionEvent } from './names.ts';

/**
 * A machine as self-contained code for the Stately visualizer (stately.ai/viz): `createMachine`
 * with a plain-data config — states, initial and final states, transitions with their targets
 * (by `#id`), guards and actions by name, delays, invocations with their done and error
 * transitions. The machine files themselves import schemas, messages and Lingui macros, which
 * the visualizer cannot resolve; this is the same statechart without them.
 */

type Json = string | number | boolean | Json[] | { [key: string]: Json };

/** One item as itself, several as an array: the way machine configs are usually written. */
const oneOrMany = (items: Json[]): Json => (items.length === 1 ? items[0]! : items);

const toArray = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function transitionConfig(definition: AnyTransitionDefinition): Json {
  const config: { [key: string]: Json } = {};
  const targets = (definition.target ?? []).map((target: AnyStateNode) => `#${target.id}`);
  if (targets.length) config.target = oneOrMany(targets);
  if (definition.guard) config.guard = guardName(definition.guard);
  if (definition.actions.length) config.actions = oneOrMany(definition.actions.map(actionName));
  if (definition.reenter) config.reenter = true;
  // A plain target reads as the target alone.
  return Object.keys(config).length === 1 && typeof config.target === 'string' ? config.target : config;
}

const transitionsConfig = (definitions: readonly AnyTransitionDefinition[]): Json => oneOrMany(definitions.map(transitionConfig));

function stateConfig(node: AnyStateNode): { [key: string]: Json } {
  const config: { [key: string]: Json } = {};
  const defaultId = node.parent ? `${node.parent.id}.${node.key}` : undefined;
  if (node.id !== defaultId) config.id = node.id;
  if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') config.type = node.type;
  if (node.type === 'history' && node.history === 'deep') config.history = 'deep';
  if (node.type === 'compound') {
    let initial = node.initial.target[0]!;
    while (initial.parent !== node) initial = initial.parent!;
    config.initial = initial.key;
  }
  // The node's own entry and exit (node.entry also holds the timers `after` adds).
  const entry = toArray(node.config.entry).map(actionName);
  const exit = toArray(node.config.exit).map(actionName);
  if (entry.length) config.entry = oneOrMany(entry);
  if (exit.length) config.exit = oneOrMany(exit);

  const on: { [key: string]: Json } = {};
  const after: { [key: string]: Json } = {};
  const outcomes = new Map<string, { onDone?: Json; onError?: Json }>();
  for (const [eventType, definitions] of node.transitions) {
    const event = transitionEvent(node, eventType);
    const transitions = transitionsConfig(definitions);
    if (event.kind === 'after') after[String(event.delay)] = transitions;
    else if (event.kind === 'done') outcomes.set(event.actor, { ...outcomes.get(event.actor), onDone: transitions });
    else if (event.kind === 'error') outcomes.set(event.actor, { ...outcomes.get(event.actor), onError: transitions });
    else if (event.kind === 'stateDone') config.onDone = transitions;
    else on[event.type] = transitions;
  }
  if (node.invoke.length) {
    config.invoke = oneOrMany(
      node.invoke.map((definition) => ({
        id: definition.id,
        src: typeof definition.src === 'string' ? definition.src : definition.id,
        ...outcomes.get(definition.id),
      })),
    );
  }
  if (Object.keys(on).length) config.on = on;
  if (Object.keys(after).length) config.after = after;
  if (node.always?.length) config.always = transitionsConfig(node.always);
  const children = Object.values(node.states);
  if (children.length) config.states = Object.fromEntries(children.map((child) => [child.key, stateConfig(child)]));
  return config;
}

/** The plain-data config of the visualizer snippet. */
export function vizConfig(machine: AnyStateMachine): { [key: string]: Json } {
  return stateConfig(machine.root);
}

export function vizSnippet(machine: AnyStateMachine): string {
  return `import { createMachine } from 'xstate';\n\nexport const machine = createMachine(${JSON.stringify(vizConfig(machine), null, 2)});\n`;
}
