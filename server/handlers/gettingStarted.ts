import type { FastifyRequest } from 'fastify';
import { readGettingStarted, setGettingStartedDismissed } from '../domain/gettingStarted/gettingStarted.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/** Tag gettingStarted (issue 21): the Analytics screen's checklist for a new account, and putting it away. */
export function gettingStartedHandlers({ db }: HandlerContext): OperationHandlers {
  return {
    async getGettingStarted(request: FastifyRequest) {
      return readGettingStarted(db, caller(request).userId);
    },

    async setGettingStarted(request: FastifyRequest) {
      const { dismissed } = request.body as { dismissed: boolean };
      return setGettingStartedDismissed(db, caller(request).userId, dismissed);
    },
  };
}
