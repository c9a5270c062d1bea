import { expect, test, type Page } from '@playwright/test';
import type { components } from '../../common/contract/dashboard.gen.ts';
import { expectAccessible, expectNoSidewaysScroll, settled } from '../support/accessibility.ts';
import { newClient, runToNextCreditsRefresh } from '../support/billing.ts';
import { signInDemo } from '../support/dataScreens.ts';

type CreditForecast = components['schemas']['CreditForecast'];

const banner = (page: Page) => page.getByTestId('credit-banner');
const forecast = (page: Page) => page.getByTestId('credit-forecast');

/**
 * A ledger with 30 days of calls cannot be written by a browser test (calls are placed by the
 * call simulator, in real time; tests/support/billing.ts spendCredits says why), and the server's
 * forecast over such a ledger is tested on both databases (server/domain/credits, server/handlers
 * creditForecast.test.ts). So, as spendCredits does for the balance, this stands in for the
 * forecast on the wire only: every answer of the real GET /client/credits is passed on with
 * `forecast` replaced. The rest of the answer stays real.
 */
async function standInForecast(page: Page, initial: CreditForecast) {
  let current = initial;
  await page.route('**/api/client/credits', async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    await route.fulfill({ response, json: { ...(await response.json()), forecast: current } });
  });
  return { set: (next: CreditForecast) => void (current = next) };
}

test('the server\'s own forecasts: not enough history for a new client, auto-recharge for the demo account', async ({ page, request }) => {
  await newClient(page, request, 'forecast-new');
  await page.goto('/billing');
  await settled(page, 'Billing');
  await expect(forecast(page)).toHaveText('There is not enough spending history yet to forecast when your credits run out.');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  // The demo account (server/demo) spends every day, with auto-recharge set up 60 days ago.
  await signInDemo(page);
  await page.goto('/billing');
  await settled(page, 'Billing');
  await expect(forecast(page)).toHaveText('With auto-recharge on, your credits will not run out.');
});

test('Billing names the run-out day; within 3 days the banner warns too, in the reader\'s language, at 360 px', async ({ page, request }) => {
  // The page's clock runs on its own: the credits refresh is run through, never waited for.
  await page.clock.install();
  const standIn = await standInForecast(page, { state: 'runsOutOn', runsOutOn: '2031-04-04', daysLeft: 25, creditsPerDay: 2 });
  await newClient(page, request, 'forecast-days', { withWidget: true });
  await page.goto('/billing');
  await settled(page, 'Billing');
  await expect(forecast(page)).toHaveText("At the last 30 days' pace, your credits last until April 4, 2031.");
  await expect(banner(page)).toHaveCount(0);

  standIn.set({ state: 'runsOutOn', runsOutOn: '2031-03-12', daysLeft: 2.5, creditsPerDay: 8 });
  await runToNextCreditsRefresh(page);
  await expect(banner(page)).toContainText("At the last 30 days' pace, your credits run out on March 12, 2031.");
  await expect(banner(page).getByRole('link', { name: 'Buy credits or turn on auto-recharge.' })).toHaveAttribute('href', '/billing');
  await expect(banner(page)).toHaveAttribute('role', 'status');
  await expect(forecast(page)).toHaveText("At the last 30 days' pace, your credits last until March 12, 2031.");
  await expectAccessible(page, 'Billing with the run-out warning');

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(banner(page)).toBeVisible();
  await expect(forecast(page)).toBeVisible();
  await expectNoSidewaysScroll(page, 'Billing with the run-out warning at 360 px');
  await expectAccessible(page, 'Billing with the run-out warning at 360 px');

  // The day in the reader's language (the language choice is kept in local storage).
  await page.evaluate(() => localStorage.setItem('dashboard.language', 'de'));
  await page.reload();
  await expect(banner(page)).toContainText('Beim Verbrauch der letzten 30 Tage ist Ihr Guthaben am 12. März 2031 aufgebraucht.');
  await expect(forecast(page)).toHaveText('Beim Verbrauch der letzten 30 Tage reicht Ihr Guthaben bis zum 12. März 2031.');
  await page.evaluate(() => localStorage.setItem('dashboard.language', 'en'));

  // Out of the warning window again (credits bought): the banner goes with the next refresh.
  standIn.set({ state: 'runsOutOn', runsOutOn: '2031-05-01', daysLeft: 52, creditsPerDay: 8 });
  await runToNextCreditsRefresh(page);
  await expect(banner(page)).toHaveCount(0);
});
