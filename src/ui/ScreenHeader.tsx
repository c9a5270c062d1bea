import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/** A screen's title, subtitle and its actions (top right on wide screens, below on phones). */
export function ScreenHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <Box display="flex" flexWrap="wrap" alignItems="flex-end" justifyContent="space-between" gap="3" mb="4">
      <Box>
        <Heading as="h1" size="xl" color="gray.900">
          {title}
        </Heading>
        {subtitle ? (
          <Text color="gray.700" mt="1">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {actions ? (
        <Box display="flex" flexWrap="wrap" gap="2">
          {actions}
        </Box>
      ) : null}
    </Box>
  );
}
