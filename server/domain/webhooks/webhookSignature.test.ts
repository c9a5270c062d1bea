import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, newWebhookSecret, signatureHeader, verifySignature } from './webhookSignature.ts';

const secret = 'whsec_test-secret';
const body = '{"id":"evt_1","type":"call.requested","createdAt":"2025-01-01T00:00:00.000Z","data":{"id":7,"phone":"+14155550123"}}';
const t = 1_735_689_600;

describe('signatureHeader', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256 as Stripe does', () => {
    // Computed independently of the module, as a receiver would.
    const hex = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signatureHeader(secret, body, t)).toBe(`t=${t},v1=${hex}`);
  });

  it('matches a fixed vector', () => {
    // printf '1735689600.{"ok":true}' | openssl dgst -sha256 -hmac whsec_fixed
    const v1 = 'faad4fc39d9e964953dbbbf868defb6fc4e097da23f9fcd1c44329cb6ee80730';
    expect(signatureHeader('whsec_fixed', '{"ok":true}', 1_735_689_600)).toBe(`t=1735689600,v1=${v1}`);
    expect(verifySignature(`t=1735689600,v1=${v1}`, '{"ok":true}', 'whsec_fixed', 1_735_689_600)).toBe(true);
  });

  it('signs the UTF-8 bytes of the body', () => {
    const text = '{"name":"Zoë — 東京"}';
    const hex = createHmac('sha256', secret).update(Buffer.from(`${t}.${text}`, 'utf8')).digest('hex');
    expect(signatureHeader(secret, text, t)).toBe(`t=${t},v1=${hex}`);
  });

  it.each([1.5, -1, Number.NaN])('refuses the timestamp %s', (timestamp) => {
    expect(() => signatureHeader(secret, body, timestamp)).toThrow(RangeError);
  });

  it('names its headers', () => {
    expect([SIGNATURE_HEADER, EVENT_ID_HEADER]).toEqual(['X-Callback-Signature', 'X-Callback-Event-Id']);
  });
});

describe('verifySignature', () => {
  const header = signatureHeader(secret, body, t);

  it('accepts its own signature (round trip)', () => {
    expect(verifySignature(header, body, secret, t)).toBe(true);
    expect(verifySignature(header, body, secret, t + 300)).toBe(true);
    expect(verifySignature(header, body, secret, t - 300)).toBe(true);
  });

  it('refuses a tampered body', () => {
    expect(verifySignature(header, body.replace('+14155550123', '+14155550124'), secret, t)).toBe(false);
    expect(verifySignature(header, `${body} `, secret, t)).toBe(false);
  });

  it('refuses another secret', () => {
    expect(verifySignature(header, body, 'whsec_other', t)).toBe(false);
  });

  it('refuses a stale or future timestamp beyond the tolerance', () => {
    expect(verifySignature(header, body, secret, t + 301)).toBe(false);
    expect(verifySignature(header, body, secret, t - 301)).toBe(false);
    expect(verifySignature(header, body, secret, t + 3600, 3600)).toBe(true);
    expect(verifySignature(header, body, secret, Number.NaN)).toBe(false);
  });

  it('refuses a timestamp changed after signing', () => {
    expect(verifySignature(header.replace(`t=${t}`, `t=${t + 1}`), body, secret, t)).toBe(false);
  });

  it('accepts any matching v1 (secret rotation) and ignores other schemes', () => {
    const old = signatureHeader('whsec_old', body, t).split(',')[1];
    expect(verifySignature(`${header},${old}`, body, 'whsec_old', t)).toBe(true);
    expect(verifySignature(`${header},${old}`, body, secret, t)).toBe(true);
    expect(verifySignature(`v0=abc, ${header.replace(',', ', ')}`, body, secret, t)).toBe(true);
    expect(verifySignature(`${header},v1=zz`, body, secret, t)).toBe(true);
  });

  it('accepts upper-case hex', () => {
    expect(verifySignature(header.toUpperCase().replace('T=', 't=').replace('V1=', 'v1='), body, secret, t)).toBe(true);
  });

  const hex = header.split('v1=')[1]!;
  it.each([
    ['empty', ''],
    ['no v1', `t=${t}`],
    ['no t', `v1=${hex}`],
    ['non-hex v1', `t=${t},v1=${'g'.repeat(64)}`],
    ['short v1', `t=${t},v1=${hex.slice(0, 62)}`],
    ['long v1', `t=${t},v1=${hex}00`],
    ['odd-length v1', `t=${t},v1=${hex}0`],
    ['duplicate t', `t=${t},t=${t},v1=${hex}`],
    ['non-numeric t', `t=abc,v1=${hex}`],
    ['negative t', `t=-${t},v1=${hex}`],
    ['fractional t', `t=${t}.0,v1=${hex}`],
    ['huge t', `t=${'9'.repeat(400)},v1=${hex}`],
    ['empty t', `t=,v1=${hex}`],
    ['no equals signs', 'garbage,,,'],
    ['only separators', ',=,='],
    ['JSON', JSON.stringify({ t, v1: hex })],
  ])('is false for a malformed header (%s) without throwing', (_name, malformed) => {
    expect(() => verifySignature(malformed, body, secret, t)).not.toThrow();
    expect(verifySignature(malformed, body, secret, t)).toBe(false);
  });

  it('is false for values that are not strings without throwing', () => {
    expect(verifySignature(undefined as unknown as string, body, secret, t)).toBe(false);
    expect(verifySignature(header, null as unknown as string, secret, t)).toBe(false);
    expect(verifySignature(header, body, 42 as unknown as string, t)).toBe(false);
  });
});

describe('newWebhookSecret', () => {
  it('is whsec_ and 32 random bytes as base64url', () => {
    const secrets = new Set(Array.from({ length: 20 }, () => newWebhookSecret()));
    expect(secrets.size).toBe(20);
    for (const value of secrets) {
      expect(value).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(value.slice('whsec_'.length), 'base64url')).toHaveLength(32);
    }
  });

  it('signs and verifies', () => {
    const value = newWebhookSecret();
    expect(verifySignature(signatureHeader(value, body, t), body, value, t)).toBe(true);
  });
});
