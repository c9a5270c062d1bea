import { createFileRoute, redirect } from '@tanstack/react-router';

/** spec §2 Widget wizard: /widgets/manage (exact) starts a new widget on the General step. */
export const Route = createFileRoute('/_app/widgets/manage/')({
  beforeLoad: () => {
    throw redirect({ to: '/widgets/manage/general/{-$id}', params: {}, replace: true });
  },
});
