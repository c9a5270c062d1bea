import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ExternalLink } from '../../ui/ExternalLink.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { policyLinks } from '../../lib/policyLinks.ts';
import { RouterLink } from '../../ui/RouterLink.tsx';

/** spec §2 Auth shell prompt: Sign In! on registration, none on thank-you, Sign Up! elsewhere. */
function AuthPrompt({ pathname }: { pathname: string }) {
  if (pathname.startsWith('/auth/thank-you')) return null;
  if (pathname.startsWith('/auth/registration')) {
    return (
      <Text fontSize="sm">
        <Trans>Already have an account?</Trans> <RouterLink to="/auth/login"><Trans>Sign In!</Trans></RouterLink>
      </Text>
    );
  }
  return (
    <Text fontSize="sm">
      <Trans>Don't have an account yet?</Trans> <RouterLink to="/auth/registration"><Trans>Sign Up!</Trans></RouterLink>
    </Text>
  );
}

function PolicyFooter() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" hideFrom="lg" display="flex" flexWrap="wrap" justifyContent="space-between" gap="3" px="6" py="4" fontSize="sm">
      <Text color="gray.700">© {year}</Text>
      <Box display="flex" gap="4">
        <ExternalLink href={policyLinks.privacy}>
          <Trans>Privacy</Trans>
        </ExternalLink>
        <ExternalLink href={policyLinks.legal}>
          <Trans>Legal</Trans>
        </ExternalLink>
        <ExternalLink href={policyLinks.contact}>
          <Trans>Contact</Trans>
        </ExternalLink>
      </Box>
    </Box>
  );
}

/** The unauthenticated area's frame: brand panel, prompt, language picker, form, footer. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Box display="flex" flexDirection={{ base: 'column', lg: 'row' }} minHeight="100vh" bg="gray.50">
      <Box
        as="aside"
        aria-label={t`About the service`}
        bg="blue.800"
        color="white"
        width={{ lg: '38%' }}
        px={{ base: '6', lg: '12' }}
        py={{ base: '5', lg: '16' }}
        display="flex"
        flexDirection="column"
        gap="6"
      >
        <Logo inverted />
        <Box hideBelow="lg">
          <Heading as="p" size="2xl" lineHeight="short" mb="4">
            <Trans>Turn website visitors into phone calls.</Trans>
          </Heading>
          <Text color="blue.100">
            <Trans>Visitors ask to be called at once or schedule a callback. Sign up and get 20 free calls.</Trans>
          </Text>
        </Box>
      </Box>
      <Box flex="1" display="flex" flexDirection="column">
        <Box display="flex" justifyContent="space-between" alignItems="center" gap="4" px="6" py="4" flexWrap="wrap">
          <AuthPrompt pathname={pathname} />
          <LanguagePicker />
        </Box>
        <Box as="main" flex="1" display="flex" alignItems="center" justifyContent="center" px="6" py="8">
          <Box width="full" maxWidth="md">
            {children}
          </Box>
        </Box>
        <PolicyFooter />
      </Box>
    </Box>
  );
}
