import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebhookEventType } from '../db/schema/webhooks.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
  webhookTargetPolicy,
} from '../domain/webhooks/webhookEndpoints.ts';
import { mailWebhookEndpoint } from '../domain/users/accessNotices.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers, sessionCaller } from './handlerContext.ts';
import { currentPasswordConfirmation, noticeOwner } from './sudoMode.ts';

type EndpointInput = { url: string; events: WebhookEventType[]; isActive?: boolean };

/**
 * Tag webhooks (issue 19): the caller's endpoints, a test event and their deliveries. Where events
 * go (a new endpoint, a new address) also needs the current password, and the owner is mailed
 * (sudoMode.ts): every visitor's phone number flows there, so a stolen access token alone must
 * not choose it.
 */
export function webhookHandlers(context: HandlerContext): OperationHandlers {
  const { db, config, adapters, tokenClock } = context;
  const policy = webhookTargetPolicy(config);
  const mailing = { db, mail: adapters.mail, publicUrl: config.publicUrl };
  return answeringDomainErrors({
    async listWebhookEndpoints(request: FastifyRequest) {
      return { data: await listWebhookEndpoints(db, caller(request).userId) };
    },

    async createWebhookEndpoint(request: FastifyRequest, reply: FastifyReply) {
      const { userId } = sessionCaller(request);
      const { currentPassword, ...input } = request.body as EndpointInput & { currentPassword: string };
      const confirm = currentPasswordConfirmation(context, userId, currentPassword, 'The current password is wrong. No endpoint was added.');
      const created = await createWebhookEndpoint(db, userId, input, policy, confirm);
      await noticeOwner(request, 'webhooks', () => mailWebhookEndpoint(mailing, userId, created, new Date(tokenClock.now())));
      // The one answer that holds the secret: never kept by a cache on the way.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },

    async updateWebhookEndpoint(request: FastifyRequest) {
      const { id } = request.params as { id: number };
      const { userId } = sessionCaller(request);
      // The contract sends currentPassword with url and only with it.
      const { currentPassword = '', ...input } = request.body as Partial<EndpointInput> & { currentPassword?: string };
      const confirm = currentPasswordConfirmation(context, userId, currentPassword, 'The current password is wrong. The endpoint was not changed.');
      const { endpoint, previousUrl } = await updateWebhookEndpoint(db, userId, id, input, policy, confirm);
      if (endpoint.url !== previousUrl) {
        await noticeOwner(request, 'webhooks', () => mailWebhookEndpoint(mailing, userId, { ...endpoint, previousUrl }, new Date(tokenClock.now())));
      }
      return endpoint;
    },

    async deleteWebhookEndpoint(request: FastifyRequest, reply: FastifyReply) {
      const { id } = request.params as { id: number };
      await deleteWebhookEndpoint(db, caller(request).userId, id);
      return reply.code(204).send();
    },

    async sendWebhookTestEvent(request: FastifyRequest, reply: FastifyReply) {
      const { id } = request.params as { id: number };
      return reply.code(202).send(await sendWebhookTestEvent(db, caller(request).userId, id));
    },

    async listWebhookDeliveries(request: FastifyRequest) {
      const { id } = request.params as { id: number };
      return { data: await listWebhookDeliveries(db, caller(request).userId, id) };
    },
  });
}
