import { fromPromise } from 'xstate';
import { creditsMachine } from '../../../machines/credits/credits.machine.ts';
import type { CreditsRecord } from '../../../machines/credits/credits.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';

/** The credits machine with its real loader (spec §4: credits re-fetched every 10 s). */
export function provideCreditsMachine(api: ApiClient) {
  return creditsMachine.provide({
    actors: {
      creditsLoader: fromPromise<CreditsRecord>(async () => dataOrThrow(await api.GET('/client/credits'))),
    },
    actions: { showNotice },
  });
}
