import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/mailbox.ts';
import { registerVerified, signIn } from '../support/accounts.ts';
import { expireAccessToken } from '../support/serverClock.ts';
import { countRefreshes, storedTokens } from '../support/tokens.ts';

test('an access token that expires mid-session is refreshed once and the page keeps working', async ({ page, request }) => {
  const email = uniqueEmail('expiry');
  await registerVerified(request, { email, password: 'secret-password', fullname: 'Alan Turing' });
  await signIn(page, email, 'secret-password');
  const before = await storedTokens(page);
  expect(before).not.toBeNull();
  const refreshes = countRefreshes(page);

  const asBefore = { headers: { authorization: `Bearer ${before!.accessToken}` } };
  expect((await request.get('/api/user', asBefore)).status()).toBe(200);
  // The token's lifetime passes on the server's token clock (no waiting): the server refuses it.
  await expireAccessToken(request, before!.accessToken);
  const expired = await request.get('/api/user', asBefore);
  expect(expired.status()).toBe(401);
  expect((await expired.json()).error_description).toBe('invalid_or_expired_access_token');

  // The restored session's first calls (profile, metadata, …) all fail with the expired token:
  // exactly one refresh happens and every call is replayed.
  await page.reload();
  await expect(page.getByRole('banner').getByText('Alan', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(refreshes).toBe(1);
  const after = await storedTokens(page);
  expect(after!.refreshToken).not.toBe(before!.refreshToken);

  // Still working: a sign-out after the next expiry refreshes once more and completes, and the
  // server really ends the session: the refresh token of that last refresh no longer works.
  // (The page's own polling may refresh before the sign-out does: the last token issued counts.)
  // Read where the answer passes through the test (the page may have navigated away before
  // its body could be read from the browser).
  const issued: string[] = [];
  await page.route('**/api/oauth2/token', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    if (response.ok()) issued.push(((await response.json()) as { refreshToken: string }).refreshToken);
    await route.fulfill({ response });
  });
  await expireAccessToken(request, after!.accessToken);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await storedTokens(page)).toBeNull();
  const refreshToken = [after!.refreshToken, ...issued].at(-1)!;
  const reused = await request.post('/api/oauth2/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'dashboard' } });
  expect(reused.status(), 'the signed-out session cannot be refreshed').toBeGreaterThanOrEqual(400);
  expect(reused.status()).toBeLessThan(500);
});

test('a revoked refresh token signs the user out to /auth/login', async ({ page, request }) => {
  const email = uniqueEmail('revoked');
  await registerVerified(request, { email, password: 'secret-password', fullname: 'Barbara Liskov' });
  await signIn(page, email, 'secret-password');
  const tokens = await storedTokens(page);

  // The session is revoked elsewhere (e.g. "sign out other sessions"): access and refresh tokens die.
  const revoked = await request.delete('/api/oauth2/token', { headers: { authorization: `Bearer ${tokens!.accessToken}` } });
  expect(revoked.status()).toBe(204);

  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await storedTokens(page)).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('signed-in users are sent away from /auth, anonymous users to /auth/login', async ({ page, request }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/auth\/login$/);

  const email = uniqueEmail('redirects');
  await registerVerified(request, { email, password: 'secret-password', fullname: 'Edsger Dijkstra' });
  await signIn(page, email, 'secret-password');
  await page.goto('/auth/registration');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByText('OOPS! Something went wrong here.')).toBeVisible();
  // spec §2: /index.tsx goes to /dashboard; any /auth path, unknown ones included, goes to / (then /dashboard).
  await page.goto('/index.tsx');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/auth/no-such-page');
  await expect(page).toHaveURL(/\/dashboard$/);
});
