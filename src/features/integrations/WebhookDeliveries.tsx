import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { deliveryErrorMessage, deliveryStatusLabels, webhookDeliveriesMessages } from '../../../machines/webhookDeliveries/webhookDeliveries.messages.ts';
import { hasFailed, isFirstLoad, isRefreshing, shownDeliveries } from '../../../machines/webhookDeliveries/webhookDeliveries.selectors.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../../machines/webhookEndpoints/webhookEndpoints.types.ts';
import { messageText } from '../../i18n/messageText.ts';
import { formatDateTime } from '../../lib/dateTime.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useFocusBack } from './useFocusBack.ts';
import { provideWebhookDeliveriesMachine } from './webhooks.actors.ts';

/** A value the delivery does not have (no answer, no retry due). */
const NONE = '—';

/**
 * An endpoint's recent deliveries (issue 19: status, attempts, response code, duration, next
 * retry), newest first, with Refresh: the worker keeps delivering while the panel is open.
 */
export function WebhookDeliveries({ id, endpoint }: { id: string; endpoint: WebhookEndpoint }) {
  const { t, i18n } = useLingui();
  const { api } = useRootActors();
  const timeZone = useUserTimeZone();
  const panel = useInspectedActorRef(provideWebhookDeliveriesMachine(api), { input: { endpointId: endpoint.id } });
  const firstLoad = useSelector(panel, isFirstLoad);
  const refreshing = useSelector(panel, isRefreshing);
  const failed = useSelector(panel, hasFailed);
  const rows = useSelector(panel, shownDeliveries);
  const [refreshButtonRef, refreshButtonPressed] = useFocusBack<HTMLButtonElement>(refreshing);
  const url = endpoint.url;
  const when = (instant: string | null) => (instant ? formatDateTime(instant, timeZone) : NONE);

  const columns: DataColumn<WebhookDelivery>[] = [
    { key: 'time', header: t`Time`, nowrap: true, cell: (delivery) => when(delivery.createdAt) },
    { key: 'event', header: t`Event`, nowrap: true, cell: (delivery) => <Code fontSize="xs">{delivery.eventType}</Code> },
    { key: 'status', header: t`Status`, nowrap: true, cell: (delivery) => i18n._(deliveryStatusLabels[delivery.status]) },
    { key: 'attempts', header: t`Attempts`, nowrap: true, align: 'end', cell: (delivery) => delivery.attempts },
    { key: 'responseCode', header: t`Response code`, nowrap: true, align: 'end', cell: (delivery) => delivery.responseCode ?? NONE },
    { key: 'duration', header: t`Duration (ms)`, nowrap: true, align: 'end', cell: (delivery) => delivery.durationMs ?? NONE },
    { key: 'nextRetry', header: t`Next retry`, nowrap: true, cell: (delivery) => when(delivery.nextRetryAt) },
    // Translated from the code; the server's English reason (WebhookDelivery.error) stays at hand as the tooltip, for support.
    { key: 'error', header: t`Error`, cell: (delivery) => <span title={delivery.error ?? undefined}>{messageText(i18n, deliveryErrorMessage(delivery)) ?? NONE}</span> },
  ];

  return (
    <Box id={id} mt="4" pt="4" borderTopWidth="1px">
      <Box display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="2" mb="3">
        <Heading as="h5" size="xs" color="gray.900">
          <Trans>Recent deliveries</Trans>
        </Heading>
        <Button
          ref={refreshButtonRef}
          size="sm"
          variant="outline"
          loading={refreshing}
          disabled={firstLoad}
          onClick={() => {
            refreshButtonPressed();
            panel.send({ type: 'user.refresh' });
          }}
        >
          <Trans>Refresh</Trans>
        </Button>
      </Box>
      <DataTable
        label={t`Deliveries to ${url}`}
        columns={columns}
        rows={rows}
        rowKey={(delivery) => delivery.id}
        loading={firstLoad}
        skeletonRows={3}
        empty={
          failed ? (
            <EmptyState tone="error" title={i18n._(webhookDeliveriesMessages.loadFailed)} />
          ) : (
            <EmptyState title={t`Nothing has been sent to this endpoint yet: send a test event to try it.`} />
          )
        }
      />
    </Box>
  );
}
