import { describe, expect, it } from 'vitest';
import { english } from '../test/messages.ts';
import type { WebhookDelivery, WebhookDeliveryErrorCode } from '../webhookEndpoints/webhookEndpoints.types.ts';
import { deliveryErrorMessage } from './webhookDeliveries.messages.ts';

type Failure = Pick<WebhookDelivery, 'errorCode' | 'error' | 'responseCode'>;
const failed = (errorCode: WebhookDeliveryErrorCode | null, responseCode: number | null = null, error: string | null = 'the server’s English'): Failure => ({
  errorCode,
  responseCode,
  error,
});

describe('deliveryErrorMessage', () => {
  it('says each code in the user’s words, never the server’s English', () => {
    const said: [WebhookDeliveryErrorCode, string][] = [
      ['timeout', 'No answer within 10 seconds.'],
      ['host_not_found', 'The host name was not found.'],
      ['address_refused', 'The address is not public.'],
      ['connection_failed', 'The connection failed.'],
      ['tls_failed', 'The secure connection (HTTPS) failed.'],
      ['expired', 'Not delivered within 24 hours.'],
      ['object_gone', "The event's data no longer exists."],
      // A stored address the rules no longer allow: as the add-endpoint form says it.
      ['url_scheme_https', 'The URL must start with https://.'],
      ['url_private_or_loopback_address', 'The URL must not point to a private, loopback or link-local address.'],
    ];
    for (const [code, text] of said) expect(english(deliveryErrorMessage(failed(code))), code).toBe(text);
  });

  it('names the status of an error answer and of a redirect', () => {
    expect(english(deliveryErrorMessage(failed('http_status', 503, null)))).toBe('The endpoint answered HTTP 503.');
    expect(english(deliveryErrorMessage(failed('redirect', 302, 'redirect not followed')))).toBe('Redirected (HTTP 302): redirects are not followed.');
  });

  it('falls back to a general message for a code it does not know, a status missing, or a failure logged before the codes', () => {
    for (const code of ['certificate_pinned', 'constructor', 'toString']) {
      expect(english(deliveryErrorMessage(failed(code as WebhookDeliveryErrorCode))), code).toBe('The delivery failed.');
    }
    expect(english(deliveryErrorMessage(failed('http_status', null)))).toBe('The delivery failed.');
    expect(english(deliveryErrorMessage(failed(null, null, 'connect ECONNRESET')))).toBe('The delivery failed.');
  });

  it('says nothing when nothing failed', () => {
    expect(deliveryErrorMessage(failed(null, 200, null))).toBeNull();
    expect(deliveryErrorMessage(failed(null, null, null))).toBeNull();
  });
});
