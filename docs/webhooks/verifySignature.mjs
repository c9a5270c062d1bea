import { createHmac, timingSafeEqual } from 'node:crypto';

/** True when `header` (X-Callback-Signature) signs `rawBody` (the request's bytes, unparsed) with `secret`, within 5 minutes. */
export function verifyCallbackSignature(header, rawBody, secret, toleranceSeconds = 300) {
  const fields = header.split(',').map((field) => field.split('='));
  const t = Number(fields.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return fields.some(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
