import type { FastifyRequest } from 'fastify';

/** Paths that carry a single-use e-mailed code (contract: verifyEmail, verifyChangedEmail, resetPassword). */
const CODE_IN_PATH = /(\/(?:verify-email|change-email\/verify|password-reset)\/)[^/?]+/;

/**
 * The request fields of the access log, with e-mailed codes replaced: whoever reads the logs
 * must not be able to verify an address or reset a password with them.
 */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(CODE_IN_PATH, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}
