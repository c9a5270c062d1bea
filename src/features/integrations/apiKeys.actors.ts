import { fromPromise } from 'xstate';
import { apiKeyFormMachine } from '../../../machines/apiKeyForm/apiKeyForm.machine.ts';
import type { ApiKeyFormValues } from '../../../machines/apiKeyForm/apiKeyForm.schema.ts';
import { apiKeysMachine } from '../../../machines/apiKeys/apiKeys.machine.ts';
import type { ApiKey, ApiKeyCreated } from '../../../machines/apiKeys/apiKeys.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';

/** The API keys section's list with its real requests (/client/api-keys) and toasts. */
export function provideApiKeysMachine(api: ApiClient) {
  return apiKeysMachine.provide({
    actors: {
      keysLoader: fromPromise<ApiKey[]>(async () => dataOrThrow(await api.GET('/client/api-keys')).data),
      deleteRequest: fromPromise<void, ApiKey>(async ({ input }) => okOrThrow(await api.DELETE('/client/api-keys/{id}', { params: { path: { id: input.id } } }))),
    },
    actions: { showNotice },
  });
}

/** The create-key form with its real request and the clipboard; `onCreated` tells the list. */
export function provideApiKeyFormMachine(api: ApiClient, onCreated: (apiKey: ApiKey) => void) {
  return apiKeyFormMachine.provide({
    actors: {
      createRequest: fromPromise<ApiKeyCreated, ApiKeyFormValues>(async ({ input }) => dataOrThrow(await api.POST('/client/api-keys', { body: input }))),
      // Async, so a browser without a clipboard (navigator.clipboard undefined) rejects too.
      keyCopier: fromPromise<void, string>(async ({ input }) => navigator.clipboard.writeText(input)),
    },
    actions: {
      announceCreated: (_, { apiKey }: { apiKey: ApiKey }) => onCreated(apiKey),
    },
  });
}
