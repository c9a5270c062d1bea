import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/placeholder/PlaceholderPage.tsx';

export const Route = createFileRoute('/_app/upcoming-calls')({
  component: () => <PlaceholderPage title={msg`Upcoming Calls`} subtitle={msg`Upcoming calls from clients`} />,
});
