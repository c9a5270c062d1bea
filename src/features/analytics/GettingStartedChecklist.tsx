import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { Actor } from 'xstate';
import { checklistProgress, checklistSteps, isChecklistShown } from '../../../machines/gettingStarted/gettingStarted.selectors.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { provideGettingStarted } from './gettingStarted.actors.ts';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by the user menu's "Getting started" (src/app/shell/SideMenu.tsx): bring the checklist back. */
    gettingStarted?: boolean;
  }
}

type ChecklistActor = Actor<ReturnType<typeof provideGettingStarted>>;

/**
 * Issue 21: Getting started, above the Analytics screen's content, for an account that has not yet
 * had a connected call (machines/gettingStarted). Loaded beside the screen's own data and drawn
 * only once the server answered that it shows: an established account's screen neither waits for
 * it nor makes room for it. The user menu asks for it through the navigation's history state, so
 * asking again while on /dashboard brings it back too.
 */
export function GettingStartedChecklist() {
  const { api } = useRootActors();
  const checklist: ChecklistActor = useInspectedActorRef(provideGettingStarted(api));
  const navigate = useNavigate();
  // Each navigation has its own key: a second click on the menu item asks again.
  const asked = useLocation({ select: (location) => (location.state.gettingStarted ? (location.state.__TSR_key ?? location.state.key ?? 'asked') : null) });
  useEffect(() => {
    if (!asked) return;
    checklist.send({ type: 'user.reopen' });
    // Asked once: a reload or coming Back here later does not bring it back again after a dismiss.
    void navigate({ to: '.', search: true, state: (state) => ({ ...state, gettingStarted: undefined }), replace: true });
  }, [asked, checklist, navigate]);
  return <ChecklistView checklist={checklist} />;
}

function ChecklistView({ checklist }: { checklist: ChecklistActor }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const dismissButton = useRef<HTMLButtonElement>(null);
  const shown = useSelector(checklist, isChecklistShown);
  const steps = useSelector(checklist, checklistSteps);
  const { done, total } = useSelector(checklist, checklistProgress, (a, b) => a.done === b.done && a.total === b.total);
  if (!shown) return null;

  const dismiss = () => {
    // The button goes with the checklist: focus moves to the screen's main area, not the page's top.
    (dismissButton.current?.closest('main') as HTMLElement | null)?.focus();
    checklist.send({ type: 'user.dismiss' });
  };

  return (
    <Box as="section" aria-labelledby={headingId} bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} mb="4">
      <Box display="flex" flexWrap="wrap" alignItems="flex-start" justifyContent="space-between" gap="3" mb="3">
        <Box>
          <Heading as="h2" id={headingId} size="md" color="gray.900">
            {t`Getting started`}
          </Heading>
          <Text color="gray.700" fontSize="sm" mt="1">
            {t`${done} of ${total} steps done. Your first connected call completes the set-up.`}
          </Text>
        </Box>
        <Button ref={dismissButton} size="sm" variant="outline" onClick={dismiss}>
          {t`Hide Getting started`}
        </Button>
      </Box>
      {/* role="list": Safari drops the list semantics of a list without its markers. */}
      <Box as="ol" role="list" listStyleType="none" display="grid" gap="2">
        {steps.map((step, index) => (
          <Box as="li" key={step.id} display="flex" alignItems="center" gap="3" flexWrap="wrap">
            <Box
              aria-hidden="true"
              flexShrink={0}
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              width="7"
              height="7"
              borderRadius="full"
              borderWidth="2px"
              borderColor={step.done ? 'green.700' : 'gray.400'}
              bg={step.done ? 'green.700' : 'white'}
              color={step.done ? 'white' : 'gray.700'}
              fontSize="sm"
              fontWeight="bold"
            >
              {step.done ? '✓' : index + 1}
            </Box>
            <Link to={step.to}>
              <Text as="span" color="blue.700" textDecoration="underline" textDecorationColor={step.done ? 'gray.400' : undefined}>
                {i18n._(step.label)}
              </Text>
            </Link>
            <Text as="span" fontSize="sm" fontWeight={step.done ? 'semibold' : 'normal'} color={step.done ? 'green.800' : 'gray.700'}>
              {step.done ? t`Done` : t`To do`}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
