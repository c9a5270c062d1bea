import type { FastifyReply, FastifyRequest } from 'fastify';
import { deleteGa4Settings, type Ga4SettingsInput, readGa4Settings, saveGa4Settings } from '../domain/ga4/ga4Settings.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { sessionCaller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/** Tag analyticsIntegration (issue 19): the caller's Google Analytics 4 connection; sending is the GA4 worker's. */
export function analyticsIntegrationHandlers({ db, tokenClock }: HandlerContext): OperationHandlers {
  return answeringDomainErrors({
    async getGa4Settings(request: FastifyRequest) {
      return readGa4Settings(db, sessionCaller(request).userId);
    },

    async saveGa4Settings(request: FastifyRequest) {
      return saveGa4Settings(db, sessionCaller(request).userId, request.body as Ga4SettingsInput, new Date(tokenClock.now()));
    },

    async deleteGa4Settings(request: FastifyRequest, reply: FastifyReply) {
      await deleteGa4Settings(db, sessionCaller(request).userId);
      return reply.code(204).send();
    },
  });
}
