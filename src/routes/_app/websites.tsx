import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/placeholder/PlaceholderPage.tsx';

export const Route = createFileRoute('/_app/websites')({
  component: () => <PlaceholderPage title={msg`Your Websites`} subtitle={msg`Copy website code`} />,
});
