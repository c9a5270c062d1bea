import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { RefObject } from 'react';
import { creditBalance } from '../../../machines/credits/credits.selectors.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { formatUtcOffset } from '../../lib/dateTime.ts';

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** spec §2 Shell: first name with an initial badge, time zone as UTC±h:mm (to /settings), credits. */
export function TopBar({
  menuOpen,
  menuButton,
  onToggleMenu,
}: {
  menuOpen: boolean;
  /** The Menu button, which gets focus back when the menu is dismissed. */
  menuButton: RefObject<HTMLButtonElement | null>;
  onToggleMenu: () => void;
}) {
  const { t } = useLingui();
  const { auth, credits: creditsActor } = useRootActors();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const credits = useSelector(creditsActor, creditBalance);
  const name = user ? firstName(user.name) : '';
  const offset = user ? formatUtcOffset(user.timezone) : '';
  return (
    <Box
      as="header"
      display="flex"
      alignItems="center"
      gap={{ base: '3', md: '4' }}
      px={{ base: '3', md: '6' }}
      py="3"
      bg="white"
      borderBottomWidth="1px"
      whiteSpace="nowrap"
    >
      <Button
        ref={menuButton}
        variant="outline"
        size="sm"
        hideFrom="lg"
        aria-controls="side-menu"
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      >
        {t`Menu`}
      </Button>
      <Box flex="1" />
      {/* On small screens the language picker sits in the side menu. */}
      <Box hideBelow="md">
        <LanguagePicker />
      </Box>
      {user ? (
        <Link to="/settings" title={user.timezone}>
          <Text as="span" fontSize="sm" color="blue.700" textDecoration="underline">
            <Text as="span" srOnly>{t`Time zone`} </Text>
            {offset}
          </Text>
        </Link>
      ) : null}
      <Text fontSize="sm" color="gray.700">
        {t`Credits`}:{' '}
        <Text as="strong" fontWeight="bold" color="gray.900">
          {credits}
        </Text>
      </Text>
      {user ? (
        <Box display="flex" alignItems="center" gap="2">
          <Text fontSize="sm" color="gray.700" hideBelow="sm">
            {t`Hi,`} <strong>{name}</strong>
          </Text>
          <Box
            aria-hidden="true"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            width="9"
            height="9"
            borderRadius="md"
            bg="green.100"
            color="green.800"
            fontWeight="bold"
          >
            {name.charAt(0).toUpperCase()}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
