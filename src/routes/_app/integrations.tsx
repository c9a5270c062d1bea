import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsPage } from '../../features/integrations/IntegrationsPage.tsx';
import { loadScreenCatalog } from '../../i18n/activate.ts';

/** Integrations (issue 19): webhooks and API keys, under Settings in the side menu. */
export const Route = createFileRoute('/_app/integrations')({
  // The screen's messages come in a catalog of their own (lingui.config.ts, SCREEN_CATALOGS).
  loader: () => loadScreenCatalog('integrations'),
  component: IntegrationsPage,
});
