import type { SnapshotFrom } from 'xstate';
import { visibleError } from '../form/formDraft.ts';
import type { agentFormMachine } from './agentForm.machine.ts';
import type { AgentFormValues } from './agentForm.types.ts';

type AgentFormSnapshot = SnapshotFrom<typeof agentFormMachine>;

export function isLoading(snapshot: AgentFormSnapshot): boolean {
  return snapshot.matches('start') || snapshot.matches('loading');
}

/** Save Agent shows its spinner (spec §2 Agents form) while saving and until the page is left. */
export function isSaving(snapshot: AgentFormSnapshot): boolean {
  return snapshot.matches('saving') || snapshot.matches('saved');
}

export function isFormShown(snapshot: AgentFormSnapshot): boolean {
  return snapshot.matches('editing') || isSaving(snapshot);
}

export function canRetry(snapshot: AgentFormSnapshot): boolean {
  return snapshot.matches('loadFailed');
}

/** A field's message once it was left or Save Agent was tried; the schedule's once it was changed or saved. */
export function fieldError(snapshot: AgentFormSnapshot, field: keyof AgentFormValues) {
  return visibleError(snapshot.context.form, field) ?? null;
}

/** The schedule's per-day and per-frame issues, shown with the same visibility as its banner. */
export function availabilityIssues(snapshot: AgentFormSnapshot) {
  return fieldError(snapshot, 'availability') ? snapshot.context.availabilityIssues : null;
}
