import { describe, expect, it } from 'vitest';
import { AccessTokens } from './accessTokens.ts';

const KEY = new Uint8Array(32).fill(7);

describe('AccessTokens (issue 17: verified tokens remembered until they expire)', () => {
  it('answers the claims of a token verified before until the second it expires, and null from then on', async () => {
    let now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const tokens = new AccessTokens(KEY, 300, { now: () => now });
    const token = await tokens.sign({ userId: 42, sessionId: 'session-a' });
    expect(await tokens.verify(token)).toEqual({ userId: 42, sessionId: 'session-a' });
    now += 299_999;
    expect(await tokens.verify(token)).toEqual({ userId: 42, sessionId: 'session-a' });
    now += 1;
    expect(await tokens.verify(token)).toBeNull();
  });

  it('remembers nothing for a token that does not verify: another key, or a changed signature', async () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const tokens = new AccessTokens(KEY, 300, { now: () => now });
    const stranger = await new AccessTokens(new Uint8Array(32).fill(8), 300, { now: () => now }).sign({ userId: 1, sessionId: 's' });
    expect(await tokens.verify(stranger)).toBeNull();
    expect(await tokens.verify(stranger)).toBeNull();
    const token = await tokens.sign({ userId: 1, sessionId: 's' });
    expect(await tokens.verify(token)).not.toBeNull();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(tampered)).toBeNull();
  });
});
