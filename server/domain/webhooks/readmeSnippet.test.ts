import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs file, as a client would copy it from the README
import { verifyCallbackSignature } from '../../../docs/webhooks/verifySignature.mjs';
import { newWebhookSecret, signatureHeader } from './webhookSignature.ts';

// Issue 19: the README's few lines of Node that verify a delivery are the file checked here.
const snippet = readFileSync(new URL('../../../docs/webhooks/verifySignature.mjs', import.meta.url), 'utf8');
const verify = verifyCallbackSignature as (header: string, rawBody: string, secret: string) => boolean;

describe("the README's signature check", () => {
  it('is in the README as it is in docs/webhooks/verifySignature.mjs', () => {
    expect(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')).toContain(snippet.trim());
  });

  it('accepts what the worker signs, and nothing changed, re-signed or stale', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ id: 'evt_1', type: 'call.requested', createdAt: new Date().toISOString(), data: { id: 1 } });
    const now = Math.floor(Date.now() / 1000);
    expect(verify(signatureHeader(secret, body, now), body, secret)).toBe(true);
    expect(verify(signatureHeader(secret, body, now), body.replace('evt_1', 'evt_2'), secret)).toBe(false);
    expect(verify(signatureHeader(newWebhookSecret(), body, now), body, secret)).toBe(false);
    expect(verify(signatureHeader(secret, body, now - 3600), body, secret)).toBe(false);
    for (const header of ['', 't=abc,v1=00', `t=${now}`, `t=${now},v1=zz`, `v1=${'0'.repeat(64)}`]) expect(verify(header, body, secret), header).toBe(false);
  });
});
