import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, EXPIRED_ACCESS_TOKEN, invalidAccessToken } from './apiError.ts';
import { describeValidationError } from './validationMessages.ts';

interface ErrorBody {
  error: string;
  error_description: string;
  /** Which rule refused, on the operations whose contract lists reasons (e.g. WebhookUrlError). */
  reason?: string;
}

/** What fastify-openapi-glue throws when no security handler accepted the request. */
interface SecurityFailure {
  name: 'Unauthorized';
  errors: unknown[];
}

/**
 * The one error handler (STYLE.md, Server): every error answers `{ error, error_description }`;
 * client mistakes (bad JSON, wrong content type, oversized body, schema violations) answer 4xx,
 * and a 5xx never tells the client anything about the internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = toApiError(error);
    if (failure.statusCode >= 500 && !(error instanceof ApiError)) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendApiError(reply, failure);
  });
}

export function sendApiError(reply: FastifyReply, failure: ApiError) {
  const body: ErrorBody = { error: failure.code, error_description: failure.message, ...(failure.reason === undefined ? {} : { reason: failure.reason }) };
  return reply.code(failure.statusCode).headers(failure.headers).type('application/json; charset=utf-8').send(body);
}

/** A 5xx tells the client nothing about the internals. */
const serverError = () => new ApiError(500, 'server_error', 'An unexpected error occurred. Please try again later.');

function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  if (isSecurityFailure(error)) return securityRefusal(error);
  if (error.validation) {
    return new ApiError(400, 'invalid_request', describeValidationError(error.validation, error.validationContext));
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return new ApiError(413, 'payload_too_large', 'The request body is too large.');
  if (status === 415) return new ApiError(415, 'unsupported_media_type', error.message);
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, empty body, bad URL encoding) have safe messages.
    return new ApiError(status, 'invalid_request', error.message);
  }
  return serverError();
}

/**
 * The answer when none of an operation's security schemes accepted the request (each one's error
 * is in `errors`, in the contract's order). A scheme that recognised the credential and refused it
 * for a reason (a key's scope or rate limit, a key on a session-only operation) speaks over the
 * generic 401 of a scheme that did not recognise it (handlers/security.ts); a scheme that failed
 * unexpectedly (the database) answers 500, not a 401 that would send the SPA to refresh and an
 * integration to believe its key revoked.
 */
function securityRefusal(failure: SecurityFailure): ApiError {
  const refusals = failure.errors.filter((cause): cause is ApiError => cause instanceof ApiError);
  const reasoned = refusals.find((refusal) => refusal.code !== EXPIRED_ACCESS_TOKEN);
  if (reasoned) return reasoned;
  if (refusals.length < failure.errors.length) return serverError();
  return refusals[0] ?? invalidAccessToken();
}

function isSecurityFailure(error: unknown): error is SecurityFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'Unauthorized' &&
    Array.isArray((error as { errors?: unknown }).errors)
  );
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any hook runs — a URL
 * with bad percent-encoding (400) or a path parameter over the router's length limit (414) —
 * answer the contract's `Error` body like every other error, instead of Fastify's own shape.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendApiError(reply, new ApiError(414, 'invalid_request', 'A path parameter of the URL is too long.'));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendApiError(reply, new ApiError(400, 'invalid_request', 'The URL is not valid (bad percent-encoding).'));
  }
  return sendApiError(reply, toApiError(error));
}

/** JSON 404 for unknown API routes (and anything the SPA fallback does not serve). */
export function notFoundBody(request: FastifyRequest): ErrorBody {
  const path = request.url.split('?')[0];
  return { error: 'not_found', error_description: `No route for ${request.method} ${path}.` };
}
