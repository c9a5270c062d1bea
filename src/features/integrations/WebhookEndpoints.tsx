import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { webhookEndpointsMachine } from '../../../machines/webhookEndpoints/webhookEndpoints.machine.ts';
import { webhookEndpointsMessages } from '../../../machines/webhookEndpoints/webhookEndpoints.messages.ts';
import {
  deleteTarget,
  deliveriesOf,
  endpointHealth,
  hasFailed,
  isBusy,
  isDeleting,
  isLoading,
  shownActive,
  switchingId,
  testingId,
} from '../../../machines/webhookEndpoints/webhookEndpoints.selectors.ts';
import type { WebhookEndpoint } from '../../../machines/webhookEndpoints/webhookEndpoints.types.ts';
import { messageText } from '../../i18n/messageText.ts';
import { formatDateTime } from '../../lib/dateTime.ts';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { SwitchField } from '../../ui/SwitchField.tsx';
import { useFocusBack } from './useFocusBack.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';

type EndpointsActor = ActorRefFrom<typeof webhookEndpointsMachine>;

/** The account's endpoints, each with its state, events and actions, and the delete confirmation. */
export function WebhookEndpoints({ list }: { list: EndpointsActor }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const loading = useSelector(list, isLoading);
  const failed = useSelector(list, hasFailed);
  const endpoints = useSelector(list, (snapshot) => snapshot.context.endpoints);
  const toDelete = useSelector(list, deleteTarget);
  const deleting = useSelector(list, isDeleting);
  const url = toDelete?.url ?? '';
  // A deleted endpoint takes its Delete button with it: when the dialog closes on an endpoint no
  // longer listed, focus goes to the list's heading rather than to the page (given to the dialog:
  // focusing it from here while the dialog closes does not hold, its focus trap takes it back).
  const heading = useRef<HTMLHeadingElement>(null);
  const lastAsked = useRef<number | null>(null);
  useEffect(() => {
    if (toDelete) lastAsked.current = toDelete.id;
  }, [toDelete]);
  const focusAfterDialog = () => (list.getSnapshot().context.endpoints.some((endpoint) => endpoint.id === lastAsked.current) ? null : heading.current);
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" id={headingId} ref={heading} tabIndex={-1} size="sm" mb="3" color="gray.900">
        <Trans>Your endpoints</Trans>
      </Heading>
      {loading ? (
        <LoadingStatus size="md" py="6" />
      ) : failed ? (
        <Box display="flex" flexWrap="wrap" gap="3" alignItems="center">
          <Notice status="error">{messageText(i18n, webhookEndpointsMessages.loadFailed)}</Notice>
          <Button size="sm" onClick={() => list.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Box>
      ) : endpoints.length === 0 ? (
        <Text color="gray.700" fontSize="sm">
          <Trans>No endpoints yet: add one below.</Trans>
        </Text>
      ) : (
        // One column of minmax(0, 1fr): a grid column is as wide as its content by default, and the deliveries table
        // must scroll inside its own region instead of widening the page.
        <Box as="ul" listStyleType="none" display="grid" gridTemplateColumns="minmax(0, 1fr)" gap="4">
          {endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} list={list} />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t`Delete endpoint?`}
        text={t`Nothing more is sent to ${url}, and its delivery log is deleted. This action is irreversible.`}
        busy={deleting}
        onConfirm={() => list.send({ type: 'user.confirmDelete' })}
        onCancel={() => list.send({ type: 'user.cancelDelete' })}
        finalFocus={focusAfterDialog}
      />
    </Box>
  );
}

function EndpointItem({ endpoint, list }: { endpoint: WebhookEndpoint; list: EndpointsActor }) {
  const { t } = useLingui();
  const panelId = useId();
  const busy = useSelector(list, isBusy);
  const testing = useSelector(list, (snapshot) => testingId(snapshot) === endpoint.id);
  const switching = useSelector(list, (snapshot) => switchingId(snapshot) === endpoint.id);
  const [testButtonRef, testButtonPressed] = useFocusBack<HTMLButtonElement>(testing);
  const active = useSelector(list, (snapshot) => shownActive(snapshot, endpoint));
  const open = useSelector(list, (snapshot) => deliveriesOf(snapshot) === endpoint.id);
  const url = endpoint.url;
  // Every endpoint has the same buttons: each names its endpoint for screen readers.
  const forUrl = <VisuallyHidden> {t`for ${url}`}</VisuallyHidden>;
  return (
    <Box as="li" minWidth="0" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Heading as="h4" size="sm" fontFamily="mono" fontWeight="semibold" color="gray.900" overflowWrap="anywhere" mb="1">
        {endpoint.url}
      </Heading>
      <EndpointState endpoint={endpoint} />
      <Text fontSize="sm" color="gray.700" mt="1">
        <Trans>Events:</Trans>{' '}
        {endpoint.events.map((type, index) => (
          <span key={type}>
            {index > 0 ? ', ' : ''}
            <Code fontSize="xs">{type}</Code>
          </span>
        ))}
      </Text>
      <Text fontSize="sm" color="gray.700" mt="1">
        <Trans>Signing secret:</Trans> <Code fontSize="xs">{endpoint.secretHint}</Code>
      </Text>
      <Box display="flex" flexWrap="wrap" alignItems="center" gap="3" mt="3">
        <SwitchField
          name={`webhook-${endpoint.id}-active`}
          checked={active}
          // The switch being sent stays enabled, so it keeps focus (the machine ignores it meanwhile).
          disabled={busy && !switching}
          onChange={(isActive) => list.send({ type: 'user.switch', endpoint, isActive })}
        >
          <Trans>Deliver events</Trans>
          {forUrl}
        </SwitchField>
        <Button
          ref={testButtonRef}
          size="sm"
          variant="outline"
          loading={testing}
          disabled={busy && !testing}
          onClick={() => {
            testButtonPressed();
            list.send({ type: 'user.sendTest', endpoint });
          }}
        >
          <Trans>Send test event</Trans>
          {forUrl}
        </Button>
        <Button size="sm" variant="outline" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => list.send({ type: 'user.toggleDeliveries', endpoint })}>
          <Trans>Deliveries</Trans>
          {forUrl}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={() => list.send({ type: 'user.requestDelete', endpoint })}>
          <Trans>Delete</Trans>
          {forUrl}
        </Button>
      </Box>
      {open ? <WebhookDeliveries id={panelId} endpoint={endpoint} /> : null}
    </Box>
  );
}

/** Active, Off, switched off after failing (with the day), or failing since a time, in the user's time zone. */
function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  const timeZone = useUserTimeZone();
  const health = endpointHealth(endpoint);
  const since = 'since' in health ? formatDateTime(health.since, timeZone) : '';
  const [color, text] =
    health.state === 'active'
      ? (['green.700', <Trans key="active">Active</Trans>] as const)
      : health.state === 'off'
        ? (['gray.700', <Trans key="off">Off</Trans>] as const)
        : health.state === 'switchedOff'
          ? (['red.700', <Trans key="switchedOff">Switched off after failing, on {since}</Trans>] as const)
          : (['orange.700', <Trans key="failing">Failing since {since}</Trans>] as const);
  return (
    <Text fontSize="sm" fontWeight="semibold" color={color}>
      {text}
    </Text>
  );
}
