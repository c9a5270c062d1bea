import type { FastifyReply, FastifyRequest } from 'fastify';
import { CallRequestError, type CallRequestErrorCode } from '../domain/callEngine/callRequestError.ts';
import { requestTestCall, TEST_CALL_LIMIT, testCallAllowance, TestCallRefusal } from '../domain/callEngine/testCalls.ts';
import { ApiError } from '../http/apiError.ts';
import { type HandlerContext, type OperationHandlers, sessionCaller } from './handlerContext.ts';

/** How the call rules' refusals answer a test call (openapi/dashboard.yaml placeTestCall): the client's mistakes, never a 5xx. */
const CALL_ERROR_ANSWERS: Partial<Record<CallRequestErrorCode, { status: number; code: string }>> = {
  invalid_number: { status: 400, code: 'invalid_request' },
  widget_not_found: { status: 404, code: 'not_found' },
  widget_inactive: { status: 409, code: 'widget_inactive' },
  outside_working_hours: { status: 409, code: 'outside_working_hours' },
  number_not_allowed: { status: 422, code: 'number_not_allowed' },
  country_not_allowed: { status: 422, code: 'country_not_allowed' },
};

function toApiError(error: unknown): unknown {
  if (error instanceof CallRequestError) {
    const answer = CALL_ERROR_ANSWERS[error.code];
    return answer ? new ApiError(answer.status, answer.code, error.message) : error;
  }
  if (!(error instanceof TestCallRefusal)) return error;
  switch (error.kind) {
    case 'unverified':
      return new ApiError(403, 'email_not_verified', 'Verify the account\'s e-mail address before placing a test call.');
    case 'blocked':
      return new ApiError(422, 'number_blocked', 'This number is on the block list: remove it there to call it.');
    case 'limited':
      return new ApiError(429, 'test_call_limit', `An account may place ${TEST_CALL_LIMIT} test calls in 24 hours. Please try again in ${error.retryAfterSeconds} seconds.`, {
        'retry-after': String(error.retryAfterSeconds),
      });
  }
}

/** "Call me now" (issue 21): session-only (the contract lists bearerAuth alone), since a key could dial numbers for free. */
export function testCallHandlers({ db, callRequests }: HandlerContext): OperationHandlers {
  return {
    async placeTestCall(request: FastifyRequest, reply: FastifyReply) {
      const { userId } = sessionCaller(request);
      const { id } = request.params as { id: number };
      const { phone } = request.body as { phone: string };
      try {
        const call = await requestTestCall(db, callRequests, { userId, widgetId: id, phone });
        return reply.code(202).send({ id: call.callId, convertId: call.convertId, phone: call.customerNumber, allowance: call.allowance });
      } catch (error) {
        throw toApiError(error);
      }
    },

    async getTestCallAllowance(request: FastifyRequest) {
      const { userId } = sessionCaller(request);
      return testCallAllowance(db, userId, callRequests.clock.now());
    },
  };
}
