import type { components } from '../../../common/contract/dashboard.gen.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';

/** GET /client/call-limits: what the Call Request Limits card starts from. */
export async function loadCallLimits(api: ApiClient): Promise<components['schemas']['CallLimits']> {
  return dataOrThrow(await api.GET('/client/call-limits'));
}

/** PUT /client/call-limits with the form's values (validated whole numbers by then). */
export function saveCallLimits(api: ApiClient, values: { perWidget?: string; perAccount?: string }) {
  return api.PUT('/client/call-limits', { body: { perWidget: Number(values.perWidget), perAccount: Number(values.perAccount) } }).then(okOrThrow);
}
