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
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

type EndpointInput = { url: string; events: WebhookEventType[]; isActive?: boolean };

/** Tag webhooks (issue 19): the caller's endpoints, a test event and their deliveries. */
export function webhookHandlers({ db, config }: HandlerContext): OperationHandlers {
  const policy = webhookTargetPolicy(config);
  return answeringDomainErrors({
    async listWebhookEndpoints(request: FastifyRequest) {
      return { data: await listWebhookEndpoints(db, caller(request).userId) };
    },

    async createWebhookEndpoint(request: FastifyRequest, reply: FastifyReply) {
      const created = await createWebhookEndpoint(db, caller(request).userId, request.body as EndpointInput, policy);
      // The one answer that holds the secret: never kept by a cache on the way.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },

    async updateWebhookEndpoint(request: FastifyRequest) {
      const { id } = request.params as { id: number };
      return updateWebhookEndpoint(db, caller(request).userId, id, request.body as Partial<EndpointInput>, policy);
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
