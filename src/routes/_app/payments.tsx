import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../features/payments/PaymentsPage.tsx';
import { paymentsSearch } from '../../features/payments/payments.search.ts';

/** spec §2 Payment History; filters and page live in the URL. */
export const Route = createFileRoute('/_app/payments')({
  validateSearch: paymentsSearch,
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PaymentsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
