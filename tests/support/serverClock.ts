import { expect, type APIRequestContext } from '@playwright/test';

/** When an access token expires (its `exp` claim), in epoch milliseconds. */
function expiryOf(accessToken: string): number {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
  if (typeof payload.exp !== 'number') throw new Error('The access token carries no exp claim');
  return payload.exp * 1000;
}

/**
 * Moves the e2e server's token clock just past the expiry of `accessToken`, instead of waiting
 * for it (scripts/e2e-server.ts sets TEST_TOKEN_CLOCK; server/http/tokenClockControl.ts). From
 * then on the server answers the token with 401 invalid_or_expired_access_token, as it would
 * once its lifetime had passed; every token issued before it ages alike. Only the clock tokens
 * are issued and checked by moves: credits, calls and the page's own clock are untouched.
 */
export async function expireAccessToken(request: APIRequestContext, accessToken: string): Promise<void> {
  const moved = await request.post('/dev/token-clock', { data: { to: expiryOf(accessToken) + 1_000 } });
  expect(moved.status(), await moved.text()).toBe(200);
}
