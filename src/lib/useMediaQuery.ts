import { useCallback, useSyncExternalStore } from 'react';

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

/** Chakra's `md` breakpoint (48rem, 768 px): tables show as tables from here, as cards below. */
export const WIDE_SCREEN_QUERY = '(min-width: 48em)';
