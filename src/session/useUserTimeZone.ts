import { useSelector } from '@xstate/react';
import { useRootActors } from './RootActorsContext.tsx';
import { knownTimeZone } from '../lib/dateTime.ts';

/** The signed-in user's time zone (spec §9: times are shown in it), UTC when unknown. */
export function useUserTimeZone(): string {
  const { auth } = useRootActors();
  return useSelector(auth, (snapshot) => knownTimeZone(snapshot.context.user?.timezone));
}
