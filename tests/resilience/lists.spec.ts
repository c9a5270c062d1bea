import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInDemo } from '../support/dataScreens.ts';
import { closeToasts, collectPageErrors, expectShell, injectFault, LOADED_TIMEOUT, toast, type FaultTarget } from '../support/faults.ts';

/**
 * The list screens with their API down, answering 500 or slow (issue 8, Resilience): the
 * spec's "Failed to get …" notice (§8), the shell still there, a retry that loads the data once
 * the server is back, and a loading state while it is slow.
 */
interface Screen {
  name: string;
  path: string;
  api: FaultTarget;
  failed: string;
  /** The screen's data region: busy while loading, not busy once the answer is shown. */
  data(page: Page): Locator;
}

const screens: Screen[] = [
  {
    name: 'Calls History',
    path: '/calls',
    api: { path: /^\/client\/calls$/, method: 'GET' },
    failed: 'Failed to get calls.',
    data: (page) => page.getByRole('table', { name: 'Calls History' }),
  },
  {
    name: 'Analytics',
    path: '/dashboard',
    api: { path: /^\/client\/analytics$/, method: 'GET' },
    failed: 'Failed to get analytics data.',
    data: (page) => page.getByRole('main').locator('[aria-busy]').first(),
  },
  {
    name: 'Upcoming Calls',
    path: '/upcoming-calls',
    api: { path: /^\/client\/scheduled-calls$/, method: 'GET' },
    failed: 'Failed to get upcoming calls.',
    data: (page) => page.getByRole('table', { name: 'Upcoming Calls' }),
  },
  {
    name: 'Payment History',
    path: '/payments',
    api: { path: /^\/client\/payments$/, method: 'GET' },
    failed: 'Failed to get payment data.',
    data: (page) => page.getByRole('table', { name: 'Payment History' }),
  },
];

for (const screen of screens) {
  test(`${screen.name}: down and 500 show the notice and recover on retry; slow shows loading, then the data`, async ({ page }) => {
    const pageErrors = collectPageErrors(page);
    await signInDemo(page);

    for (const kind of ['error', 'down'] as const) {
      const fault = await injectFault(page, kind, screen.api);
      await page.goto(screen.path);
      await expect(toast(page, screen.failed)).toBeVisible();
      await expectShell(page);
      const retry = page.getByRole('button', { name: 'Try again' });
      await expect(retry).toBeVisible();
      expect(fault.hits()).toBeGreaterThan(0);
      await closeToasts(page);

      await fault.remove();
      await retry.click();
      await expect(screen.data(page)).toHaveAttribute('aria-busy', 'false', { timeout: LOADED_TIMEOUT });
      await expect(retry).toBeHidden();
    }

    const slow = await injectFault(page, 'slow', screen.api);
    await page.goto(screen.path);
    await expect(screen.data(page)).toHaveAttribute('aria-busy', 'true');
    await expectShell(page);
    await expect(screen.data(page)).toHaveAttribute('aria-busy', 'false', { timeout: LOADED_TIMEOUT });
    expect(slow.hits()).toBeGreaterThan(0);
    await expect(toast(page, screen.failed)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeHidden();
    pageErrors.expectNone();
  });
}
