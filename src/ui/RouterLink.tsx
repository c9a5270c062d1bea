import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A router link styled as a Chakra link (underlined, accessible contrast). */
export function RouterLink({ children, ...props }: LinkProps & { children: ReactNode }) {
  return (
    <ChakraLink asChild color="blue.700" fontWeight="medium" textDecoration="underline">
      <Link {...props}>{children}</Link>
    </ChakraLink>
  );
}
