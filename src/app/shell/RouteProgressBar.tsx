import { Box } from '@chakra-ui/react/box';
import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { routeProgressMachine } from '../../../machines/routeProgress/routeProgress.machine.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

/** spec §2 Shell: the thin progress bar animated on route change (decorative). */
export function RouteProgressBar() {
  const progress = useInspectedActorRef(routeProgressMachine);
  const value = useSelector(progress, (snapshot) => snapshot.context.value);
  const loading = useRouterState({ select: (state) => state.isLoading });
  useEffect(() => {
    progress.send({ type: loading ? 'router.navigationStarted' : 'router.navigationSettled' });
  }, [loading, progress]);
  return (
    <Box
      aria-hidden="true"
      position="fixed"
      top="0"
      left="0"
      height="3px"
      zIndex="max"
      bg="blue.500"
      width={`${value}%`}
      opacity={value > 0 ? 1 : 0}
      transition="width 30ms linear, opacity 150ms"
    />
  );
}
