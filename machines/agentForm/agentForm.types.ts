import type { MessageDescriptor } from '@lingui/core';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { components } from '../../common/contract/dashboard.gen.ts';
import type { FormDraft } from '../form/formDraft.ts';
import type { WorkingHoursIssues } from '../shared/workingHours.ts';
import type { WorkingHours } from '../../common/rules/workingHours.ts';

/** An agent as GET /client/agents lists it (spec §3 Agent). */
export type FormAgent = components['schemas']['Agent'];

/** The body of POST /client/agents and PUT /client/agents/{id}. */
export type AgentBody = components['schemas']['AgentInput'];

/** What the save actor gets: the id to update, or null to create. */
export interface AgentSaveInput {
  agentId: number | null;
  body: AgentBody;
}

/** What the form edits (spec §2 Agents form): Name, Phone Number and the weekly Availability. */
export interface AgentFormValues {
  name: string;
  /** Without parentheses, dashes and spaces (spec §5 Agent). */
  phone: string;
  /** All seven days, Monday first (read through `normalizeWorkingHours`). */
  availability: WorkingHours[];
}

export type AgentTextField = 'name' | 'phone';

export interface AgentFormInput {
  /** The agent to edit (route /agents/manage/{agentId}); null or absent creates one. */
  agentId?: number | null;
}

export interface AgentFormContext {
  agentId: number | null;
  /** The agent being edited, as loaded: its flags are kept when it is saved. */
  agent: FormAgent | null;
  form: FormDraft<AgentFormValues>;
  /** The schedule's issues per day and frame, for the editor to show beside what they name. */
  availabilityIssues: WorkingHoursIssues;
  /** Why the form cannot be shown: the agent was not found or the agents failed to load. */
  error: MessageDescriptor | null;
  /** The agent as saved, for the success toast. */
  saved: FormAgent | null;
}

export type AgentFormEvent =
  | { type: 'user.change'; field: AgentTextField; value: string }
  | { type: 'user.changeAvailability'; value: WorkingHours[] }
  | { type: 'user.blur'; field: AgentTextField }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | DoneActorEvent<FormAgent[], 'agentsLoader'>
  | ErrorActorEvent<unknown, 'agentsLoader'>
  | DoneActorEvent<FormAgent, 'agentSave'>
  | ErrorActorEvent<unknown, 'agentSave'>;
