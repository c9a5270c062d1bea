import { createContext, useContext, type ReactNode } from 'react';
import type { RootActors } from './rootActors.ts';

const RootActorsContext = createContext<RootActors | null>(null);

export function RootActorsProvider({ actors, children }: { actors: RootActors; children: ReactNode }) {
  return <RootActorsContext.Provider value={actors}>{children}</RootActorsContext.Provider>;
}

/** The root actors and the API client created at boot (src/main.tsx). */
export function useRootActors(): RootActors {
  const actors = useContext(RootActorsContext);
  if (!actors) throw new Error('useRootActors must be used inside RootActorsProvider');
  return actors;
}
