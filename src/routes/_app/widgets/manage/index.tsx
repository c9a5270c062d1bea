import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../features/placeholder/PlaceholderPage.tsx';

export const Route = createFileRoute('/_app/widgets/manage/')({
  component: () => <PlaceholderPage title={msg`Create Widget`} />,
});
