import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../features/placeholder/PlaceholderPage.tsx';

/** spec §2 Agents form: Create New Agent, or Edit Agent with an id. */
export const Route = createFileRoute('/_app/agents/manage/{-$agentId}')({
  component: AgentFormRoute,
});

function AgentFormRoute() {
  const { agentId } = Route.useParams();
  return <PlaceholderPage title={agentId ? msg`Edit Agent` : msg`Create New Agent`} />;
}
