import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertToolboxOpen } from '../domain/credits/toolboxAccess.ts';
import { deleteWidget, saveWidget, type WidgetInput } from '../domain/widgets/widgets.ts';
import { WidgetListCache } from '../domain/widgets/widgetListCache.ts';
import { sendEncodedJson } from '../http/encodedForms.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/** Tag widgets (spec §2 Widgets, §4 Widgets and Widget wizard). */
export function widgetHandlers({ db, adapters }: HandlerContext): OperationHandlers {
  // Beside the local call simulator, its test numbers may be the widget's number (issue 18).
  const rules = () => ({ allowSimulatorNumbers: adapters.telephony.isLocal });
  const lists = new WidgetListCache();
  return answeringDomainErrors({
    async listWidgets(request: FastifyRequest, reply: FastifyReply) {
      // The route's own serializer of the contract's 200 answer, as Fastify would apply it.
      const serialize = reply.getSerializationFunction('200', 'application/json')!;
      return sendEncodedJson(request, reply, await lists.body(db, caller(request).userId, (list) => serialize(list)));
    },

    async createWidget(request: FastifyRequest, reply: FastifyReply) {
      await assertToolboxOpen(db, caller(request).userId); // spec §6: 402 overdraft_reached
      return reply.code(201).send(await saveWidget(db, caller(request).userId, request.body as WidgetInput, undefined, rules()));
    },

    async updateWidget(request: FastifyRequest) {
      await assertToolboxOpen(db, caller(request).userId); // spec §6: 402 overdraft_reached
      const { id } = request.params as { id: number };
      return saveWidget(db, caller(request).userId, request.body as WidgetInput, id, rules());
    },

    async deleteWidget(request: FastifyRequest, reply: FastifyReply) {
      await assertToolboxOpen(db, caller(request).userId); // spec §6: 402 overdraft_reached
      const { id } = request.params as { id: number };
      await deleteWidget(db, caller(request).userId, id);
      return reply.code(204).send();
    },
  });
}
