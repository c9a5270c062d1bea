/** The body of a Measurement Protocol hit: one event of one client (GA4's `/mp/collect` JSON). */
export interface Ga4HitBody {
  /** The visitor's GA client id (the `_ga` cookie's): a call without one is not sent (domain/ga4/ga4Hits.ts). */
  client_id: string;
  /** When the call's outcome was recorded; GA4 takes events up to 72 hours back. */
  timestamp_micros: number;
  events: { name: string; params: Record<string, string | number> }[];
}

/** A hit for one account's property: where it goes (measurement id, API secret) and what it says. */
export interface Ga4Hit {
  measurementId: string;
  apiSecret: string;
  body: Ga4HitBody;
}

/**
 * How one send went. GA4 answers 2xx even to a hit it discards (a wrong secret, a malformed
 * event: its Measurement Protocol validates nothing on /mp/collect), so only a failure to reach
 * it, no answer in time, or an error status is a failure, each retried.
 */
export type Ga4SendResult =
  | { ok: true; status: number }
  | { ok: false; reason: 'unreachable' | 'timeout' | 'http_error'; status: number | null; error: string };

/**
 * Sends call outcomes to the clients' Google Analytics 4 properties (issue 19; ARCHITECTURE.md,
 * Adapters): the Measurement Protocol in production, a local recorder that sends nothing elsewhere.
 */
export interface Ga4 {
  /** One line for the startup log. */
  readonly description: string;
  /** The longest one send takes (its timeout): the GA4 worker's lease must well outlast it (Ga4Worker checks). */
  readonly timeoutMs: number;
  /** Never throws: every failure is a result. */
  send(hit: Ga4Hit): Promise<Ga4SendResult>;
}

/** GA4's Measurement Protocol endpoint. */
export const GA4_COLLECT_URL = 'https://www.google-analytics.com/mp/collect';

/** The hit's address: the endpoint with the measurement id and, unless redacted (for logs), the API secret. */
export function collectUrl(hit: Pick<Ga4Hit, 'measurementId' | 'apiSecret'>, endpoint = GA4_COLLECT_URL, { redacted = false } = {}): string {
  const url = new URL(endpoint);
  url.searchParams.set('measurement_id', hit.measurementId);
  url.searchParams.set('api_secret', redacted ? 'REDACTED' : hit.apiSecret);
  return url.href;
}
