import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import type { RootActors } from '../session/rootActors.ts';

/**
 * The app's router. The build's prerender (src/prerender.tsx) gives a memory history and turns
 * scroll restoration off (it needs the browser's); neither changes what the pages render.
 */
export function createAppRouter(context: RootActors, { history, scrollRestoration = true }: { history?: RouterHistory; scrollRestoration?: boolean } = {}) {
  return createRouter({ routeTree, context, history, defaultPreload: 'intent', scrollRestoration });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
