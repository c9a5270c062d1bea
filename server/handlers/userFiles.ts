import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertToolboxOpen } from '../domain/credits/toolboxAccess.ts';
import { deleteUpload, listFiles, storeUpload } from '../domain/files/uploads.ts';
import { readSingleFile } from '../http/uploads.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/** Tag user, uploads (spec §4 Upload, §7 /user/files): widget pictures and waiting audio. */
export function userFileHandlers({ db, config, adapters }: HandlerContext): OperationHandlers {
  return answeringDomainErrors({
    async listFiles(request: FastifyRequest) {
      return { data: await listFiles(db, caller(request).userId, config.publicUrl) };
    },

    async uploadFiles(request: FastifyRequest, reply: FastifyReply) {
      const { userId } = caller(request);
      await assertToolboxOpen(db, userId); // spec §6: 402 overdraft_reached
      await storeUpload(db, adapters.storage, userId, await readSingleFile(request));
      return reply.code(201).send({ data: await listFiles(db, userId, config.publicUrl) });
    },

    async deleteFile(request: FastifyRequest, reply: FastifyReply) {
      const { fileId } = request.params as { fileId: string };
      await deleteUpload(db, adapters.storage, caller(request).userId, fileId);
      return reply.code(204).send();
    },
  });
}
