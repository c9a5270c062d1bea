import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../features/analytics/AnalyticsPage.tsx';
import { analyticsSearch } from '../../features/analytics/analytics.search.ts';

/** spec §2 Analytics; filters live in the URL. */
export const Route = createFileRoute('/_app/dashboard')({
  validateSearch: analyticsSearch,
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AnalyticsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
