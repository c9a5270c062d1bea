import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { Trans } from '@lingui/react/macro';
import { Logo } from '../../ui/Logo.tsx';
import { RouterLink } from '../../ui/RouterLink.tsx';

/** /error (spec §2): the 404 page. */
export function NotFoundPage() {
  return (
    <Box as="main" minHeight="100vh" display="flex" flexDirection="column" alignItems="center" justifyContent="center" gap="6" p="6" bg="gray.50">
      <Logo />
      <Text fontSize="6xl" fontWeight="bold" color="blue.700" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size="2xl" textAlign="center" color="gray.900">
        <Trans>OOPS! Something went wrong here.</Trans>
      </Heading>
      <RouterLink to="/">
        <Trans>Home</Trans>
      </RouterLink>
    </Box>
  );
}
