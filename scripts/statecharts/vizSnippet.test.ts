import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { machineCatalog } from './catalog.ts';
import { guardName } from './names.ts';
import { vizSnippet } from './vizSnippet.ts';

/** Every state node and every transition (source, event, targets, guard) of a machine. */
function shape(machine: AnyStateMachine) {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return nodes.map((node) => ({
    id: node.id,
    type: node.type,
    initial: node.type === 'compound' ? node.initial.target.map((t: AnyStateNode) => t.id) : [],
    invoke: node.invoke.map((definition) => definition.id),
    transitions: [...node.transitions, ...(node.always ? [['always', node.always] as const] : [])].flatMap(([event, definitions]) =>
      definitions.map((definition) => `${event} → ${(definition.target ?? []).map((t: AnyStateNode) => t.id).join(',')} [${definition.guard ? guardName(definition.guard) : ''}]`),
    ),
  }));
}

/** What a visualizer does with the snippet: run it with nothing but `createMachine`. */
function evaluate(snippet: string): AnyStateMachine {
  const body = snippet.replace("import { createMachine } from 'xstate';", '').replace('export const machine =', 'return');
  return new Function('createMachine', body)(createMachine) as AnyStateMachine;
}

describe('Stately visualizer snippets', () => {
  it.each(machineCatalog().map(({ machine }) => [machine.id, machine] as const))('%s: the snippet alone is the same statechart', (_, machine) => {
    const snippet = vizSnippet(machine);
    expect(snippet).not.toMatch(/^import (?!\{ createMachine \} from 'xstate';)/m);
    expect(shape(evaluate(snippet))).toEqual(shape(machine));
  });
});
