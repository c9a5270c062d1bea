import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { provideWebhookEndpointsMachine, provideWebhookFormMachine } from './webhooks.actors.ts';
import { WebhookEndpoints } from './WebhookEndpoints.tsx';
import { WebhookForm } from './WebhookForm.tsx';
import { WebhooksGuide } from './WebhooksGuide.tsx';

/**
 * Webhooks: the account's endpoints with their actions and delivery log, the form that adds one
 * (and shows its secret once), and what a receiver gets. Two machines: the list
 * (machines/webhookEndpoints) and the form (machines/webhookForm), which tells the list about the
 * endpoint it created.
 */
export function WebhooksSection() {
  const { api } = useRootActors();
  const headingId = useId();
  const list = useInspectedActorRef(provideWebhookEndpointsMachine(api));
  const form = useInspectedActorRef(provideWebhookFormMachine(api, (endpoint) => list.send({ type: 'form.created', endpoint })));
  return (
    <Box as="section" aria-labelledby={headingId} bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={headingId} size="md" mb="2" color="gray.900">
        <Trans>Webhooks</Trans>
      </Heading>
      <Text color="gray.700" fontSize="sm" mb="5">
        <Trans>Your server gets a signed request the moment a visitor asks for a call, a call ends, a callback is scheduled or a payment goes through.</Trans>
      </Text>
      <Stack gap="8">
        <WebhookEndpoints list={list} />
        <WebhookForm form={form} />
        <WebhooksGuide />
      </Stack>
    </Box>
  );
}
