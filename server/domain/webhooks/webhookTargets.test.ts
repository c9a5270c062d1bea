import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_URL_LENGTH, checkWebhookUrl, isPublicAddress, type WebhookUrlRefusal } from './webhookTargets.ts';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.255',
    '192.0.3.0',
    '192.167.255.255',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '2001:db9::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    // IPv4 special-purpose ranges, at their edges
    '0.0.0.0',
    '0.255.255.255',
    '10.0.0.0',
    '10.255.255.255',
    '100.64.0.0',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.0.1',
    '169.254.169.254',
    '172.16.0.0',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '192.168.255.255',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.255',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6 special-purpose ranges
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'febf:ffff::1',
    'ff02::1',
    'ff05::2',
    '2001:db8::1',
    '2001:db8:ffff::1',
    '100::1',
    '64:ff9b:1::a00:1',
    // IPv6 forms of a private IPv4 address
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:0.0.0.0',
    '::127.0.0.1',
    '::10.1.2.3',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2002:c0a8:101::',
    // zoned, or not an address in its plain spelling
    'fe80::1%eth0',
    '2606:4700:4700::1111%1',
    '',
    'localhost',
    'example.com',
    '010.0.0.1',
    '0x7f000001',
    '2130706433',
    '127.1',
    '8.8.8.8 ',
    '[::1]',
    '8.8.8.8/32',
    '1.2.3.4.5',
  ])('%j is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  const production = { allowLoopback: false };
  const development = { allowLoopback: true };
  /** One code a sentence: the dashboard says the code in the user's language (machines/webhookForm/webhookForm.messages.ts). */
  const sentences: Record<WebhookUrlRefusal, string> = {
    url_too_long: `The URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters long.`,
    url_not_absolute: 'The URL must be absolute, such as https://example.com/webhooks.',
    url_scheme_https: 'The URL must start with https://.',
    url_scheme_http_or_https: 'The URL must start with http:// or https://.',
    url_credentials: 'The URL must not contain a user name or password.',
    url_fragment: 'The URL must not contain a fragment (#…).',
    url_localhost: 'The URL must not point to localhost.',
    url_private_address: 'The URL must not point to a private or link-local address.',
    url_private_or_loopback_address: 'The URL must not point to a private, loopback or link-local address.',
  };

  it.each([
    ['https://example.com/hook', 'https://example.com/hook'],
    ['https://example.com', 'https://example.com/'],
    ['https://EXAMPLE.com:8443/a/b?x=1&y=2', 'https://example.com:8443/a/b?x=1&y=2'],
    ['https://8.8.8.8/hook', 'https://8.8.8.8/hook'],
    ['https://[2606:4700:4700::1111]/hook', 'https://[2606:4700:4700::1111]/hook'],
    ['https://hooks.zapier.com/hooks/catch/1/abc/', 'https://hooks.zapier.com/hooks/catch/1/abc/'],
    ['https://xn--mnchen-3ya.de/hook', 'https://xn--mnchen-3ya.de/hook'],
    ['https://münchen.de/hook', 'https://xn--mnchen-3ya.de/hook'],
    ['  https://example.com/hook  ', 'https://example.com/hook'],
    // A name that resolves to a private address is the sender's to refuse, at each delivery.
    ['https://internal.example.com/hook', 'https://internal.example.com/hook'],
  ])('accepts %s in production as %s', (raw, href) => {
    const check = checkWebhookUrl(raw, production);
    expect(check).toEqual({ ok: true, url: expect.any(URL) });
    expect(check.ok && check.url.href).toBe(href);
  });

  it.each([
    ['http://example.com', 'url_scheme_https'],
    ['http://example.com/hook', 'url_scheme_https'],
    ['ftp://example.com', 'url_scheme_https'],
    ['ws://example.com', 'url_scheme_https'],
    ['file:///etc/passwd', 'url_scheme_https'],
    ['javascript:alert(1)', 'url_scheme_https'],
    ['data:text/plain,hi', 'url_scheme_https'],
    ['example.com/hook', 'url_not_absolute'],
    ['/hook', 'url_not_absolute'],
    ['', 'url_not_absolute'],
    ['https://', 'url_not_absolute'],
    ['https://exa mple.com/', 'url_not_absolute'],
    ['https://[::1/', 'url_not_absolute'],
    ['https://user:pw@example.com/', 'url_credentials'],
    ['https://user@example.com/', 'url_credentials'],
    ['https://:pw@example.com/', 'url_credentials'],
    ['https://example.com/hook#part', 'url_fragment'],
    ['https://example.com/hook#', 'url_fragment'],
    ['https://localhost/hook', 'url_localhost'],
    ['https://LOCALHOST:8443/hook', 'url_localhost'],
    ['https://localhost./hook', 'url_localhost'],
    ['https://api.localhost/hook', 'url_localhost'],
    ['https://127.0.0.1/hook', 'url_private_or_loopback_address'],
    ['https://127.1/hook', 'url_private_or_loopback_address'],
    ['https://0x7f000001/', 'url_private_or_loopback_address'],
    ['https://2130706433/', 'url_private_or_loopback_address'],
    ['https://017700000001/', 'url_private_or_loopback_address'],
    ['https://0/', 'url_private_or_loopback_address'],
    ['https://127.0.0.1./hook', 'url_private_or_loopback_address'],
    ['https://169.254.169.254/latest/meta-data', 'url_private_or_loopback_address'],
    ['https://10.0.0.5:5432/', 'url_private_or_loopback_address'],
    ['https://192.168.1.1/', 'url_private_or_loopback_address'],
    ['https://[::1]/hook', 'url_private_or_loopback_address'],
    ['https://[::]/hook', 'url_private_or_loopback_address'],
    ['https://[::ffff:127.0.0.1]/', 'url_private_or_loopback_address'],
    ['https://[::ffff:a9fe:a9fe]/', 'url_private_or_loopback_address'],
    ['https://[64:ff9b::10.0.0.1]/', 'url_private_or_loopback_address'],
    ['https://[fd00::1]/', 'url_private_or_loopback_address'],
    ['https://[fe80::1]/', 'url_private_or_loopback_address'],
    [`https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, 'url_too_long'],
  ] as const)('refuses %s in production: %s', (raw, code) => {
    expect(checkWebhookUrl(raw, production)).toEqual({ ok: false, code, reason: sentences[code] });
  });

  it('refuses http://[::ffff:127.0.0.1]/ in production for its scheme, and its address once https', () => {
    expect(checkWebhookUrl('http://[::ffff:127.0.0.1]/', production)).toMatchObject({ ok: false, code: 'url_scheme_https' });
    expect(checkWebhookUrl('https://[::ffff:127.0.0.1]/', production)).toMatchObject({ ok: false, code: 'url_private_or_loopback_address' });
  });

  it('accepts a URL of exactly the maximum length', () => {
    const prefix = 'https://example.com/';
    expect(checkWebhookUrl(`${prefix}${'a'.repeat(MAX_WEBHOOK_URL_LENGTH - prefix.length)}`, production).ok).toBe(true);
  });

  it.each([
    'http://example.com',
    'http://localhost:4000/hook',
    'http://127.0.0.1:4000/hook',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]:4000/',
    'https://localhost/hook',
    'https://example.com/hook',
  ])('accepts %s in development', (raw) => {
    expect(checkWebhookUrl(raw, development).ok).toBe(true);
  });

  it.each([
    ['ftp://example.com', 'url_scheme_http_or_https'],
    ['http://user:pw@localhost/', 'url_credentials'],
    ['http://localhost/#x', 'url_fragment'],
    ['localhost:4000', 'url_scheme_http_or_https'],
    // Development allows this machine only: not its networks, not the cloud's metadata service.
    ['https://192.168.1.10/hook', 'url_private_address'],
    ['http://10.0.0.8/hook', 'url_private_address'],
    ['http://169.254.169.254/latest/meta-data', 'url_private_address'],
  ] as const)('refuses %s in development too: %s', (raw, code) => {
    expect(checkWebhookUrl(raw, development)).toEqual({ ok: false, code, reason: sentences[code] });
  });

  it('refuses values that are not strings', () => {
    expect(checkWebhookUrl(undefined as unknown as string, production).ok).toBe(false);
    expect(checkWebhookUrl(42 as unknown as string, development).ok).toBe(false);
  });
});
