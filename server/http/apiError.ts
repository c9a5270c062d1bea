/**
 * An error the API answers on purpose, as the contract's `Error` body:
 * `{ error: <snake_case code>, error_description: <English text> }`, plus `reason: <snake_case
 * code>` when one is given (only where the operation's 400 schema lists it: the serializer drops
 * it elsewhere).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  readonly reason: string | undefined;

  constructor(statusCode: number, code: string, description: string, headers: Record<string, string> = {}, reason?: string) {
    super(description);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
    this.reason = reason;
  }
}

/**
 * The 401 the SPA answers by refreshing once and replaying (spec §4 Token refresh). The spec
 * says the SPA looks at the error *description* for the code while the contract says it looks
 * at `error`: both fields carry it, so either reading works.
 */
export const EXPIRED_ACCESS_TOKEN = 'invalid_or_expired_access_token';

export const invalidRequest = (description: string) => new ApiError(400, 'invalid_request', description);

export const invalidAccessToken = () => new ApiError(401, EXPIRED_ACCESS_TOKEN, EXPIRED_ACCESS_TOKEN);

export const notFound = (description = 'The requested resource is not found.') =>
  new ApiError(404, 'not_found', description);

/** An API key on an operation whose contract `security` does not list the apiKey scheme. */
export const apiKeyNotAllowed = () =>
  new ApiError(403, 'api_key_not_allowed', 'API keys cannot be used for this operation: it is for a signed-in user only (the contract lists only bearerAuth for it).');

/** A `read` API key on an operation that is not a GET. */
export const insufficientScope = () => new ApiError(403, 'insufficient_scope', 'This API key may only read (GET requests). Use a key with the write scope to make changes.');

/** An API key past its requests per minute (the apiKey scheme of the contract). */
export const tooManyRequests = (retryAfterSeconds: number, limit: number) =>
  new ApiError(429, 'too_many_requests', `This API key made more than ${limit} requests this minute. Please try again in ${retryAfterSeconds} seconds.`, {
    'retry-after': String(retryAfterSeconds),
  });

/**
 * A wrong current password on an operation that asks for it. invalid_grant, never
 * invalid_or_expired_access_token: the SPA must not take a typo for an expired session and refresh.
 */
export const wrongCurrentPassword = (description: string) => new ApiError(401, 'invalid_grant', description);

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new ApiError(429, 'too_many_attempts', 'Too many attempts. Please try again later.', {
    'retry-after': String(retryAfterSeconds),
  });
