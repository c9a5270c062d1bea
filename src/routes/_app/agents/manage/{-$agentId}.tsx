import { createFileRoute } from '@tanstack/react-router';
import { AgentFormPage } from '../../../../features/agents/AgentFormPage.tsx';

/** spec §2 Agents form: Create New Agent, or Edit Agent with an id. */
export const Route = createFileRoute('/_app/agents/manage/{-$agentId}')({
  component: AgentFormRoute,
});

/** The id from the path; an id that is not a number reads as an agent that is not found. */
function parseAgentId(agentId: string | undefined): number | null {
  if (agentId === undefined || agentId === '') return null;
  return /^\d+$/.test(agentId) ? Number(agentId) : -1;
}

function AgentFormRoute() {
  const { agentId } = Route.useParams();
  // A new form for each agent: going from one agent's form to another's (or to Create) starts over.
  return <AgentFormPage key={agentId ?? 'new'} agentId={parseAgentId(agentId)} />;
}
