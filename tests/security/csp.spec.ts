import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/accounts.ts';

/**
 * The SPA under the server's Content-Security-Policy (server/http/security.ts): the demo
 * account's screens, the billing form and the widget wizard with its live preview (an
 * about:blank frame that inherits the policy) run without a single violation.
 */

const DEMO = { email: 'demo@example.com', password: 'demo-password' };

/** Violations reported by the browser, from DOM events and from the console (frames included). */
function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load ${event.blockedURI} (${event.violatedDirective}): Content Security Policy`);
    });
  });
  return violations;
}

test('signed out and in, the dashboard runs under its Content-Security-Policy without violations', async ({ page, request }) => {
  const violations = recordViolations(page);
  const document = await page.goto('/auth/login');
  expect(document!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByTestId('analytics-chart')).toBeVisible();

  await page.goto('/calls');
  await expect(page.getByRole('table')).toBeVisible();
  await page.goto('/billing');
  // The payment form with the card fields (the demo account has a card on file).
  await page.getByRole('button', { name: 'Change payment settings' }).click();
  await page.getByRole('button', { name: 'Use another card' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();

  // The wizard's Design step draws the real widget in its preview frame.
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: DEMO.email, password: DEMO.password, client_id: 'dashboard' },
  });
  const { accessToken } = (await token.json()) as { accessToken: string };
  const widgets = await request.get('/api/client/widgets', { headers: { Authorization: `Bearer ${accessToken}` } });
  const [widget] = ((await widgets.json()) as { data: Array<{ id: number }> }).data;
  expect(widget, 'the demo account has a widget').toBeDefined();
  await page.goto(`/widgets/manage/general/${widget!.id}`);
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  const preview = page.frameLocator('iframe[title="Widget preview"]');
  await expect(preview.locator('.box form .button')).toBeVisible();

  expect(violations).toEqual([]);
});

test('another site cannot frame the dashboard', async ({ page }) => {
  const response = await page.request.get('/auth/login', { headers: { accept: 'text/html' } });
  expect(response.headers()['x-frame-options']).toBe('DENY');
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});
