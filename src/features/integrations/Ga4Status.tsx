import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ga4SettingsMachine } from '../../../machines/ga4Settings/ga4Settings.machine.ts';
import { ga4SettingsLabels } from '../../../machines/ga4Settings/ga4Settings.messages.ts';
import { lastFailureMessage, secretEnding, storedSettings } from '../../../machines/ga4Settings/ga4Settings.selectors.ts';
import type { Ga4Settings } from '../../../machines/ga4Settings/ga4Settings.types.ts';
import { messageText } from '../../i18n/messageText.ts';
import { formatDateTime } from '../../lib/dateTime.ts';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';

type Ga4Actor = ActorRefFrom<typeof ga4SettingsMachine>;

/** The connection as stored: not connected, or connected with its id, secret, switch and how the sends are going. */
export function Ga4Status({ ga4 }: { ga4: Ga4Actor }) {
  const headingId = useId();
  const settings = useSelector(ga4, storedSettings);
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" id={headingId} size="sm" mb="2" color="gray.900">
        <Trans>Connection</Trans>
      </Heading>
      {settings?.configured ? (
        <Connected settings={settings} />
      ) : (
        <Text fontSize="sm" color="gray.700">
          <Trans>Not connected: enter your measurement ID and an API secret below to send call outcomes.</Trans>
        </Text>
      )}
    </Box>
  );
}

function Connected({ settings }: { settings: Ga4Settings }) {
  const { t, i18n } = useLingui();
  const timeZone = useUserTimeZone();
  const ending = secretEnding(settings);
  const failure = settings.lastFailure;
  const reason = messageText(i18n, lastFailureMessage(settings)) ?? '';
  const failedAt = failure ? formatDateTime(failure.at, timeZone) : '';
  const count = settings.pendingEvents;
  return (
    <>
      <Text fontSize="sm" fontWeight="semibold" color={settings.isActive ? 'green.700' : 'gray.700'} mb="2">
        {settings.isActive ? <Trans>Connected: call outcomes are sent.</Trans> : <Trans>Connected, paused: call outcomes are not sent.</Trans>}
      </Text>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' }} columnGap="4" rowGap={{ base: '0', sm: '1' }} fontSize="sm">
        <Row term={i18n._(ga4SettingsLabels.measurementId)}>
          <Code fontSize="xs">{settings.measurementId}</Code>
        </Row>
        <Row term={i18n._(ga4SettingsLabels.apiSecret)}>
          {ending === null ? (
            // The server shows no end of a short secret.
            <Trans>Stored</Trans>
          ) : (
            <Trans>
              ending in <Code fontSize="xs">{ending}</Code>
            </Trans>
          )}
        </Row>
        <Row term={t`Events waiting to be sent`}>{count}</Row>
        <Row term={t`Last sent`}>{settings.lastSentAt ? formatDateTime(settings.lastSentAt, timeZone) : t`Nothing sent yet`}</Row>
        {failure ? (
          <Row term={t`Last failure`}>
            <Box as="span" color="orange.800">
              <Trans>
                {failedAt}: {reason} Events waiting are retried for 24 hours.
              </Trans>
            </Box>
          </Row>
        ) : null}
      </Box>
    </>
  );
}

/** A term and its value; stacked on a phone, side by side from `sm` up. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Box as="dt" color="gray.700" fontWeight="medium" mt={{ base: '2', sm: '0' }}>
        {term}
      </Box>
      <Box as="dd" color="gray.900" overflowWrap="anywhere">
        {children}
      </Box>
    </>
  );
}
