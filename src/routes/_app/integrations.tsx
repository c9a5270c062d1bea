import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsPage } from '../../features/integrations/IntegrationsPage.tsx';

/** Integrations (issue 19): webhooks and API keys, under Settings in the side menu. */
export const Route = createFileRoute('/_app/integrations')({
  component: IntegrationsPage,
});
