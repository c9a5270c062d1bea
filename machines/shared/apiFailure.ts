/**
 * What a failed API call tells a machine: the HTTP status and the contract's error code
 * (`error` of the `Error` body). Actors implemented in `src/` reject with this shape, so guards
 * can branch on the spec's rules without knowing about fetch. A network failure has status 0.
 */
export interface ApiFailure {
  readonly status: number;
  readonly code?: string;
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number';
}

/** Reads a rejection of an actor as an ApiFailure; anything else counts as a network failure. */
export function toApiFailure(value: unknown): ApiFailure {
  return isApiFailure(value) ? value : { status: 0 };
}
