import { describe, expect, it } from 'vitest';
import { redactUrl } from './logRedaction.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/user/verify-email/abc_DEF-123', '/api/user/verify-email/[redacted]'],
    ['/api/user/change-email/verify/abc?x=1', '/api/user/change-email/verify/[redacted]?x=1'],
    ['/api/user/password-reset/abc', '/api/user/password-reset/[redacted]'],
    ['/verify/abc?type=account', '/verify/[redacted]?type=account'],
    ['/reset/abc', '/reset/[redacted]'],
    ['/receipts/rcpt_0123456789abcdef', '/receipts/[redacted]'],
    ['/files/Xy12ab34cd/recording.wav', '/files/[redacted]'],
    ['/billing/success?payment_intent=pi_1&payment_intent_client_secret=s', '/billing/success?payment_intent=pi_1&payment_intent_client_secret=[redacted]'],
    ['/api/x?refresh_token=a&access%5Ftoken=b&page=2', '/api/x?refresh_token=[redacted]&access%5Ftoken=[redacted]&page=2'],
  ])('hides the secret of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/user/password-reset')).toBe('/api/user/password-reset');
    expect(redactUrl('/api/client/calls?page=2&status=missed')).toBe('/api/client/calls?page=2&status=missed');
    expect(redactUrl('/widget.js?key=PublicKey123')).toBe('/widget.js?key=[redacted]');
  });
});
