import { createFileRoute } from '@tanstack/react-router';
import { WidgetsPage } from '../../../features/widgets/WidgetsPage.tsx';
import { widgetsSearch } from '../../../features/widgets/widgets.search.ts';

/** spec §2 Widgets; the filters live in the URL. */
export const Route = createFileRoute('/_app/widgets/')({
  validateSearch: widgetsSearch,
  component: WidgetsRoute,
});

function WidgetsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <WidgetsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
