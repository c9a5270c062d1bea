import { createFileRoute, useLocation, useParams } from '@tanstack/react-router';
import type { WizardStep } from '../../../../../machines/widgetWizard/widgetWizard.types.ts';
import { WidgetWizardPage } from '../../../../features/widgetWizard/WidgetWizardPage.tsx';
import { loadScreenCatalog } from '../../../../i18n/activate.ts';

/**
 * The widget wizard (spec §2 Widget wizard): one page for the three step routes
 * (general|design|code/{id?}), so the wizard keeps its draft while the URL names the step.
 * Without id the widget is new; with id it is edited. An id that is not a number is unknown.
 */
export const Route = createFileRoute('/_app/widgets/manage')({
  // The wizard's messages come in a catalog of their own (lingui.config.ts, SCREEN_CATALOGS).
  loader: () => loadScreenCatalog('widgetWizard'),
  component: WidgetWizardRoute,
});

function stepOf(pathname: string): WizardStep {
  const match = /\/widgets\/manage\/(general|design|code)(\/|$)/.exec(pathname);
  return (match?.[1] as WizardStep | undefined) ?? 'general';
}

function WidgetWizardRoute() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const urlStep = useLocation({ select: (location) => stepOf(location.pathname) });
  const widgetId = id === undefined ? null : /^\d+$/.test(id) ? Number(id) : -1;
  // A new draft for each widget (or for a new one): the key remounts the wizard.
  return <WidgetWizardPage key={widgetId ?? 'new'} widgetId={widgetId} urlStep={urlStep} />;
}
