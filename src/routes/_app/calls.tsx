import { createFileRoute } from '@tanstack/react-router';
import { CallsPage } from '../../features/calls/CallsPage.tsx';
import { callsSearch } from '../../features/calls/calls.search.ts';

/** spec §2 Calls History; filters and page live in the URL. */
export const Route = createFileRoute('/_app/calls')({
  validateSearch: callsSearch,
  component: CallsRoute,
});

function CallsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CallsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
