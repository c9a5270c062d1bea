import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSignedOut } from '../app/routeGuards.ts';
import { AuthLayout } from '../features/auth/AuthLayout.tsx';

/** The /auth pages; a signed-in user goes to / (spec §2 Unauthenticated area). */
export const Route = createFileRoute('/auth')({
  beforeLoad: requireSignedOut,
  component: AuthRoute,
});

function AuthRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
