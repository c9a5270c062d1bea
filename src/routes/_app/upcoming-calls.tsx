import { createFileRoute } from '@tanstack/react-router';
import { UpcomingCallsPage } from '../../features/upcomingCalls/UpcomingCallsPage.tsx';
import { upcomingCallsSearch } from '../../features/upcomingCalls/upcomingCalls.search.ts';

/** spec §2 Upcoming Calls; filters and page live in the URL. */
export const Route = createFileRoute('/_app/upcoming-calls')({
  validateSearch: upcomingCallsSearch,
  component: UpcomingCallsRoute,
});

function UpcomingCallsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UpcomingCallsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
