import type { FastifyReply, FastifyRequest } from 'fastify';
import { type BlockedVisitorKind, blockVisitor, listBlockedVisitors, unblockVisitor } from '../domain/blockList/blockList.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/**
 * Tag blockedVisitors (issue 7, "a block list per client"): the numbers and addresses whose widget
 * requests are refused. No overdraft check: blocking stops spending, so it stays open.
 */
export function blockedVisitorHandlers({ db }: HandlerContext): OperationHandlers {
  return answeringDomainErrors({
    async listBlockedVisitors(request: FastifyRequest) {
      return { data: await listBlockedVisitors(db, caller(request).userId) };
    },

    async blockVisitor(request: FastifyRequest, reply: FastifyReply) {
      const { kind, value } = request.body as { kind: BlockedVisitorKind; value: string };
      const { entry, created } = await blockVisitor(db, caller(request).userId, kind, value);
      return reply.code(created ? 201 : 200).send(entry);
    },

    async unblockVisitor(request: FastifyRequest, reply: FastifyReply) {
      const { id } = request.params as { id: number };
      await unblockVisitor(db, caller(request).userId, id);
      return reply.code(204).send();
    },
  });
}
