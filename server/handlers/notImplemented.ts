import { notImplemented } from '../http/apiError.ts';
import type { OperationHandlers } from './handlerContext.ts';

/**
 * Operations whose behaviour arrives with later issues. They are bound already, so the route
 * exists, requests are validated and authenticated, and the answer is an honest 501.
 * Move an operationId out of this list when its handler lands in handlers/<tag>.ts.
 */
export const LATER_OPERATIONS = [
] as const;

export function notImplementedHandlers(): OperationHandlers {
  return Object.fromEntries(
    LATER_OPERATIONS.map((operationId) => [
      operationId,
      async () => {
        throw notImplemented(operationId);
      },
    ]),
  );
}
