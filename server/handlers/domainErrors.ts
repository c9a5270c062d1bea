import { ApiError } from '../http/apiError.ts';
import { DomainError, type DomainErrorCode } from '../domain/domainError.ts';
import type { OperationHandlers } from './handlerContext.ts';

const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  invalid_request: 400,
  unsupported_file_type: 400,
  overdraft_reached: 402,
  not_found: 404,
  website_exists: 409,
  block_list_full: 409,
  webhook_endpoints_full: 409,
  test_events_pending: 409,
  api_keys_full: 409,
  upload_quota_exceeded: 409,
  file_in_use: 409,
  payload_too_large: 413,
};

/** The API answer for a refused domain rule: `{ error: code, error_description: message }`, and its `reason` if it has one. */
export function toApiError(error: DomainError): ApiError {
  return new ApiError(STATUS_BY_CODE[error.code], error.code, error.message, {}, error.reason);
}

/** Wraps a group of handlers so that a DomainError they throw answers as its API error. */
export function answeringDomainErrors(handlers: OperationHandlers): OperationHandlers {
  return Object.fromEntries(
    Object.entries(handlers).map(([operationId, handler]) => [
      operationId,
      async (request, reply) => {
        try {
          return await handler(request, reply);
        } catch (error) {
          throw error instanceof DomainError ? toApiError(error) : error;
        }
      },
    ]),
  );
}
