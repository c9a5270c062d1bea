import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { menuSections } from './menu.ts';

const entryStyle = {
  display: 'block',
  px: '3',
  py: '2',
  borderRadius: 'md',
  color: 'gray.100',
  fontSize: 'sm',
  textDecoration: 'none',
  _hover: { bg: 'whiteAlpha.200' },
  '&[aria-current=page]': { bg: 'blue.600', color: 'white', fontWeight: 'semibold' },
} as const;

/** spec §2 Shell: side menu by heading, Sign Out, logo link to /, and the user panel. */
export function SideMenu({ open, onClose, onDismiss }: { open: boolean; onClose: () => void; onDismiss: () => void }) {
  // On small screens the menu overlays the page: opening it moves focus to its close button;
  // that button and Escape dismiss it (onDismiss gives focus back to the Menu button), following
  // an entry just closes it.
  const { t, i18n } = useLingui();
  const { auth } = useRootActors();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const closeButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const showGettingStarted = () => {
    onClose();
    void navigate({ to: '/dashboard', state: (state) => ({ ...state, gettingStarted: true }) });
  };
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);
  return (
    <Box
      as="aside"
      id="side-menu"
      bg="gray.900"
      color="white"
      width="64"
      flexShrink={0}
      display={{ base: open ? 'flex' : 'none', lg: 'flex' }}
      flexDirection="column"
      // Wide screens: the window's height, held at its top while the page scrolls beside it (issue
      // 21: an `inset-block: auto` here once undid `top: 0`, and the menu scrolled away partway
      // down long pages); a menu taller than the window scrolls on its own. Small screens: a
      // drawer over the page, pinned to the window's edges (not 100vh, which the phone's address
      // bar would cut off). CSS alone, nothing measured: no shift when the page first paints.
      position={{ base: 'fixed', lg: 'sticky' }}
      top="0"
      bottom={{ base: '0', lg: 'auto' }}
      left={{ base: '0', lg: 'auto' }}
      height={{ base: 'auto', lg: '100vh' }}
      zIndex="overlay"
      overflowY="auto"
      overscrollBehavior="contain"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) onDismiss();
      }}
    >
      <Box px="5" py="4" display="flex" alignItems="center" justifyContent="space-between">
        <Link to="/" onClick={onClose}>
          <Logo inverted />
        </Link>
        <Button ref={closeButton} size="sm" variant="outline" color="white" hideFrom="lg" onClick={onDismiss} _hover={{ bg: 'whiteAlpha.200' }}>
          {t`Close menu`}
        </Button>
      </Box>
      <Box as="nav" aria-label={t`Main menu`} flex="1" px="3">
        {menuSections.map((section) => (
          <Box key={section.heading.id} mb="4">
            <Text as="h2" px="3" mb="1" fontSize="xs" fontWeight="bold" textTransform="uppercase" letterSpacing="wider" color="gray.400">
              {i18n._(section.heading)}
            </Text>
            <Box as="ul" listStyleType="none">
              {section.entries.map((entry) => (
                <li key={entry.to}>
                  <Box asChild {...entryStyle}>
                    <Link to={entry.to} onClick={onClose}>
                      {i18n._(entry.label)}
                    </Link>
                  </Box>
                </li>
              ))}
            </Box>
          </Box>
        ))}
        {/* Issue 21: brings the Analytics screen's checklist back after a dismiss (GettingStartedChecklist reads the
            history state). A button: it acts as well as goes, and a link to /dashboard would show as the current page. */}
        <Box asChild {...entryStyle} width="full" textAlign="start" cursor="pointer">
          <button type="button" onClick={showGettingStarted}>
            {t`Getting started`}
          </button>
        </Box>
        <Box asChild {...entryStyle} mb="4">
          <Link to="/logout">{t`Sign Out`}</Link>
        </Box>
        <Box hideFrom="md" px="3" mb="4" color="gray.900">
          <LanguagePicker />
        </Box>
      </Box>
      {user ? (
        <Box as="section" aria-label={t`Account`} px="5" py="4" borderTopWidth="1px" borderColor="whiteAlpha.300" fontSize="sm">
          <Text fontWeight="semibold">{user.name}</Text>
          <Text color="gray.300">{t`Client`}</Text>
          <Text color="gray.300" wordBreak="break-all">
            {user.email}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
