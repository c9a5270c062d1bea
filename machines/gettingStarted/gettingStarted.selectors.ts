import type { SnapshotFrom } from 'xstate';
import type { gettingStartedMachine } from './gettingStarted.machine.ts';
import { gettingStartedSteps, type GettingStartedStepView } from './gettingStarted.steps.ts';
import type { GettingStartedStepId } from './gettingStarted.types.ts';

type Snapshot = SnapshotFrom<typeof gettingStartedMachine>;

/**
 * Whether the checklist is on screen: once shown, and not while being dismissed (it goes at once;
 * a failed dismiss brings it back). Nothing while loading, so no space is held for it.
 */
export const isChecklistShown = (snapshot: Snapshot) => snapshot.matches('shown');

export interface ChecklistStep extends GettingStartedStepView {
  id: GettingStartedStepId;
  done: boolean;
}

/** The steps in the server's order, each with its words, its place and its state. */
export function checklistSteps(snapshot: Snapshot): ChecklistStep[] {
  return (snapshot.context.status?.steps ?? []).map((step) => ({ ...step, ...gettingStartedSteps[step.id] }));
}

/** How many steps are done, of how many. */
export function checklistProgress(snapshot: Snapshot): { done: number; total: number } {
  const steps = snapshot.context.status?.steps ?? [];
  return { done: steps.filter((step) => step.done).length, total: steps.length };
}
