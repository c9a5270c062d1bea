import { fromPromise } from 'xstate';
import { callLimitsMachine, type CallLimits } from '../../../machines/callLimits/callLimits.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';

/** The Call Request Limits card's loader with its real request (GET /client/call-limits). */
export function provideCallLimitsMachine(api: ApiClient) {
  return callLimitsMachine.provide({
    actors: {
      callLimitsLoader: fromPromise<CallLimits>(async () => dataOrThrow(await api.GET('/client/call-limits'))),
    },
  });
}

/** PUT /client/call-limits with the form's values (validated whole numbers by then). */
export function saveCallLimits(api: ApiClient, values: { perWidget?: string; perAccount?: string }) {
  return api.PUT('/client/call-limits', { body: { perWidget: Number(values.perWidget), perAccount: Number(values.perAccount) } }).then(okOrThrow);
}
