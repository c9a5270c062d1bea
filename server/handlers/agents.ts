import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AgentInput, createAgent, deleteAgent, listAgents, updateAgent } from '../domain/agents/agents.ts';
import { assertToolboxOpen } from '../domain/credits/toolboxAccess.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/** Tag agents (spec §2 Agents, §4 Agents): the people who take the calls. */
export function agentHandlers({ db, adapters }: HandlerContext): OperationHandlers {
  // Beside the local call simulator, its test numbers may be agents' (issue 18).
  const rules = () => ({ allowSimulatorNumbers: adapters.telephony.isLocal });
  return answeringDomainErrors({
    async listAgents(request: FastifyRequest) {
      return { data: await listAgents(db, caller(request).userId) };
    },

    async createAgent(request: FastifyRequest, reply: FastifyReply) {
      await assertToolboxOpen(db, caller(request).userId); // spec §6: 402 overdraft_reached
      return reply.code(201).send(await createAgent(db, caller(request).userId, request.body as AgentInput, rules()));
    },

    async updateAgent(request: FastifyRequest) {
      await assertToolboxOpen(db, caller(request).userId); // spec §6: 402 overdraft_reached
      const { id } = request.params as { id: number };
      return updateAgent(db, caller(request).userId, id, request.body as AgentInput, rules());
    },

    async deleteAgent(request: FastifyRequest, reply: FastifyReply) {
      await assertToolboxOpen(db, caller(request).userId); // spec §6: 402 overdraft_reached
      const { id } = request.params as { id: number };
      await deleteAgent(db, caller(request).userId, id);
      return reply.code(204).send();
    },
  });
}
