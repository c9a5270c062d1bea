import * as z from 'zod/mini';
import { daySearch, enumSearch, pagingSearch } from '../../../machines/list/list.search.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';

export type PaymentStatus = components['schemas']['PaymentStatus'];

/** spec §2 Payment History filters; a null status is All. */
export type PaymentsFilters = {
  dateFrom: string;
  dateTo: string;
  status: PaymentStatus | null;
};

/** spec §9: payments per page 10. */
export const PAYMENTS_PER_PAGE = 10;

/** spec §4 Payment statuses (PAYMENT_STATUSES). */
export const PAYMENT_STATUSES = ['on-hold', 'failed', 'canceled', 'successful'] as const satisfies readonly PaymentStatus[];

/** The /payments URL search (kept light: it loads with the router, before the screen's chunk). */
export const paymentsSearch = z.object({
  dateFrom: daySearch,
  dateTo: daySearch,
  status: enumSearch(PAYMENT_STATUSES),
  ...pagingSearch(PAYMENTS_PER_PAGE),
});
