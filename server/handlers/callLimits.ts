import type { FastifyRequest } from 'fastify';
import { isWidgetLimitWithinAccount } from '../../common/rules/callLimits.ts';
import { invalidRequest } from '../http/apiError.ts';
import { type CallLimits, readCallLimits, saveCallLimits } from '../domain/limits/callVelocity.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/**
 * Tag callLimits (issue 15): the caller's velocity limits on call and callback requests, which
 * the widget API enforces (widgetApi/widgetHandlers.ts). The contract bounds both numbers. No
 * overdraft check: lowering a limit stops spending, so it stays open.
 */
export function callLimitHandlers({ db }: HandlerContext): OperationHandlers {
  return {
    async getCallLimits(request: FastifyRequest) {
      return readCallLimits(db, caller(request).userId);
    },

    async setCallLimits(request: FastifyRequest) {
      const limits = request.body as CallLimits;
      if (!isWidgetLimitWithinAccount(limits)) throw invalidRequest('Field perWidget must not be above perAccount.');
      return saveCallLimits(db, caller(request).userId, limits);
    },
  };
}
