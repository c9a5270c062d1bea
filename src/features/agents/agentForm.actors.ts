import type { AnyRouter } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { agentFormMachine } from '../../../machines/agentForm/agentForm.machine.ts';
import type { AgentSaveInput, FormAgent } from '../../../machines/agentForm/agentForm.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import type { StartupActor } from '../../session/rootActors.ts';
import { showNotice } from '../../lib/toaster.ts';

/** GET /client/agents: every agent of the account (the machine picks the edited one). */
export async function loadAgents(api: ApiClient): Promise<FormAgent[]> {
  return dataOrThrow(await api.GET('/client/agents')).data;
}

/** POST /client/agents, or PUT /client/agents/{id} when editing (spec §7): the saved agent. */
export async function saveAgent(api: ApiClient, { agentId, body }: AgentSaveInput): Promise<FormAgent> {
  if (agentId === null) return dataOrThrow(await api.POST('/client/agents', { body }));
  return dataOrThrow(await api.PUT('/client/agents/{id}', { params: { path: { id: agentId } }, body }));
}

/** The agent form machine with its real requests, toasts, the shell's refresh and navigation. */
export function provideAgentFormMachine(api: ApiClient, startup: StartupActor, router: AnyRouter) {
  return agentFormMachine.provide({
    actors: {
      agentsLoader: fromPromise(() => loadAgents(api)),
      agentSave: fromPromise<FormAgent, AgentSaveInput>(({ input }) => saveAgent(api, input)),
    },
    actions: {
      showNotice,
      // spec §4 Agents: the shell's agents (and the lists built on them) reload after a save.
      reportToolboxChanged: () => startup.send({ type: 'toolbox.changed' }),
      leaveForm: () => void router.navigate({ to: '/agents' }),
    },
  });
}
