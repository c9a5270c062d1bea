import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { createListMachine } from '../../../machines/list/list.machine.ts';
import type { ListView } from '../../../machines/list/list.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { notify } from '../../lib/toaster.ts';

export type Website = components['schemas']['Website'];

/** The websites list has no filters (spec §2 Websites). */
export type WebsitesFilters = Record<string, never>;

export const websitesMessages = {
  /** spec §8 */
  loadFailed: msg`Failed to get websites.`,
};

/** One page of every website (the API answers them all, in the order they were added). */
export const websitesDefaults: ListView<WebsitesFilters> = { filters: {}, page: 1, perPage: 5 };

export const websitesListMachine = createListMachine<WebsitesFilters, Website>();

/** Your Websites with its real loader (GET /client/websites). */
export function provideWebsitesList(api: ApiClient) {
  return websitesListMachine.provide({
    actors: {
      pageLoader: fromPromise(async ({ signal }) => {
        const { data } = dataOrThrow(await api.GET('/client/websites', { signal }));
        return { rows: data, count: data.length };
      }),
    },
    actions: {
      notifyLoadFailed: () => notify('error', websitesMessages.loadFailed),
    },
  });
}
