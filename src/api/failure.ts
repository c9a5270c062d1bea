import type { ApiFailure } from '../../machines/shared/apiFailure.ts';

/**
 * Turns an openapi-fetch answer into data, or throws the `ApiFailure` the machines branch on
 * (HTTP status plus the contract's `error` code). Server error detail is never shown (spec §8).
 */
export function dataOrThrow<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = result.error as { error?: unknown } | undefined;
  const failure: ApiFailure = {
    status: result.response.status,
    ...(typeof body?.error === 'string' ? { code: body.error } : {}),
  };
  throw failure;
}

/** Same as dataOrThrow for calls whose answer carries nothing the SPA reads. */
export function okOrThrow(result: { error?: unknown; response: Response }): void {
  dataOrThrow(result);
}
