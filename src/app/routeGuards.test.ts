import { describe, expect, it } from 'vitest';
import { unknownPathTarget } from './routeGuards.ts';

describe('unknownPathTarget (spec §2 routes)', () => {
  it('sends anonymous users to /auth/login from any unknown path', () => {
    for (const path of ['/no/such/page', '/index.tsx', '/auth/no-such-page']) expect(unknownPathTarget(path, false)).toBe('/auth/login');
  });

  it('sends a signed-in user from /index.tsx to /dashboard, from any /auth path to /, elsewhere to /error', () => {
    expect(unknownPathTarget('/index.tsx', true)).toBe('/dashboard');
    expect(unknownPathTarget('/auth/no-such-page', true)).toBe('/');
    expect(unknownPathTarget('/auth', true)).toBe('/');
    expect(unknownPathTarget('/authors', true)).toBe('/error');
    expect(unknownPathTarget('/no/such/page', true)).toBe('/error');
  });
});
