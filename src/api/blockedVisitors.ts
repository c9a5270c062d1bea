import type { BlockedVisitor } from '../../machines/blockList/blockList.machine.ts';
import type { BlockVisitorValues } from '../../machines/blockList/blockList.schema.ts';
import type { ApiClient } from './client.ts';
import { dataOrThrow } from './failure.ts';

/**
 * POST /client/blocked-visitors: answers the entry (new, or the one already listed); the server
 * reads the value as typed. Settings' Blocked Visitors card and Calls History's Block button both
 * send it.
 */
export function blockVisitor(api: ApiClient, { kind, value }: BlockVisitorValues): Promise<BlockedVisitor> {
  return api.POST('/client/blocked-visitors', { body: { kind, value } }).then(dataOrThrow);
}
