import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../app/routeGuards.ts';
import { AppShell } from '../app/shell/AppShell.tsx';

/** The signed-in area inside the shell; anonymous users go to /auth/login (spec §6). */
export const Route = createFileRoute('/_app')({
  beforeLoad: requireSignedIn,
  component: AppShell,
});
