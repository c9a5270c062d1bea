/**
 * Signing webhook deliveries (issue 19, Webhooks), with the scheme Stripe uses so receivers can
 * reuse what they know: `X-Callback-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` where the
 * HMAC covers `<t>.<raw body>` keyed with the endpoint's secret. The timestamp inside the signed
 * text lets a receiver refuse replays of an old delivery; several `v1` values may be present so a
 * secret can be rotated while deliveries signed with the old one are still in flight.
 *
 * `verifySignature` is what a receiver runs (the README's verification snippet does the same in a
 * few lines); the server's own tests use it to check what a local receiver got.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header carrying `t=…,v1=…`. */
export const SIGNATURE_HEADER = 'X-Callback-Signature';
/** The header carrying the event's id, the same on every retry, so receivers can drop duplicates. */
export const EVENT_ID_HEADER = 'X-Callback-Event-Id';

/** The scheme's HMAC, as lower-case hex: 64 characters. */
function hmacHex(secret: string, rawBody: string, timestampSeconds: number | string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
}

/**
 * The signature header's value for a delivery. `rawBody` must be exactly the text sent (the
 * receiver signs the bytes it gets, so any re-serialization between signing and sending breaks it).
 */
export function signatureHeader(secret: string, rawBody: string, timestampSeconds: number): string {
  // A fractional or negative t would be signed as written but no receiver parses it back.
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) throw new RangeError('timestampSeconds must be a whole number of seconds');
  return `t=${timestampSeconds},v1=${hmacHex(secret, rawBody, timestampSeconds)}`;
}

/** t and the v1 values of a header, or null when it is not one (no t, two t's, no v1). */
function parseHeader(header: string): { timestamp: string; signatures: string[] } | null {
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const key = part.slice(0, equals).trim();
    const value = part.slice(equals + 1).trim();
    if (key === 't') {
      // Two timestamps are ambiguous: which one did the sender sign? Refuse rather than guess.
      if (timestamp !== null) return null;
      timestamp = value;
    } else if (key === 'v1') {
      signatures.push(value);
    }
    // Other keys (a future v2, Stripe's v0) are ignored, as Stripe's libraries do.
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/**
 * Whether a signature header proves that `rawBody` was sent with `secret` within `toleranceSeconds`
 * of `nowSeconds` (either side: a timestamp from the future is as suspect as a stale one).
 * Any v1 value may match. Never throws: a garbage header is simply false.
 */
export function verifySignature(header: string, rawBody: string, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  try {
    if (typeof header !== 'string' || typeof rawBody !== 'string' || typeof secret !== 'string') return false;
    const parsed = parseHeader(header);
    if (parsed === null || !/^\d{1,12}$/.test(parsed.timestamp)) return false;
    const timestamp = Number(parsed.timestamp);
    if (!(Math.abs(nowSeconds - timestamp) <= toleranceSeconds)) return false;
    // The text signed is t as the header wrote it, so a leading zero changes the HMAC, as it must.
    const expected = Buffer.from(hmacHex(secret, rawBody, parsed.timestamp), 'hex');
    let matched = false;
    for (const signature of parsed.signatures) {
      // Only well-formed hex of the right length reaches the comparison, which needs equal lengths;
      // every candidate is compared (no early exit) so timing does not tell which one matched.
      if (!/^[0-9a-f]{64}$/i.test(signature)) continue;
      if (timingSafeEqual(Buffer.from(signature, 'hex'), expected)) matched = true;
    }
    return matched;
  } catch {
    return false;
  }
}

/**
 * A new endpoint's signing secret: 32 random bytes, base64url, with Stripe's `whsec_` prefix so a
 * leaked one is recognizable (secret scanners match on such prefixes). The secret is used as the
 * HMAC key as written, prefix included.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
