import { fromPromise } from 'xstate';
import { blockListMachine, type BlockedVisitor } from '../../../machines/blockList/blockList.machine.ts';
import type { BlockVisitorValues } from '../../../machines/blockList/blockList.schema.ts';
import { blockVisitor } from '../../api/blockedVisitors.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../lib/toaster.ts';

/** The Blocked Visitors card's machine with its real requests (/client/blocked-visitors) and toasts. */
export function provideBlockListMachine(api: ApiClient) {
  return blockListMachine.provide({
    actors: {
      blockListLoader: fromPromise<BlockedVisitor[]>(async () => dataOrThrow(await api.GET('/client/blocked-visitors')).data),
      blockRequest: fromPromise<BlockedVisitor, BlockVisitorValues>(({ input }) => blockVisitor(api, input)),
      unblockRequest: fromPromise<void, BlockedVisitor>(async ({ input }) =>
        okOrThrow(await api.DELETE('/client/blocked-visitors/{id}', { params: { path: { id: input.id } } })),
      ),
    },
    actions: { showNotice },
  });
}
