import { Link } from '@chakra-ui/react/link';
import type { ReactNode } from 'react';

/** A link to an external page, opened in a new tab. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="blue.700" textDecoration="underline">
      {children}
    </Link>
  );
}
