import { expect, test } from '@playwright/test';
import { signInDemo } from '../support/dataScreens.ts';
import { expireAccessToken } from '../support/serverClock.ts';
import { storedTokens } from '../support/tokens.ts';
import { collectPageErrors, expectShell, injectFault, LOADED_TIMEOUT } from '../support/faults.ts';

/**
 * Token refresh under faults (spec §4 Token refresh; issue 8, Resilience). A refresh the server
 * refuses ends the session; a refresh the server could not answer (down, 500) must not: the
 * screen shows its error, the session stays, and the next expired answer refreshes once the
 * server is back. The access token expires on the server's token clock (tests/support/serverClock.ts).
 */
test('a refresh that meets a down or failing server keeps the session, and refreshes once the server is back', async ({ page, request }) => {
  const pageErrors = collectPageErrors(page);
  await signInDemo(page);
  await page.goto('/calls');
  const table = page.getByRole('table', { name: 'Calls History' });
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: LOADED_TIMEOUT });
  let held = await storedTokens(page);

  const tokenEndpoint = { path: /^\/oauth2\/token$/, method: 'POST' } as const;
  for (const kind of ['error', 'down'] as const) {
    const fault = await injectFault(page, kind, tokenEndpoint);
    // No refresh can succeed from here on: these are the tokens the session must keep.
    held = await storedTokens(page);
    expect(held).not.toBeNull();
    // A reload after the access token expired: the user reload and the startup fetches meet a
    // 401, and the refresh they ask for meets the fault: spec §2 "Failed to start application"
    // with a retry, in the shell, still signed in.
    await expireAccessToken(request, held!.accessToken);
    await page.reload();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Failed to start application');
    expect(fault.hits(), `the ${kind} fault caught the refresh`).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/calls/);
    await expectShell(page);
    expect(await storedTokens(page), 'the session is kept').toEqual(held);
    await fault.remove();
  }

  // The server is back: the retry refreshes the token, the application starts, the calls load.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: LOADED_TIMEOUT });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page).toHaveURL(/\/calls/);
  const after = await storedTokens(page);
  expect(after?.refreshToken, 'a new refresh token from the refresh').not.toBe(held!.refreshToken);
  pageErrors.expectNone();
});
