import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { apiKeysMachine } from '../../../machines/apiKeys/apiKeys.machine.ts';
import { apiKeyNameLabel, apiKeyScopeLabels, apiKeysMessages } from '../../../machines/apiKeys/apiKeys.messages.ts';
import { deleteTarget, hasFailed, isDeleting, isLoading, keyHint, listedKeys } from '../../../machines/apiKeys/apiKeys.selectors.ts';
import type { ApiKey } from '../../../machines/apiKeys/apiKeys.types.ts';
import { formatDateTime } from '../../lib/dateTime.ts';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

type KeysActor = ActorRefFrom<typeof apiKeysMachine>;

/** The account's keys (name, access, first characters, created, last used) with Delete, and the delete confirmation. */
export function ApiKeyList({ list }: { list: KeysActor }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const timeZone = useUserTimeZone();
  const loading = useSelector(list, isLoading);
  const failed = useSelector(list, hasFailed);
  const keys = useSelector(list, listedKeys);
  const toDelete = useSelector(list, deleteTarget);
  const deleting = useSelector(list, isDeleting);
  const name = toDelete?.name ?? '';
  // A deleted key takes its Delete button with it: when the dialog closes on a key no longer listed (`askedFor`: the
  // key whose Delete opened it), focus goes to the list's heading rather than to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const askedFor = useRef<number | null>(null);
  const focusAfterDialog = () => (listedKeys(list.getSnapshot()).some((apiKey) => apiKey.id === askedFor.current) ? null : heading.current);

  const columns: DataColumn<ApiKey>[] = [
    { key: 'name', header: i18n._(apiKeyNameLabel), cell: (apiKey) => apiKey.name },
    { key: 'scope', header: t`Access`, nowrap: true, cell: (apiKey) => i18n._(apiKeyScopeLabels[apiKey.scope]) },
    { key: 'prefix', header: t`Key`, nowrap: true, cell: (apiKey) => <Code fontSize="xs">{keyHint(apiKey)}</Code> },
    { key: 'created', header: t`Created`, nowrap: true, cell: (apiKey) => formatDateTime(apiKey.createdAt, timeZone) },
    { key: 'lastUsed', header: t`Last used`, nowrap: true, cell: (apiKey) => (apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt, timeZone) : t`Never used`) },
    {
      key: 'actions',
      header: t`Actions`,
      nowrap: true,
      cell: (apiKey) => (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => {
            askedFor.current = apiKey.id;
            list.send({ type: 'user.requestDelete', apiKey });
          }}
        >
          <Trans>Delete</Trans>
          {/* Every key has the same button: each names its key for screen readers. */}
          <VisuallyHidden> {apiKey.name}</VisuallyHidden>
        </Button>
      ),
    },
  ];

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" id={headingId} ref={heading} tabIndex={-1} size="sm" mb="3" color="gray.900">
        <Trans>Your API keys</Trans>
      </Heading>
      <DataTable
        label={t`Your API keys`}
        columns={columns}
        rows={keys}
        rowKey={(apiKey) => apiKey.id}
        loading={loading}
        skeletonRows={2}
        empty={
          failed ? (
            <EmptyState tone="error" title={i18n._(apiKeysMessages.loadFailed)}>
              <Button size="sm" variant="outline" onClick={() => list.send({ type: 'user.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title={t`No API keys yet: create one below.`} />
          )
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t`Delete the key “${name}”?`}
        text={t`Apps using this key stop working at once. This action is irreversible.`}
        busy={deleting}
        onConfirm={() => list.send({ type: 'user.confirmDelete' })}
        onCancel={() => list.send({ type: 'user.cancelDelete' })}
        finalFocus={focusAfterDialog}
      />
    </Box>
  );
}
