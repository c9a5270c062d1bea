import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { Trans } from '@lingui/react/macro';
import { RouterLink } from '../../ui/RouterLink.tsx';
import { AuthHeading } from './AuthHeading.tsx';

/** /auth/thank-you: after sign-up (spec §4 Register; query rel picks the variant, ty or ty2). */
export function ThankYouPage() {
  return (
    <Box textAlign="center">
      <AuthHeading title={<Trans>Thank you for signing up!</Trans>} />
      <Text mb="3" color="gray.800">
        <Trans>We sent you an e-mail. Open the link in it to verify your address, then sign in.</Trans>
      </Text>
      <Text mb="6" color="gray.800">
        <Trans>Your account comes with 20 free calls.</Trans>
      </Text>
      <RouterLink to="/auth/login">
        <Trans>Go to Sign In</Trans>
      </RouterLink>
    </Box>
  );
}
