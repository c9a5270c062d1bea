import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useLingui } from '@lingui/react/macro';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useRef, useState } from 'react';
import { hasStartupFailed, isSplashVisible, isStartupComplete } from '../../../machines/startup/startup.selectors.ts';
import { CreditBanner } from '../../features/billing/CreditBanner.tsx';
import { ToolboxGate, useToolboxClosed } from '../../features/toolboxGate/ToolboxGate.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { isToolboxPath } from './menu.ts';
import { screenHeadingOf } from './screenHeadings.ts';
import { SideMenu } from './SideMenu.tsx';
import { SplashScreen } from './SplashScreen.tsx';
import { TopBar } from './TopBar.tsx';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ScrollToTopButton } from '../../ui/ScrollToTopButton.tsx';

/** The signed-in shell (spec §2 Shell). Views only read machine state and send events. */
export function AppShell() {
  const { t, i18n } = useLingui();
  const { startup } = useRootActors();
  const splash = useSelector(startup, isSplashVisible);
  // The screen mounts at a lower priority, in slices, once startup has its lists: mounting a whole
  // screen was one long task right after the first paint (issue 17: Total Blocking Time). Not in
  // the first render either (initial value false), even when startup has already finished by then
  // (a stored session whose lists answered while the scripts loaded): the shell and the screen's
  // heading paint first, the screen after (issue 17: Largest Contentful Paint).
  const complete = useDeferredValue(useSelector(startup, isStartupComplete), false);
  const failed = useSelector(startup, hasStartupFailed);
  const failure = useSelector(startup, (snapshot) => snapshot.context.error);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // spec §6: the overdraft disables the conversion toolbox; its routes show the gate instead.
  const pathname = useLocation({ select: (location) => location.pathname });
  const toolbox = isToolboxPath(pathname);
  const toolboxClosed = useToolboxClosed();

  let content = toolbox ? (
    <ToolboxGate>
      <Outlet />
    </ToolboxGate>
  ) : (
    <Outlet />
  );
  if (failed) {
    content = (
      <Alert.Root status="error" role="alert" flexWrap="wrap" gap="3">
        <Alert.Indicator />
        <Alert.Title flex="1">{messageText(i18n, failure)}</Alert.Title>
        <Button size="sm" onClick={() => startup.send({ type: 'user.retry' })}>
          {t`Try again`}
        </Button>
      </Alert.Root>
    );
  } else if (!complete) {
    // spec §2: a loader until websites and agents have loaded, under the screen's heading
    // (screenHeadings.ts, issue 17: painted before the network answers).
    const heading = screenHeadingOf(pathname);
    content = (
      <>
        {heading ? <ScreenHeader title={i18n._(heading.title)} subtitle={i18n._(heading.subtitle)} /> : null}
        <LoadingStatus py="16" />
      </>
    );
  }

  return (
    <>
      {splash ? <SplashScreen /> : null}
      <Box display="flex" minHeight="100vh" bg="gray.50">
        <SideMenu
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          onDismiss={() => {
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        />
        <Box display="flex" flexDirection="column" flex="1" minWidth="0">
          <TopBar menuOpen={menuOpen} menuButton={menuButton} onToggleMenu={() => setMenuOpen((open) => !open)} />
          <Box as="main" tabIndex={-1} outline="none" flex="1" px={{ base: '4', md: '8' }} py="6">
            {toolbox && toolboxClosed ? null : <CreditBanner />}
            <Breadcrumbs />
            {content}
          </Box>
        </Box>
      </Box>
      <ScrollToTopButton />
    </>
  );
}
