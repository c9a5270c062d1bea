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

/**
 * Media types the contract answers with but never takes (a CSV export, a WAV recording) get a
 * parser of their own that refuses the body with 415, as every media type an operation does not
 * list is refused. fastify-openapi-glue warns at each start about a media type of the contract
 * without a parser, answers' included; these have one now. Before the contract's routes.
 */
export function refuseAnswerOnlyMediaTypes(app: FastifyInstance, contract: Contract): void {
  const operations = listOperations(contract);
  const taken = new Set(operations.flatMap((operation) => operation.requestBody?.mediaTypes ?? []));
  const answerOnly = [...new Set(operations.flatMap((operation) => operation.responseMediaTypes))].filter(
    (mediaType) => !taken.has(mediaType) && !app.hasContentTypeParser(mediaType),
  );
  if (answerOnly.length === 0) return;
  app.addContentTypeParser(answerOnly, (request, _payload, done) => done(unsupportedMediaType(request.headers['content-type'], []), undefined));
}

function unsupportedMediaType(contentType: string | undefined, accepted: string[]): ApiError {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  const instead = accepted.length > 0 ? `; use ${accepted.join(' or ')}` : '';
  return new ApiError(415, 'unsupported_media_type', `Content type ${mediaType || '(none)'} is not accepted here${instead}.`);
}

function checkBody(request: FastifyRequest, { requestBody }: ContractOperation): void {
  if (!requestBody) return;
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType === undefined && request.body == null) {
    if (requestBody.required) throw invalidRequest('The request body is required.');
    return;
  }
  if (!mediaType || !requestBody.mediaTypes.includes(mediaType)) throw unsupportedMediaType(mediaType, requestBody.mediaTypes);
}
