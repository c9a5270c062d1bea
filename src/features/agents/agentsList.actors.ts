import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { createListMachine } from '../../../machines/list/list.machine.ts';
import type { ListView } from '../../../machines/list/list.types.ts';
import { createRowActionsMachine } from '../../../machines/toolboxList/rowActions.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { notify } from '../../lib/toaster.ts';

export type Agent = components['schemas']['Agent'];
type AgentInput = components['schemas']['AgentInput'];

/** The agents list has no filters (spec §2 Agents). */
export type AgentsFilters = Record<string, never>;

/** spec §8 Agents. */
export const agentsListMessages = {
  loadFailed: msg`Failed to get agents.`,
  toggleFailed: msg`Agent activity update failed.`,
  deleteFailed: msg`Failed to delete agent.`,
};

export function agentActivityChanged(name: string): MessageDescriptor {
  return msg`Activity status of agent ${name} has been changed.`;
}

export function agentDeleted(name: string): MessageDescriptor {
  return msg`Agent ${name} has been deleted successfully.`;
}

/**
 * spec §4 Agents: the list is split into named and unnamed agents; only the named (regular)
 * ones are listed, placeholder agents (a widget's single number) stay out of it.
 */
export function namedAgents(agents: readonly Agent[]): Agent[] {
  return agents.filter((agent) => agent.isRegular && agent.name !== null);
}

/** spec §4 Agents: the toggle flips isActive and sends the whole agent body. */
export function agentWithActivity(agent: Agent, isActive: boolean): AgentInput {
  return {
    name: agent.name,
    phone: agent.phone,
    availability: agent.availability,
    isActive,
    isVerified: agent.isVerified,
    isRegular: agent.isRegular,
  };
}

/** One page of every named agent (the API answers them all). */
export const agentsDefaults: ListView<AgentsFilters> = { filters: {}, page: 1, perPage: 5 };

export const agentsListMachine = createListMachine<AgentsFilters, Agent>();
export const agentRowActionsMachine = createRowActionsMachine<Agent>();

/** Your Agents with its real loader (GET /client/agents, named agents only). */
export function provideAgentsList(api: ApiClient) {
  return agentsListMachine.provide({
    actors: {
      pageLoader: fromPromise(async ({ signal }) => {
        const rows = namedAgents(dataOrThrow(await api.GET('/client/agents', { signal })).data);
        return { rows, count: rows.length };
      }),
    },
    actions: {
      notifyLoadFailed: () => notify('error', agentsListMessages.loadFailed),
    },
  });
}

/**
 * The Active switch and Delete of the agents list with their real requests (PUT and DELETE
 * /client/agents/{id}); `onChanged` re-fetches the list and tells startup.
 */
export function provideAgentRowActions(api: ApiClient, onChanged: () => void) {
  return agentRowActionsMachine.provide({
    actors: {
      toggleRequest: fromPromise(async ({ input }) =>
        dataOrThrow(await api.PUT('/client/agents/{id}', { params: { path: { id: input.row.id } }, body: agentWithActivity(input.row, input.isActive) })),
      ),
      deleteRequest: fromPromise(async ({ input }) => okOrThrow(await api.DELETE('/client/agents/{id}', { params: { path: { id: input.row.id } } }))),
    },
    actions: {
      notifyToggled: ({ context }) => notify('success', agentActivityChanged(context.toggle?.row.name ?? '')),
      notifyToggleFailed: () => notify('error', agentsListMessages.toggleFailed),
      notifyDeleted: ({ context }) => notify('success', agentDeleted(context.deleteTarget?.name ?? '')),
      notifyDeleteFailed: () => notify('error', agentsListMessages.deleteFailed),
      publishChanged: () => onChanged(),
    },
  });
}
