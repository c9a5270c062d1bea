import type { AnyStateNode } from 'xstate';

/** How the diagrams and the visualizer snippets name guards, actions and transition events. */

export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combined = (guard as { guards?: unknown[] }).guards;
    return combined ? `${guard.name}(${combined.map(guardName).join(', ')})` : guard.name || 'inline';
  }
  return guard && typeof guard === 'object' && 'type' in guard ? String(guard.type) : 'inline';
}

export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    return typeof type === 'string' ? type.replace(/^xstate\./, '') : action.name || 'inline';
  }
  return action && typeof action === 'object' && 'type' in action ? String(action.type) : 'inline';
}

export type TransitionEvent =
  | { kind: 'after'; delay: string | number }
  | { kind: 'done'; actor: string }
  | { kind: 'error'; actor: string }
  | { kind: 'stateDone' }
  | { kind: 'event'; type: string };

/** What a key of a state node's `transitions` stands for: a delay, an invocation outcome, the state's own onDone, or an event. */
export function transitionEvent(node: AnyStateNode, eventType: string): TransitionEvent {
  const delayed = node.after.find((transition) => transition.eventType === eventType);
  if (delayed) return { kind: 'after', delay: delayed.delay as string | number };
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return actor[1] === 'done' ? { kind: 'done', actor: actor[2]! } : { kind: 'error', actor: actor[2]! };
  if (eventType === `xstate.done.state.${node.id}`) return { kind: 'stateDone' };
  return { kind: 'event', type: eventType };
}
