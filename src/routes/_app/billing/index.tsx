import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../../features/billing/BillingPage.tsx';

/** spec §2 Billing. */
export const Route = createFileRoute('/_app/billing/')({
  component: BillingPage,
});
