import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/placeholder/PlaceholderPage.tsx';

export const Route = createFileRoute('/_app/payments')({
  component: () => <PlaceholderPage title={msg`Payment History`} subtitle={msg`List of all payments on the account`} />,
});
