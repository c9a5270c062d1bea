import { createFileRoute } from '@tanstack/react-router';

/**
 * Widget wizard step (spec §2 Widget wizard): the wizard page of the parent route
 * (../route.tsx) renders the step this URL names.
 */
export const Route = createFileRoute('/_app/widgets/manage/general/{-$id}')({
  component: () => null,
});
