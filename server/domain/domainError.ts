/**
 * Codes a domain rule can refuse with; each is one of the contract's error codes. The handlers
 * turn a DomainError into the API's `{ error, error_description }` answer, with `reason` when it
 * has one (handlers/domainErrors.ts), so domain functions stay free of HTTP and callers that are not
 * HTTP (the demo seed) get a readable exception.
 */
export type DomainErrorCode =
  | 'invalid_request'
  | 'not_found'
  | 'website_exists'
  | 'block_list_full'
  | 'webhook_endpoints_full'
  | 'test_events_pending'
  | 'api_keys_full'
  | 'upload_quota_exceeded'
  | 'file_in_use'
  | 'unsupported_file_type'
  | 'payload_too_large'
  | 'overdraft_reached';

/** A domain rule refused the input; the message is an English sentence fit for error_description. */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: DomainErrorCode;
  /**
   * Which rule refused, finer than `code`, where the operation's contract lists such reasons
   * (e.g. WebhookUrlRefusal): a client shows its own words for it, in the user's language.
   */
  readonly reason: string | undefined;

  constructor(code: DomainErrorCode, message: string, reason?: string) {
    super(message);
    this.code = code;
    this.reason = reason;
  }
}

export const invalidInput = (message: string, reason?: string) => new DomainError('invalid_request', message, reason);

/** Rows of other accounts are reported exactly like missing ones (contract: Tenant scoping). */
export const notFoundRow = (what: string) => new DomainError('not_found', `The requested ${what} is not found.`);
