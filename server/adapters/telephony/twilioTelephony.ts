import { createHmac, timingSafeEqual } from 'node:crypto';
import { type DialOutcome, type DialRequest, type Telephony, TelephonyUnavailableError } from './telephony.ts';

export interface TwilioTelephonyOptions {
  accountSid: string;
  authToken: string;
  /** Base of the status and recording callback URLs Twilio is given. */
  publicUrl: string;
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 of HMAC-SHA1, keyed by the auth token,
 * over the full callback URL (query string included) followed by every POST parameter's name and
 * value, sorted by name.
 * https://www.twilio.com/docs/usage/security#validating-requests
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    // A repeated parameter counts each distinct value once, in sorted order (as Twilio's own validators do).
    for (const item of Array.isArray(value) ? [...new Set(value)].sort() : [value]) data += name + item;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Checks a callback's X-Twilio-Signature in constant time; false when it is missing or wrong. */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string | string[]>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Twilio telephony, chosen when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set.
 *
 * NOT COMPLETE: the callback signature check (verifyTwilioSignature) is done; placing calls
 * through Twilio's REST API (a call to the agent whose TwiML dials the visitor, with status and
 * recording callbacks) is not, so `dial` refuses with TelephonyUnavailableError rather than
 * pretend — each attempt then ends as missed, uncharged, and the error is logged.
 */
export class TwilioTelephony implements Telephony {
  readonly isLocal = false;
  readonly timeScale = 1;
  readonly description = 'Twilio (call placement NOT IMPLEMENTED yet: calls end as missed; callback signatures verified)';
  readonly #options: TwilioTelephonyOptions;

  constructor(options: TwilioTelephonyOptions) {
    this.#options = options;
  }

  /** Verifies a status or recording callback Twilio posted to `url` (the full public URL). */
  verifyCallback(url: string, params: Record<string, string | string[]>, signature: string | undefined): boolean {
    return verifyTwilioSignature(this.#options.authToken, url, params, signature);
  }

  dial(request: DialRequest): Promise<DialOutcome> {
    return Promise.reject(
      new TelephonyUnavailableError(`Twilio call placement is not implemented (call ${request.callId}, attempt ${request.attempt})`),
    );
  }
}
