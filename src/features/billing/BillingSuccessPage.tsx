import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { RouterLink } from '../../ui/RouterLink.tsx';

/** spec §2 /billing/success: where a completed payment lands; the balance is refreshed at once. */
export function BillingSuccessPage() {
  const { credits } = useRootActors();
  useEffect(() => {
    credits.send({ type: 'credits.refresh' });
  }, [credits]);
  return (
    <Box as="section" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }}>
      <Heading as="h1" size="xl" color="gray.900" mb="4">
        <Trans>Billing</Trans>
      </Heading>
      <Text role="status" mb="4">
        <Trans>Your payment was successful. Your credits have been updated.</Trans>
      </Text>
      <Box display="flex" gap="4">
        <RouterLink to="/billing">
          <Trans>Back to billing</Trans>
        </RouterLink>
        <RouterLink to="/payments">
          <Trans>Payment History</Trans>
        </RouterLink>
      </Box>
    </Box>
  );
}
