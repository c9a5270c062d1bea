import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { ApiKeyForm } from './ApiKeyForm.tsx';
import { ApiKeyList } from './ApiKeyList.tsx';
import { provideApiKeyFormMachine, provideApiKeysMachine } from './apiKeys.actors.ts';
import { ApiKeysGuide } from './ApiKeysGuide.tsx';

/**
 * API keys (issue 19): the account's keys with Delete, the form that creates one (and shows the
 * key once), and how a key is used and what it cannot do. Two machines, as for webhooks: the list
 * (machines/apiKeys) and the form (machines/apiKeyForm), which tells the list about the key it
 * created.
 */
export function ApiKeysSection() {
  const { api } = useRootActors();
  const headingId = useId();
  const list = useInspectedActorRef(provideApiKeysMachine(api));
  const form = useInspectedActorRef(provideApiKeyFormMachine(api, (apiKey) => list.send({ type: 'form.created', apiKey })));
  return (
    <Box as="section" aria-labelledby={headingId} bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={headingId} size="md" mb="2" color="gray.900">
        <Trans>API keys</Trans>
      </Heading>
      <Text color="gray.700" fontSize="sm" mb="5">
        <Trans>Your own systems read your calls and statistics, or manage your widgets, through the API with a key of their own.</Trans>
      </Text>
      <Stack gap="8">
        <ApiKeyList list={list} />
        <ApiKeyForm form={form} />
        <ApiKeysGuide />
      </Stack>
    </Box>
  );
}
