import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/** Title and subtitle of an auth page. */
export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <Box mb="6" textAlign="center">
      <Heading as="h1" size="2xl" mb="2" color="gray.900">
        {title}
      </Heading>
      {subtitle ? <Text color="gray.700">{subtitle}</Text> : null}
    </Box>
  );
}
