import { Box } from '@chakra-ui/react/box';
import { useLingui } from '@lingui/react/macro';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

/**
 * Integrations (issue 19, "In the dashboard"): how the account's leads reach the client's own
 * tools. Webhooks first; API keys and GA4 settings join it as sections of their own.
 */
export function IntegrationsPage() {
  const { t } = useLingui();
  return (
    <Box as="section">
      <ScreenHeader title={t`Integrations`} subtitle={t`Send your calls, callbacks and payments to your own tools as they happen.`} />
      <WebhooksSection />
    </Box>
  );
}
