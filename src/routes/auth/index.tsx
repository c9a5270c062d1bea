import { createFileRoute, redirect } from '@tanstack/react-router';

/** spec §2: /auth alone goes to /auth/login. */
export const Route = createFileRoute('/auth/')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/login', replace: true });
  },
});
