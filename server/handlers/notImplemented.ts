import { notImplemented } from '../http/apiError.ts';
import type { OperationHandlers } from './handlerContext.ts';

/**
 * Operations whose behaviour arrives with later issues. They are bound already, so the route
 * exists, requests are validated and authenticated, and the answer is an honest 501.
 * Move an operationId out of this list when its handler lands in handlers/<tag>.ts.
 */
export const LATER_OPERATIONS = [
  // user: uploads
  'listFiles',
  'uploadFiles',
  // widgets, websites, agents
  'listWidgets',
  'createWidget',
  'updateWidget',
  'deleteWidget',
  'listWebsites',
  'createWebsite',
  'listAgents',
  'createAgent',
  'updateAgent',
  'deleteAgent',
  // credits, payments, local card processor
  'getCredits',
  'getSpentCredits',
  'listPaymentMethods',
  'createPaymentMethod',
  'deletePaymentMethod',
  'createPayment',
  'listPayments',
  'setAutoRecharge',
  'deleteAutoRecharge',
  'createLocalPaymentMethod',
  'confirmLocalPaymentIntent',
  'authenticateLocalPaymentIntent',
  // analytics, calls
  'getAnalytics',
  'listCalls',
  'exportCallsCsv',
  'getCallRecording',
  'listScheduledCalls',
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
