import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { ga4SettingsMessages } from '../../../machines/ga4Settings/ga4Settings.messages.ts';
import { hasFailed, isLoading } from '../../../machines/ga4Settings/ga4Settings.selectors.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { provideGa4SettingsMachine } from './ga4.actors.ts';
import { Ga4Form } from './Ga4Form.tsx';
import { Ga4Guide } from './Ga4Guide.tsx';
import { Ga4Status } from './Ga4Status.tsx';

/**
 * Google Analytics 4 (issue 19, "Analytics events", server-side): whether call outcomes go to the
 * client's GA4 property and how the sends are going, the form that connects it (or changes or
 * disconnects it), and what GA4 gets. One machine (machines/ga4Settings) for all of it: the form
 * starts from the connection it loaded.
 */
export function Ga4Section() {
  const { i18n } = useLingui();
  const { api } = useRootActors();
  const headingId = useId();
  const ga4 = useInspectedActorRef(provideGa4SettingsMachine(api));
  const loading = useSelector(ga4, isLoading);
  const failed = useSelector(ga4, hasFailed);
  return (
    <Box as="section" aria-labelledby={headingId} bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={headingId} size="md" mb="2" color="gray.900">
        <Trans>Google Analytics 4</Trans>
      </Heading>
      <Text color="gray.700" fontSize="sm" mb="5">
        <Trans>Call outcomes go to your Google Analytics 4 property as events of the visitors who asked for them.</Trans>
      </Text>
      <Stack gap="8">
        {loading ? (
          <LoadingStatus size="md" py="6" />
        ) : failed ? (
          <Box display="flex" flexWrap="wrap" gap="3" alignItems="center">
            <Notice status="error">{messageText(i18n, ga4SettingsMessages.loadFailed)}</Notice>
            <Button size="sm" onClick={() => ga4.send({ type: 'user.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          </Box>
        ) : (
          <>
            <Ga4Status ga4={ga4} />
            <Ga4Form ga4={ga4} />
          </>
        )}
        <Ga4Guide />
      </Stack>
    </Box>
  );
}
