import { createFileRoute } from '@tanstack/react-router';
import { AgentsPage } from '../../../features/agents/AgentsPage.tsx';

/** spec §2 Agents list. */
export const Route = createFileRoute('/_app/agents/')({
  component: AgentsPage,
});
