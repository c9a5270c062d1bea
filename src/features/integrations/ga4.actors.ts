import { fromPromise } from 'xstate';
import { ga4SettingsMachine } from '../../../machines/ga4Settings/ga4Settings.machine.ts';
import type { Ga4Settings, Ga4SettingsInput } from '../../../machines/ga4Settings/ga4Settings.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';

/** The GA4 section with its real requests (/client/integrations/ga4) and toasts. */
export function provideGa4SettingsMachine(api: ApiClient) {
  return ga4SettingsMachine.provide({
    actors: {
      settingsLoader: fromPromise<Ga4Settings>(async () => dataOrThrow(await api.GET('/client/integrations/ga4'))),
      saveRequest: fromPromise<Ga4Settings, Ga4SettingsInput>(async ({ input }) => dataOrThrow(await api.PUT('/client/integrations/ga4', { body: input }))),
      disconnectRequest: fromPromise<void>(async () => okOrThrow(await api.DELETE('/client/integrations/ga4'))),
    },
    actions: { showNotice },
  });
}
