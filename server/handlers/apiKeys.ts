import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../db/schema/apiKeys.ts';
import { createApiKey, deleteApiKey, listApiKeys } from '../domain/apiKeys/apiKeys.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { type HandlerContext, type OperationHandlers, sessionCaller } from './handlerContext.ts';

/**
 * Tag apiKeys (issue 19): the keys the client's own systems call the API with. Signed-in users
 * only (the contract lists bearerAuth alone, and sessionCaller holds it here too): a key that
 * could mint or delete keys would outlive its own deletion.
 */
export function apiKeyHandlers({ db }: HandlerContext): OperationHandlers {
  return answeringDomainErrors({
    async listApiKeys(request: FastifyRequest) {
      return { data: await listApiKeys(db, sessionCaller(request).userId) };
    },

    async createApiKey(request: FastifyRequest, reply: FastifyReply) {
      const created = await createApiKey(db, sessionCaller(request).userId, request.body as { name: string; scope: ApiKeyScope });
      // The one answer that holds the secret: never kept by a cache on the way.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },

    async deleteApiKey(request: FastifyRequest, reply: FastifyReply) {
      const { id } = request.params as { id: number };
      await deleteApiKey(db, sessionCaller(request).userId, id);
      return reply.code(204).send();
    },
  });
}
