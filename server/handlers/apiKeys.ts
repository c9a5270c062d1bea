import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../db/schema/apiKeys.ts';
import { createApiKey, deleteApiKey, listApiKeys } from '../domain/apiKeys/apiKeys.ts';
import { mailApiKeyCreated } from '../domain/users/accessNotices.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { type HandlerContext, type OperationHandlers, sessionCaller } from './handlerContext.ts';
import { currentPasswordConfirmation, noticeOwner } from './sudoMode.ts';

/**
 * Tag apiKeys (issue 19): the keys the client's own systems call the API with. Signed-in users
 * only (the contract lists bearerAuth alone, and sessionCaller holds it here too): a key that
 * could mint or delete keys would outlive its own deletion. A new key also needs the current
 * password, and its owner is mailed (sudoMode.ts): a key outlives a password change, so a stolen
 * access token alone must not make one.
 */
export function apiKeyHandlers(context: HandlerContext): OperationHandlers {
  const { db, adapters, config, tokenClock } = context;
  return answeringDomainErrors({
    async listApiKeys(request: FastifyRequest) {
      return { data: await listApiKeys(db, sessionCaller(request).userId) };
    },

    async createApiKey(request: FastifyRequest, reply: FastifyReply) {
      const { userId } = sessionCaller(request);
      const { currentPassword, ...input } = request.body as { name: string; scope: ApiKeyScope; currentPassword: string };
      const confirm = currentPasswordConfirmation(context, userId, currentPassword, 'The current password is wrong. No API key was created.');
      const created = await createApiKey(db, userId, input, confirm);
      await noticeOwner(request, 'api keys', () => mailApiKeyCreated({ db, mail: adapters.mail, publicUrl: config.publicUrl }, userId, created, new Date(tokenClock.now())));
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
