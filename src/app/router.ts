import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import type { RootActors } from '../session/rootActors.ts';

export function createAppRouter(context: RootActors) {
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
