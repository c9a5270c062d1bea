import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { createListMachine } from '../../../machines/list/list.machine.ts';
import type { ListView } from '../../../machines/list/list.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { addDays, endOfDayUtc, startOfDayUtc } from '../../lib/dateTime.ts';
import { notify } from '../../lib/toaster.ts';
import { PAYMENTS_PER_PAGE, type PaymentsFilters, type PaymentStatus } from './payments.search.ts';

export type Payment = components['schemas']['Payment'];

export const paymentsMessages = {
  /** spec §8 (PAYMENTS_HISTORY_GET_DATA_ERROR). */
  loadFailed: msg`Failed to get payment data.`,
};

/** spec §4 Payment statuses, as the table and the Status filter name them. */
export const paymentStatusLabels: Record<PaymentStatus, MessageDescriptor> = {
  'on-hold': msg`On hold`,
  failed: msg`Failed`,
  canceled: msg`Canceled`,
  successful: msg`Successful`,
};

/**
 * spec §9 leaves the payments' default start bound (DATE_FROM) open. The screen lists "all
 * payments on the account", so it starts a year back (an account's payments come every few
 * weeks); Date to is today, no future dates.
 */
export const PAYMENTS_DEFAULT_DAYS_BACK = 365;

export function paymentsDefaults(today: string): ListView<PaymentsFilters> {
  return { filters: { dateFrom: addDays(today, -PAYMENTS_DEFAULT_DAYS_BACK), dateTo: today, status: null }, page: 1, perPage: PAYMENTS_PER_PAGE };
}

/** spec §3 Payment: the receipt link is webhookEvent.data.object.charges.data[0].receipt_url. */
export function receiptUrl(payment: Pick<Payment, 'webhookEvent'>): string | null {
  return payment.webhookEvent?.data.object.charges.data[0]?.receipt_url ?? null;
}

export const paymentsListMachine = createListMachine<PaymentsFilters, Payment>();

/** Payment History with its real loader (spec §7 GET payments path; status omitted for All). */
export function providePaymentsList(api: ApiClient, timeZone: string) {
  return paymentsListMachine.provide({
    actors: {
      pageLoader: fromPromise(async ({ input, signal }) => {
        const { dateFrom, dateTo, status } = input.filters;
        const query = {
          page: input.page,
          perPage: input.perPage,
          dateFrom: startOfDayUtc(dateFrom, timeZone),
          dateTo: endOfDayUtc(dateTo, timeZone),
          ...(status !== null ? { status } : {}),
        };
        const page = dataOrThrow(await api.GET('/client/payments', { params: { query }, signal }));
        return { rows: page.data, count: page.count };
      }),
    },
    actions: {
      notifyLoadFailed: () => notify('error', paymentsMessages.loadFailed),
    },
  });
}
