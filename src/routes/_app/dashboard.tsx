import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../features/analytics/AnalyticsPage.tsx';
import { analyticsSearch } from '../../features/analytics/analytics.search.ts';
import { loadScreenCatalog } from '../../i18n/activate.ts';

/** spec §2 Analytics; filters live in the URL. */
export const Route = createFileRoute('/_app/dashboard')({
  validateSearch: analyticsSearch,
  // The screen's messages come in a catalog of their own (lingui.config.ts, SCREEN_CATALOGS).
  loader: () => loadScreenCatalog('analytics'),
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AnalyticsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
