import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RouteProgressBar } from '../app/shell/RouteProgressBar.tsx';
import type { RootActors } from '../session/rootActors.ts';
import { Toaster } from '../ui/Toaster.tsx';

export const Route = createRootRouteWithContext<RootActors>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <RouteProgressBar />
      <Outlet />
      <Toaster />
    </>
  );
}
