import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../features/placeholder/PlaceholderPage.tsx';

/** Widget wizard step (spec §2 Widget wizard): without id the widget is new, with id it is edited. */
export const Route = createFileRoute('/_app/widgets/manage/general/{-$id}')({
  component: WizardStepRoute,
});

function WizardStepRoute() {
  const { id } = Route.useParams();
  return <PlaceholderPage title={id ? msg`Update Widget` : msg`Create Widget`} />;
}
