import { createFileRoute } from '@tanstack/react-router';
import { loadDesignStep } from '../../../../../features/widgetWizard/stepChunks.ts';

/**
 * Widget wizard step (spec §2 Widget wizard): the wizard page of the parent route
 * (../route.tsx) renders the step this URL names.
 */
export const Route = createFileRoute('/_app/widgets/manage/design/{-$id}')({
  // The step's form, asked for with the route so that the wizard's first render has it (WizardStepSlots.tsx).
  loader: async () => void (await loadDesignStep()),
  component: () => null,
});
