import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../features/placeholder/PlaceholderPage.tsx';

export const Route = createFileRoute('/_app/agents/')({
  component: () => <PlaceholderPage title={msg`Your Agents`} subtitle={msg`Agents that you are managing`} />,
});
