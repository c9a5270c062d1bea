import { useCallback, useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '../ui/layout.ts';

/** Whether a CSS media query matches, following changes (window resize, rotation). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** The `md` breakpoint (768 px, spec §9): tables show as tables from here, as cards below. */
export const WIDE_SCREEN_QUERY = `(min-width: ${BREAKPOINTS.md})`;
