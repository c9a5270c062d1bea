import { fromPromise } from 'xstate';
import { gettingStartedMachine } from '../../../machines/gettingStarted/gettingStarted.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';

/** The Getting started checklist's machine with its real requests (issue 21, /client/getting-started). */
export function provideGettingStarted(api: ApiClient) {
  const put = async (dismissed: boolean) => dataOrThrow(await api.PUT('/client/getting-started', { body: { dismissed } }));
  return gettingStartedMachine.provide({
    actors: {
      statusLoader: fromPromise(async ({ signal }) => dataOrThrow(await api.GET('/client/getting-started', { signal }))),
      dismissRequest: fromPromise(() => put(true)),
      reopenRequest: fromPromise(() => put(false)),
    },
    actions: { showNotice },
  });
}
