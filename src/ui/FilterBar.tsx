import { Box } from '@chakra-ui/react/box';
import type { ReactNode } from 'react';

/** The filters of a list screen: one column on phones, up to `columns` on wide screens. */
export function FilterBar({ label, columns = 4, children }: { label: string; columns?: number; children: ReactNode }) {
  return (
    <Box
      role="search"
      aria-label={label}
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: `repeat(${columns}, minmax(0, 1fr))` }}
      gap="4"
      alignItems="end"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      mb="4"
    >
      {children}
    </Box>
  );
}
