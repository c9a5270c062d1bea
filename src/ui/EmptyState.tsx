import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/**
 * A message where rows or figures would be: no data yet, nothing for the filters, an invalid
 * date range, a failed load. `tone` error announces it as an alert; the others as a status.
 */
export function EmptyState({ title, tone = 'neutral', children }: { title: string; tone?: 'neutral' | 'error'; children?: ReactNode }) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'} textAlign="center" px="6" py={{ base: '8', md: '12' }}>
      <Text fontSize="md" fontWeight="medium" color={tone === 'error' ? 'red.700' : 'gray.800'}>
        {title}
      </Text>
      {children ? (
        <Box mt="5" display="flex" flexWrap="wrap" justifyContent="center" gap="3">
          {children}
        </Box>
      ) : null}
    </Box>
  );
}
