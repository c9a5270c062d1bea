import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertToolboxOpen } from '../domain/credits/toolboxAccess.ts';
import { createWebsite, listWebsites } from '../domain/websites/websites.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/** Tag websites (spec §2 Websites): the caller's sites and their embed keys. */
export function websiteHandlers({ db }: HandlerContext): OperationHandlers {
  return answeringDomainErrors({
    async listWebsites(request: FastifyRequest) {
      return { data: await listWebsites(db, caller(request).userId) };
    },

    async createWebsite(request: FastifyRequest, reply: FastifyReply) {
      await assertToolboxOpen(db, caller(request).userId); // spec §6: 402 overdraft_reached
      const { domain } = request.body as { domain: string };
      return reply.code(201).send(await createWebsite(db, caller(request).userId, domain));
    },
  });
}
