import { collectUrl, type Ga4, GA4_COLLECT_URL, type Ga4Hit, type Ga4SendResult } from './ga4.ts';

/** GA4 answers within this, or the send fails as `timeout` (openapi Ga4Failure) and is retried. */
export const GA4_TIMEOUT_MS = 10_000;

/**
 * The real GA4 adapter: each hit a JSON POST to the Measurement Protocol's `/mp/collect`, bounded
 * by `timeoutMs` (connection, answer and its body). Redirects are not followed (GA4 sends none; one
 * would be an error status here). Fetch keeps connections to Google alive between hits.
 */
export class Ga4MeasurementProtocol implements Ga4 {
  readonly description: string;
  readonly timeoutMs: number;
  readonly #endpoint: string;

  /** `endpoint` and `timeoutMs` for tests: a local server, a short timeout. */
  constructor(options: { endpoint?: string; timeoutMs?: number } = {}) {
    this.#endpoint = options.endpoint ?? GA4_COLLECT_URL;
    this.timeoutMs = options.timeoutMs ?? GA4_TIMEOUT_MS;
    this.description = `GA4 Measurement Protocol (call outcomes POSTed to ${new URL(this.#endpoint).origin})`;
  }

  async send(hit: Ga4Hit): Promise<Ga4SendResult> {
    try {
      const response = await fetch(collectUrl(hit, this.#endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(hit.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // Read to the end (GA4 answers an empty 204), so the connection goes back to the pool.
      await response.arrayBuffer();
      if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
      return { ok: false, reason: 'http_error', status: response.status, error: `GA4 answered ${response.status}` };
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        return { ok: false, reason: 'timeout', status: null, error: `no answer within ${this.timeoutMs / 1000} s` };
      }
      // Never the request's URL: it holds the API secret.
      return { ok: false, reason: 'unreachable', status: null, error: causeOf(error) };
    }
  }
}

/** fetch fails with "fetch failed" and the reason in `cause` (ECONNREFUSED, ENOTFOUND…). */
function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as (NodeJS.ErrnoException & { hostname?: string }) | undefined) : undefined;
  if (cause?.code) return `${cause.code}${cause.hostname ? ` ${cause.hostname}` : ''}`;
  if (cause instanceof Error && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
