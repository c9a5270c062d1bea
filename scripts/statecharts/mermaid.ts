import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { guardName, transitionEvent } from './names.ts';

/**
 * A Mermaid `stateDiagram-v2` of a machine definition: nested and parallel states, initial and
 * final states, and every transition (eventless ones too) labelled with its event and guard.
 * Delays read `after <delay>`, invocation outcomes `<id> done` / `<id> error`.
 *
 * Mermaid draws an arrow only between states of the same composite, so an arrow is drawn
 * between the outermost states that differ, and its label names the real source (`from …`) or
 * target (`to …`) when they lie deeper. Transitions of a composite state itself (and of the
 * machine) start at its "(any state)" node: they apply in every state inside it.
 *
 * Only a small, safe part of the syntax is used: ids are letters, digits and underscores;
 * names are quoted; labels hold no `:`, `;`, `#`, quotes or braces.
 */

interface Edge {
  from: string;
  to: string;
  label: string;
}

const unsafeId = /[^A-Za-z0-9_]/g;
const unsafeLabel = /[:;#"{}\r\n]/g;

function descendantsOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendantsOf(child)]);
}

function isAncestorOrSelf(ancestor: AnyStateNode, node: AnyStateNode | undefined): boolean {
  for (let current = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/** The child of `scope` that is `node` or contains it. */
function childOf(scope: AnyStateNode, node: AnyStateNode): AnyStateNode {
  let current = node;
  while (current.parent !== scope) current = current.parent!;
  return current;
}

function eventLabel(node: AnyStateNode, eventType: string): string {
  const event = transitionEvent(node, eventType);
  if (event.kind === 'after') return `after ${typeof event.delay === 'number' ? `${event.delay} ms` : event.delay}`;
  if (event.kind === 'done' || event.kind === 'error') return `${event.actor} ${event.kind}`;
  if (event.kind === 'stateDone') return 'done';
  return event.type === '*' ? 'any event' : event.type;
}

export function machineToMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const nodes = [root, ...descendantsOf(root)];
  const used = new Set<string>();
  const unique = (base: string) => {
    let id = base.replace(unsafeId, '_');
    for (let n = 2; used.has(id); n++) id = `${base.replace(unsafeId, '_')}_${n}`;
    used.add(id);
    return id;
  };
  const ids = new Map(nodes.map((node) => [node, unique(node.id)]));
  const id = (node: AnyStateNode) => ids.get(node)!;
  const anyIds = new Map<AnyStateNode, string>();
  const anyState = (node: AnyStateNode) => {
    if (!anyIds.has(node)) anyIds.set(node, unique(`${node.id}_any`));
    return anyIds.get(node)!;
  };

  const edges = new Map<AnyStateNode, Edge[]>();
  const addEdge = (scope: AnyStateNode, edge: Edge) => edges.set(scope, [...(edges.get(scope) ?? []), edge]);
  const isComposite = (node: AnyStateNode) => node.type === 'compound' || node.type === 'parallel';

  const addTransition = (source: AnyStateNode, event: string, definition: AnyTransitionDefinition, isFallback: boolean) => {
    const label = [event, definition.guard ? `[${guardName(definition.guard)}]` : isFallback ? '[else]' : ''];
    const targets: readonly (AnyStateNode | undefined)[] = definition.target?.length ? definition.target : [undefined];
    for (const target of targets) {
      const notes: string[] = [];
      let scope: AnyStateNode;
      let from: string;
      let to: string;
      if (!target || target === source) {
        scope = isComposite(source) || !source.parent ? source : source.parent;
        from = to = scope === source ? anyState(source) : id(source);
      } else if (isAncestorOrSelf(source, target)) {
        scope = source;
        from = anyState(source);
        to = id(childOf(source, target));
        if (childOf(source, target) !== target) notes.push(`to ${target.path.join('.')}`);
      } else if (isAncestorOrSelf(target, source)) {
        scope = target;
        from = id(childOf(target, source));
        to = anyState(target);
        notes.push(`to ${target.path.join('.')}`);
      } else {
        scope = source.parent!;
        while (!isAncestorOrSelf(scope, target)) scope = scope.parent!;
        from = id(childOf(scope, source));
        to = id(childOf(scope, target));
        if (childOf(scope, source) !== source) notes.push(`from ${source.path.join('.')}`);
        if (childOf(scope, target) !== target) notes.push(`to ${target.path.join('.')}`);
      }
      addEdge(scope, { from, to, label: [...label, ...notes].filter(Boolean).join(' ').replace(unsafeLabel, ' ') });
    }
  };

  for (const node of nodes) {
    const groups: [string, AnyTransitionDefinition[]][] = [...node.transitions];
    if (node.always) groups.push(['always', node.always]);
    for (const [eventType, definitions] of groups) {
      const label = eventType === 'always' ? 'always' : eventLabel(node, eventType);
      definitions.forEach((definition, index) =>
        addTransition(node, label, definition, index > 0 && !definition.guard && definitions.some((d) => d.guard)),
      );
    }
  }

  const lines = ['stateDiagram-v2'];
  const write = (depth: number, line: string) => lines.push(`${'  '.repeat(depth + 1)}${line}`);

  const declare = (node: AnyStateNode, depth: number) => {
    const invoked = node.invoke.map((definition) => `invoke ${definition.id}`.replace(unsafeLabel, ' '));
    const name = node.type === 'history' ? `${node.key} (history)` : node.key;
    if (!isComposite(node)) {
      write(depth, `state "${name}" as ${id(node)}`);
      for (const description of invoked) write(depth, `${id(node)} : ${description}`);
      return;
    }
    write(depth, `state "${[name, ...invoked.map((text) => `(${text})`)].join(' ')}" as ${id(node)} {`);
    scopeBody(node, depth + 1);
    write(depth, '}');
  };

  function scopeBody(scope: AnyStateNode, depth: number) {
    const children = Object.values(scope.states);
    children.forEach((child, index) => {
      if (scope.type === 'parallel' && index > 0) write(depth, '--');
      declare(child, depth);
    });
    if (anyIds.has(scope)) write(depth, `state "(any state)" as ${anyIds.get(scope)}`);
    if (scope.type !== 'parallel') {
      for (const target of scope.initial?.target ?? []) write(depth, `[*] --> ${id(childOf(scope, target))}`);
    }
    for (const child of children) if (child.type === 'final') write(depth, `${id(child)} --> [*]`);
    for (const edge of edges.get(scope) ?? []) write(depth, `${edge.from} --> ${edge.to} : ${edge.label}`);
  }

  scopeBody(root, 0);
  return `${lines.join('\n')}\n`;
}
