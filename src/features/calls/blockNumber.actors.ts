import { fromPromise } from 'xstate';
import type { BlockedVisitor } from '../../../machines/blockList/blockList.machine.ts';
import type { BlockVisitorValues } from '../../../machines/blockList/blockList.schema.ts';
import { blockNumberMachine } from '../../../machines/blockList/blockNumber.machine.ts';
import { blockVisitor } from '../../api/blockedVisitors.ts';
import type { ApiClient } from '../../api/client.ts';
import { showNotice } from '../../lib/toaster.ts';

/** Calls History's Block button: the confirmation machine with the real request and toasts. */
export function provideBlockNumberMachine(api: ApiClient) {
  return blockNumberMachine.provide({
    actors: { blockRequest: fromPromise<BlockedVisitor, BlockVisitorValues>(({ input }) => blockVisitor(api, input)) },
    actions: { showNotice },
  });
}
