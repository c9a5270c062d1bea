import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalidRequest } from './apiError.ts';
import { type Contract, type ContractOperation, listOperations } from './contract.ts';

/**
 * Fastify validates a body only when its content type has a schema, and knows nothing of
 * `requestBody.required`. So without this a `text/plain` body, or none at all, would reach a
 * handler unchecked. Each operation accepts exactly the media types the contract lists (else
 * 415) and must have a body when the contract requires one (else 400).
 */
export function installRequestBodyRules(app: FastifyInstance, contract: Contract): void {
  const operations = new Map(listOperations(contract).map((op) => [op.operationId, op]));
  app.addHook('preValidation', async (request) => {
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    const operation = operationId ? operations.get(operationId) : undefined;
    if (operation) checkBody(request, operation);
  });
}

function checkBody(request: FastifyRequest, { requestBody }: ContractOperation): void {
  if (!requestBody) return;
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType === undefined && request.body == null) {
    if (requestBody.required) throw invalidRequest('The request body is required.');
    return;
  }
  if (!mediaType || !requestBody.mediaTypes.includes(mediaType)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Content type ${mediaType ?? '(none)'} is not accepted here; use ${requestBody.mediaTypes.join(' or ')}.`,
    );
  }
}
