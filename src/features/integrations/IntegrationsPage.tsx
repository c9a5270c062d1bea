import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { useLingui } from '@lingui/react/macro';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

/**
 * Integrations (issue 19, "In the dashboard"): how the account's leads reach the client's own
 * tools: webhooks push events to the client's server, API keys let its systems ask. GA4 settings
 * join them as a section of their own.
 */
export function IntegrationsPage() {
  const { t } = useLingui();
  return (
    <Box as="section">
      <ScreenHeader title={t`Integrations`} subtitle={t`Connect your own tools: events sent to your server as they happen, and API keys for your own systems.`} />
      <Stack gap="6">
        <WebhooksSection />
        <ApiKeysSection />
      </Stack>
    </Box>
  );
}
