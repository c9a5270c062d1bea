import { useMemo } from 'react';
import type { SessionPort } from '../api/client.ts';
import { createAuthSessionPort } from './authSessionPort.ts';
import { useRootActors } from './RootActorsContext.tsx';

/**
 * The session the API client uses (the auth actor's token, and its refresh-once), for requests
 * that cannot go through the client: uploads, which report progress through XMLHttpRequest.
 */
export function useSessionPort(): SessionPort {
  const { auth } = useRootActors();
  return useMemo(() => {
    const session = createAuthSessionPort();
    session.attach(auth);
    return session;
  }, [auth]);
}
