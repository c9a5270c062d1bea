import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, DEMO, signInDemo, todayIn } from '../support/dataScreens.ts';

/** The JavaScript a page downloads, as text. */
function collectScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') bodies.push(await response.text().catch(() => ''));
  });
  return bodies;
}

const usesDatepicker = (body: string) => body.includes('react-datepicker__');
const usesNivo = (body: string) => body.includes('nivo');

test('the chart and date picker libraries load only on the screens that use them', async ({ page, context }) => {
  const signInScripts = collectScripts(page);
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(signInScripts.length).toBeGreaterThan(0);
  expect(signInScripts.some(usesDatepicker)).toBe(false);
  expect(signInScripts.some(usesNivo)).toBe(false);

  await signInDemo(page);
  const payments = await context.newPage();
  const paymentScripts = collectScripts(payments);
  await payments.goto('/payments');
  await expect(payments.getByRole('table', { name: 'Payment History' })).toHaveAttribute('aria-busy', 'false');
  // The picker loads a moment after the screen has painted (src/ui/DateRangeFilter.tsx).
  await expect(payments.locator('.react-datepicker-wrapper').first()).toBeAttached();
  await payments.waitForLoadState('networkidle');
  expect(paymentScripts.some(usesDatepicker)).toBe(true);
  expect(paymentScripts.some(usesNivo)).toBe(false);
});

for (const [path, heading] of [
  ['/dashboard', 'Analytics'],
  ['/calls', 'Calls History'],
  [`/upcoming-calls?dateTo=${addDays(todayIn(DEMO.timeZone), 7)}`, 'Upcoming Calls'],
  ['/payments', 'Payment History'],
] as const) {
  for (const width of [1440, 360]) {
    test(`${heading} at ${width} px: no accessibility violations, nothing wider than the screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInDemo(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
      // The screen's own parts (the shell has its own tests).
      const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
      // Long tables scroll inside their own region (wide screens) or become cards (phones): the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
