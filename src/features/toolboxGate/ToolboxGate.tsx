import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { toolboxGate } from '../../../machines/credits/credits.selectors.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { RouterLink } from '../../ui/RouterLink.tsx';

/**
 * spec §6: "Overdraft disables the conversion toolbox until the bill is paid." The shell wraps
 * the toolbox screens (widgets, the wizard, websites, agents) in this gate: while the credits
 * machine says the overdraft is reached, the screen is replaced by the spec's message and its
 * link to /billing; a payment that lifts the balance (seen by the 10 s refresh or at once after
 * the purchase) opens it again. The server refuses toolbox writes meanwhile (402 overdraft_reached).
 */
export function ToolboxGate({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const { credits } = useRootActors();
  const gate = useSelector(credits, toolboxGate);
  if (!gate) return <>{children}</>;
  return (
    <Box as="section" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }} data-testid="toolbox-gate">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>
          {messageText(i18n, gate.message)} <RouterLink to="/billing">{messageText(i18n, gate.link)}</RouterLink>
        </Alert.Title>
      </Alert.Root>
    </Box>
  );
}

/** Whether the gate is closed (the shell then leaves out the credit banner, which says the same). */
export function useToolboxClosed(): boolean {
  const { credits } = useRootActors();
  return useSelector(credits, (snapshot) => toolboxGate(snapshot) !== null);
}
