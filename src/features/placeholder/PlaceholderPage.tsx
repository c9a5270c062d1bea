import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';

/** A signed-in screen whose content arrives with a later issue: its spec title and subtitle. */
export function PlaceholderPage({ title, subtitle }: { title: MessageDescriptor; subtitle?: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <Box as="section" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }}>
      <Heading as="h1" size="xl" color="gray.900">
        {i18n._(title)}
      </Heading>
      {subtitle ? (
        <Text color="gray.700" mt="1">
          {i18n._(subtitle)}
        </Text>
      ) : null}
      <Text mt="6" color="gray.700">
        <Trans>This screen arrives with a later issue.</Trans>
      </Text>
    </Box>
  );
}
