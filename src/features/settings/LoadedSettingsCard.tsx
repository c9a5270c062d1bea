import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { settingsResourceMachine } from '../../../machines/settingsResource/settingsResource.machine.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { Notice } from '../../ui/Notice.tsx';

/**
 * A card of Account Settings whose form starts from a resource of its own (Call Request Limits,
 * Call recordings): the `settingsResource` machine loads it with `load`; until then the card shows
 * its title over a spinner, or the failure with Try again; then `children` render the form with
 * what was loaded and a `reload` to call after saving.
 */
export function LoadedSettingsCard<T>({
  title,
  load,
  loadFailed,
  children,
}: {
  title: string;
  load: () => Promise<T>;
  loadFailed: MessageDescriptor;
  children: (resource: T, reload: () => void) => ReactNode;
}) {
  const { i18n } = useLingui();
  const loader = useInspectedActorRef(settingsResourceMachine.provide({ actors: { resourceLoader: fromPromise<unknown>(load) } }), { input: { loadFailed } });
  const resource = useSelector(loader, (snapshot) => snapshot.context.resource) as T | null;
  const failed = useSelector(loader, (snapshot) => snapshot.matches('failed'));

  if (resource === null) {
    return (
      <Box as="section" aria-label={title} bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '6' }}>
        <Heading as="h2" size="md" mb="4" color="gray.900">
          {title}
        </Heading>
        {failed ? (
          <Box display="flex" flexWrap="wrap" gap="3" alignItems="center">
            <Notice status="error">{messageText(i18n, loadFailed)}</Notice>
            <Button size="sm" onClick={() => loader.send({ type: 'user.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          </Box>
        ) : (
          <LoadingStatus size="md" py="6" />
        )}
      </Box>
    );
  }
  return children(resource, () => loader.send({ type: 'resource.reload' }));
}
