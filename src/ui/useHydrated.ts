import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the HTML the build renders (scripts/bundles/prerender.ts) and while React hydrates it,
 * true from the render right after; true at once in a page React renders afresh. For what the
 * static page must not offer before the app runs, or must render alike in Node and the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
