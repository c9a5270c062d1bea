import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import type { BlockedVisitor } from '../../../machines/blockList/blockList.machine.ts';
import { blockListMessages, blockedVisitorKindLabels } from '../../../machines/blockList/blockList.messages.ts';
import type { BlockedVisitorKind } from '../../../machines/blockList/blockList.schema.ts';
import { hasFailed, isBlocking, isBusy, isLoading, unblockingId, valueError } from '../../../machines/blockList/blockList.selectors.ts';
import type { ApiClient } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { formatDateTime } from '../../lib/dateTime.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { provideBlockListMachine } from './blockList.actors.ts';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';

/**
 * Blocked Visitors (issue 7, "a block list per client"): the phone numbers and IP addresses
 * whose call and schedule requests the widget API refuses, with a form to add one and an Unblock
 * button on each.
 */
export function BlockListCard({ api }: { api: ApiClient }) {
  const { t, i18n } = useLingui();
  const list = useInspectedActorRef(provideBlockListMachine(api));
  const loading = useSelector(list, isLoading);
  const failed = useSelector(list, hasFailed);
  const busy = useSelector(list, isBusy);
  const blocking = useSelector(list, isBlocking);
  const entries = useSelector(list, (snapshot) => snapshot.context.entries);
  const values = useSelector(list, (snapshot) => snapshot.context.form.values);
  const error = useSelector(list, valueError);
  const unblocking = useSelector(list, unblockingId);
  const kindLabels: Record<BlockedVisitorKind, string> = { number: i18n._(blockedVisitorKindLabels.number), address: i18n._(blockedVisitorKindLabels.address) };

  return (
    <Box as="section" aria-label={t`Blocked Visitors`} gridColumn="1 / -1" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '6' }}>
      <Heading as="h2" size="md" mb="2" color="gray.900">
        <Trans>Blocked Visitors</Trans>
      </Heading>
      <Text color="gray.700" fontSize="sm" mb="4">
        <Trans>Call and callback requests from these phone numbers and IP addresses are refused, so they cannot spend your credits.</Trans>
      </Text>
      {loading ? (
        <LoadingStatus size="md" py="6" />
      ) : failed ? (
        <Box display="flex" flexWrap="wrap" gap="3" alignItems="center">
          <Notice status="error">{messageText(i18n, blockListMessages.loadFailed)}</Notice>
          <Button size="sm" onClick={() => list.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Box>
      ) : (
        <Stack gap="5">
          <form
            noValidate
            aria-label={t`Block a visitor`}
            onSubmit={(event) => {
              event.preventDefault();
              list.send({ type: 'user.submit' });
            }}
          >
            <Stack direction={{ base: 'column', md: 'row' }} gap="4" alignItems={{ base: 'stretch', md: 'flex-start' }}>
              <Field.Root maxW={{ md: '48' }}>
                <Field.Label>
                  <Trans>Block</Trans>
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="kind"
                    value={values.kind}
                    onChange={(event) => list.send({ type: 'user.change', field: 'kind', value: event.currentTarget.value as BlockedVisitorKind })}
                    bg="white"
                  >
                    <option value="number">{kindLabels.number}</option>
                    <option value="address">{kindLabels.address}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Box flex="1">
                <TextField
                  label={kindLabels[values.kind]}
                  name="value"
                  autoComplete="off"
                  value={values.value}
                  error={messageText(i18n, error)}
                  onChange={(value) => list.send({ type: 'user.change', field: 'value', value })}
                  onBlur={() => list.send({ type: 'user.blur', field: 'value' })}
                />
              </Box>
              <Box pt={{ md: '6' }}>
                <Button type="submit" colorPalette="red" loading={blocking} disabled={busy && !blocking}>
                  <Trans>Block</Trans>
                </Button>
              </Box>
            </Stack>
          </form>
          <BlockedEntries
            entries={entries}
            kindLabels={kindLabels}
            busy={busy}
            unblocking={unblocking}
            onUnblock={(entry) => list.send({ type: 'user.unblock', entry })}
          />
        </Stack>
      )}
    </Box>
  );
}

function BlockedEntries({
  entries,
  kindLabels,
  busy,
  unblocking,
  onUnblock,
}: {
  entries: BlockedVisitor[];
  kindLabels: Record<BlockedVisitorKind, string>;
  busy: boolean;
  unblocking: number | null;
  onUnblock: (entry: BlockedVisitor) => void;
}) {
  const { t } = useLingui();
  const timeZone = useUserTimeZone();
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const empty = useRef<HTMLParagraphElement>(null);
  // The entry whose Unblock was pressed: once it is gone, focus moves to the entry that took its
  // place (or the one above, or the empty message) instead of falling back to the page.
  const focusAfter = useRef<number | null>(null);
  const previous = useRef(entries);
  useEffect(() => {
    const gone = focusAfter.current;
    const before = previous.current;
    previous.current = entries;
    if (gone === null || entries.some((entry) => entry.id === gone)) return;
    focusAfter.current = null;
    const index = before.findIndex((entry) => entry.id === gone);
    const next = entries[Math.min(index, entries.length - 1)];
    (next ? buttons.current.get(next.id) : empty.current)?.focus();
  }, [entries]);
  if (entries.length === 0) {
    return (
      <Text ref={empty} tabIndex={-1} color="gray.700">
        <Trans>No phone numbers or IP addresses are blocked.</Trans>
      </Text>
    );
  }
  return (
    <Box as="ul" listStyleType="none" borderTopWidth="1px" aria-label={t`Blocked Visitors`}>
      {entries.map((entry) => (
        <Box
          as="li"
          key={entry.id}
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          columnGap="4"
          rowGap="1"
          py="3"
          borderBottomWidth="1px"
        >
          <Text fontFamily="mono" fontWeight="medium" color="gray.900" minW="0" overflowWrap="anywhere" flex={{ base: '1 1 100%', sm: '1 1 auto' }}>
            {entry.value}
          </Text>
          <Text fontSize="sm" color="gray.700">
            {kindLabels[entry.kind]}
          </Text>
          <Text fontSize="sm" color="gray.700">
            <Trans>Blocked on {formatDateTime(entry.createdAt, timeZone)}</Trans>
          </Text>
          <Button
            ref={(button) => {
              if (button) buttons.current.set(entry.id, button);
              else buttons.current.delete(entry.id);
            }}
            size="sm"
            variant="outline"
            loading={unblocking === entry.id}
            disabled={busy && unblocking !== entry.id}
            onClick={() => {
              focusAfter.current = entry.id;
              onUnblock(entry);
            }}
          >
            <Trans>Unblock</Trans>
            <VisuallyHidden> {entry.value}</VisuallyHidden>
          </Button>
        </Box>
      ))}
    </Box>
  );
}
