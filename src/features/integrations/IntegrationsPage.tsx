import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { useLingui } from '@lingui/react/macro';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { Ga4Section } from './Ga4Section.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

/**
 * Integrations (issue 19, "In the dashboard"): how the account's leads reach the client's own
 * tools: webhooks push events to the client's server, API keys let its systems ask, and call
 * outcomes go to its Google Analytics 4 property.
 */
export function IntegrationsPage() {
  const { t } = useLingui();
  return (
    <Box as="section">
      <ScreenHeader title={t`Integrations`} subtitle={t`Connect your own tools: events sent to your server as they happen, API keys for your own systems, and call outcomes in Google Analytics 4.`} />
      <Stack gap="6">
        <WebhooksSection />
        <ApiKeysSection />
        <Ga4Section />
      </Stack>
    </Box>
  );
}
