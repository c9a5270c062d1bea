import { fromPromise } from 'xstate';
import { callDestinationsMachine, type CallDestinations } from '../../../machines/callDestinations/callDestinations.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';

/** The Call Destinations card's machine with its real requests (/client/call-destinations) and toasts. */
export function provideCallDestinationsMachine(api: ApiClient) {
  return callDestinationsMachine.provide({
    actors: {
      callDestinationsLoader: fromPromise<CallDestinations>(async () => dataOrThrow(await api.GET('/client/call-destinations'))),
      callDestinationsSaver: fromPromise<CallDestinations, string[]>(async ({ input }) =>
        dataOrThrow(await api.PUT('/client/call-destinations', { body: { countries: input } })),
      ),
    },
    actions: { showNotice },
  });
}
