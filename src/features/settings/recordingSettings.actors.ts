import type { components } from '../../../common/contract/dashboard.gen.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';

/** GET /client/recording-settings: what the Call recordings card starts from. */
export async function loadRecordingSettings(api: ApiClient): Promise<components['schemas']['RecordingSettings']> {
  return dataOrThrow(await api.GET('/client/recording-settings'));
}

/** PUT /client/recording-settings with the form's value (a validated whole number by then). */
export function saveRecordingSettings(api: ApiClient, values: { retentionDays?: string }) {
  return api.PUT('/client/recording-settings', { body: { retentionDays: Number(values.retentionDays) } }).then(okOrThrow);
}
