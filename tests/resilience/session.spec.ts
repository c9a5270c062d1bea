import { expect, test } from '@playwright/test';
import { signInDemo } from '../support/dataScreens.ts';
import { expireAccessToken } from '../support/serverClock.ts';
import { storedTokens } from '../support/tokens.ts';
import { collectPageErrors, injectFault, LOADED_TIMEOUT } from '../support/faults.ts';

/**
 * Token refresh under faults (spec §4 Token refresh: if refresh fails, log out). A refresh that
 * got no answer at all is tried once more, so a dropped connection does not end the session; a
 * refresh the server refuses or fails to answer (500) ends it. The access token expires on the
 * server's token clock (tests/support/serverClock.ts).
 */
test('a refresh that got no answer is tried once more; one that fails logs out', async ({ page, request }) => {
  const pageErrors = collectPageErrors(page);
  await signInDemo(page);
  await page.goto('/calls');
  const table = page.getByRole('table', { name: 'Calls History' });
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: LOADED_TIMEOUT });
  const tokenEndpoint = { path: /^\/oauth2\/token$/, method: 'POST' } as const;

  // The connection drops once: the second try refreshes, the screen loads, still signed in.
  const held = await storedTokens(page);
  const dropped = await injectFault(page, 'down', tokenEndpoint, { times: 1 });
  await expireAccessToken(request, held!.accessToken);
  await page.reload();
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: LOADED_TIMEOUT });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page).toHaveURL(/\/calls/);
  expect(dropped.hits(), 'the dropped connection caught the first refresh').toBe(1);
  const after = await storedTokens(page);
  expect(after?.refreshToken, 'a new refresh token from the second try').not.toBe(held!.refreshToken);
  await dropped.remove();

  // The server answers the refresh with 500: the session ends.
  const failing = await injectFault(page, 'error', tokenEndpoint);
  await expireAccessToken(request, after!.accessToken);
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: LOADED_TIMEOUT });
  expect(failing.hits()).toBeGreaterThan(0);
  expect(await storedTokens(page), 'the session is gone').toBeNull();
  await failing.remove();
  pageErrors.expectNone();
});
