import { Box } from '@chakra-ui/react/box';
import { Spinner } from '@chakra-ui/react/spinner';
import { useLingui } from '@lingui/react/macro';
import { Logo } from '../../ui/Logo.tsx';

/** spec §2 Shell: the initial splash screen, hidden after 3 seconds by the startup machine. */
export function SplashScreen() {
  const { t } = useLingui();
  return (
    <Box
      role="status"
      aria-label={t`Loading`}
      position="fixed"
      inset="0"
      zIndex="modal"
      bg="white"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap="6"
    >
      <Logo />
      <Spinner size="lg" color="blue.600" />
    </Box>
  );
}
