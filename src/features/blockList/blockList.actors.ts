import { fromPromise } from 'xstate';
import { blockListMachine, type BlockedVisitor } from '../../../machines/blockList/blockList.machine.ts';
import type { BlockVisitorValues } from '../../../machines/blockList/blockList.schema.ts';
import { blockNumberMachine } from '../../../machines/blockList/blockNumber.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import { showNotice } from '../../ui/toaster.ts';

/** POST /client/blocked-visitors: answers the entry (new, or the one already listed); the server reads the value as typed. */
function blockVisitor(api: ApiClient, { kind, value }: BlockVisitorValues): Promise<BlockedVisitor> {
  return api.POST('/client/blocked-visitors', { body: { kind, value } }).then(dataOrThrow);
}

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

/** Calls History's Block button: the confirmation machine with the real request and toasts. */
export function provideBlockNumberMachine(api: ApiClient) {
  return blockNumberMachine.provide({
    actors: { blockRequest: fromPromise<BlockedVisitor, BlockVisitorValues>(({ input }) => blockVisitor(api, input)) },
    actions: { showNotice },
  });
}
