import { createFileRoute } from '@tanstack/react-router';
import { BillingSuccessPage } from '../../../features/billing/BillingSuccessPage.tsx';

/** spec §2 /billing/success. */
export const Route = createFileRoute('/_app/billing/success')({
  component: BillingSuccessPage,
});
