import { describe, expect, it } from 'vitest';
import { createMachine, not } from 'xstate';
import { machineCatalog } from './catalog.ts';
import { machineToMermaid } from './mermaid.ts';

/**
 * The generator keeps to a small part of Mermaid's stateDiagram-v2 grammar; every line must be
 * one of these statements, every composite closed, and every arrow join declared states.
 */
const statements = {
  header: /^stateDiagram-v2$/,
  state: /^state "[^"]+" as (\w+)( \{)?$/,
  close: /^\}$/,
  concurrent: /^--$/,
  arrow: /^(\w+|\[\*\]) --> (\w+|\[\*\])( : [^:;#"{}]+)?$/,
  description: /^(\w+) : [^:;#"{}]+$/,
};

function checkSyntax(diagram: string) {
  const declared = new Set<string>();
  const used: string[] = [];
  let depth = 0;
  for (const line of diagram.trimEnd().split('\n').map((l) => l.trim())) {
    const kind = Object.entries(statements).find(([, pattern]) => pattern.test(line))?.[0];
    expect(kind, `not a known statement: ${line}`).toBeDefined();
    const match = line.match(statements[kind as keyof typeof statements])!;
    if (kind === 'state') {
      expect(declared.has(match[1]!), `declared twice: ${match[1]}`).toBe(false);
      declared.add(match[1]!);
      if (match[2]) depth++;
    }
    if (kind === 'close') depth--;
    if (kind === 'arrow') used.push(match[1]!, match[2]!);
    if (kind === 'description') used.push(match[1]!);
    expect(depth).toBeGreaterThanOrEqual(0);
  }
  expect(depth, 'unclosed composite state').toBe(0);
  expect(used.filter((id) => id !== '[*]' && !declared.has(id))).toEqual([]);
}

describe('Mermaid state diagrams', () => {
  it('alias ids with dots, dashes and clashing names, and keep labels free of syntax', () => {
    const machine = createMachine({
      id: 'sign-up.flow',
      initial: 'step-one',
      on: { 'user.reset': '.step-one' },
      states: {
        'step-one': {
          on: { 'next:page': { target: 'step_two', guard: not('has;errors') } },
        },
        step_two: {
          initial: 'a',
          states: { a: { after: { 500: 'b' } }, b: { type: 'final' } },
          onDone: 'done#1',
        },
        'done#1': { type: 'final' },
      },
    });
    const diagram = machineToMermaid(machine);
    checkSyntax(diagram);
    expect(diagram).toContain('state "step-one" as sign_up_flow_step_one');
    expect(diagram).toContain('sign_up_flow_step_one --> sign_up_flow_step_two : next page [not(has errors)]');
    expect(diagram).toContain('sign_up_flow_step_two_a --> sign_up_flow_step_two_b : after 500 ms');
    expect(diagram).toContain('sign_up_flow_step_two --> sign_up_flow_done_1 : done');
    expect(diagram).toContain('sign_up_flow_any --> sign_up_flow_step_one : user.reset');
    expect(diagram).toContain('sign_up_flow_done_1 --> [*]');
  });

  it('gives ids that sanitize alike distinct aliases', () => {
    const machine = createMachine({ id: 'm', initial: 'a-b', states: { 'a-b': { on: { go: 'a_b' } }, a_b: {} } });
    const diagram = machineToMermaid(machine);
    checkSyntax(diagram);
    expect(diagram).toContain('m_a_b --> m_a_b_2 : go');
  });

  it.each(machineCatalog().map(({ machine }) => [machine.id, machine] as const))('%s uses only the checked syntax', (_, machine) => {
    checkSyntax(machineToMermaid(machine));
  });
});
