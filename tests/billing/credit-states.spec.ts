import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { balance, chooseOneTime, enterCard, newClient, runToNextCreditsRefresh, spendCredits } from '../support/billing.ts';

const banner = (page: Page) => page.getByTestId('credit-banner');
const gate = (page: Page) => page.getByTestId('toolbox-gate');

/** The banner's message and its link to /billing (spec §4 Credit banner, §8 Credits). */
async function expectBanner(page: Page, message: string | RegExp, link: string) {
  await expect(banner(page)).toContainText(message, { timeout: 15_000 });
  await expect(banner(page).getByRole('link', { name: link })).toHaveAttribute('href', '/billing');
}

test('a balance crossing each banner rule shows the right banner, followed by the 10 s refresh', async ({ page, request }) => {
  // The page's clock runs on its own, and is run through each refresh interval below.
  await page.clock.install();
  await newClient(page, request, 'banner-rules', { withWidget: true });
  await expect(banner(page)).toHaveCount(0);

  // Each step below is picked up by the credits machine's own refresh, without a reload.
  const spending = await spendCredits(page, { spent: 20, overdraft: 0 });
  await runToNextCreditsRefresh(page);
  await expectBanner(page, "Your widgets are disabled since you don't have any credits.", 'Buy credits');
  expect(await balance(page)).toBe(0);
  await expect(banner(page)).toHaveAttribute('role', 'status');

  spending.set({ spent: 30, overdraft: -50 });
  await runToNextCreditsRefresh(page);
  await expectBanner(page, 'You ran out of your credits. Please, recharge your balance.', 'Buy credits');
  await expect.poll(() => balance(page)).toBe(-10);

  spending.set({ spent: 70, overdraft: -50 });
  await runToNextCreditsRefresh(page);
  await expectBanner(page, 'Your conversion toolbox is disabled due to an unpaid bill.', 'Please, pay your bill to regain access to the conversion toolbox.');
  await expect(banner(page)).toHaveAttribute('role', 'alert');
  await expect.poll(() => balance(page)).toBe(-50);

  spending.set({ spent: 0, overdraft: -50 });
  await runToNextCreditsRefresh(page);
  await expect(banner(page)).toHaveCount(0, { timeout: 15_000 });
  expect(await balance(page)).toBe(20);
});

test('with auto-recharge: running low shows the balance, the overdraft asks to pay the bill', async ({ page, request }) => {
  await newClient(page, request, 'banner-auto', { withWidget: true });
  await page.goto('/billing');
  await page.getByLabel('Credit pack to recharge').selectOption({ label: '20 for $20' });
  await page.getByLabel('Recharge when credits fall below').selectOption('100');
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save and Purchase' }).click();
  await expect(page.getByText("You've successfully purchased credits and configured auto-recharge.")).toBeVisible();
  // 20 + the 20-credit pack, below the threshold of 100: all real, nothing stands in.
  await expect.poll(() => balance(page)).toBe(40);
  await expectBanner(page, 'Your credits are running low: 40 credits.', 'Buy more credits.');
  await expect(banner(page)).toHaveAttribute('role', 'status');

  await spendCredits(page, { spent: 90, overdraft: -50 });
  await page.reload();
  await expectBanner(page, 'Your conversion toolbox is disabled due to an unpaid bill.', 'Pay your bill.');
});

test('the overdraft disables the conversion toolbox and a payment restores it', async ({ page, request }) => {
  await page.clock.install();
  await newClient(page, request, 'toolbox-gate', { withWidget: true });
  await page.goto('/widgets');
  await expect(page.getByRole('heading', { name: 'Your Widgets' })).toBeVisible();

  await spendCredits(page, { spent: 70, overdraft: -50 });
  await runToNextCreditsRefresh(page);
  // The refresh reaches the overdraft while the screen is open: the gate replaces it.
  await expect(gate(page)).toContainText('Your conversion toolbox is disabled due to an unpaid bill.', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Your Widgets' })).toHaveCount(0);
  // One message on the gated screen: the banner, which says the same, steps aside.
  await expect(banner(page)).toHaveCount(0);

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const [entry, path] of [
    ['Websites', '/websites'],
    ['Agents', '/agents'],
  ] as const) {
    await menu.getByRole('link', { name: entry, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(gate(page)).toContainText('Please, pay your bill to regain access to the conversion toolbox.');
    await expect(page.getByRole('heading', { name: `Your ${entry}` })).toHaveCount(0);
  }
  // The wizard and the agent form too, however they are reached.
  for (const path of ['/widgets/manage/general', '/agents/manage']) {
    await page.goto(path);
    await expect(gate(page)).toContainText('Your conversion toolbox is disabled due to an unpaid bill.');
  }
  // Outside the toolbox the screens stay, with the banner.
  await menu.getByRole('link', { name: 'Analytics' }).click();
  await expect(banner(page)).toContainText('Your conversion toolbox is disabled due to an unpaid bill.');
  await expect(gate(page)).toHaveCount(0);

  await menu.getByRole('link', { name: 'Widgets', exact: true }).click();
  await gate(page).getByRole('link', { name: 'Please, pay your bill to regain access to the conversion toolbox.' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await chooseOneTime(page);
  await page.getByLabel('Number of credits').selectOption({ label: '100 for $90' });
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Purchase Credits' }).click();
  await expect(page.getByText("You've successfully bought credits.")).toBeVisible();
  // 20 + 100 real, 70 spent: 50.
  await expect.poll(() => balance(page)).toBe(50);

  await menu.getByRole('link', { name: 'Widgets', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your Widgets' })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
});

test('a 3-D Secure card (4000 0027 6000 3184) asks for authentication and completes the purchase', async ({ page, request }) => {
  await newClient(page, request, 'billing-3ds');
  await page.goto('/billing');
  await chooseOneTime(page);
  await page.getByLabel('Number of credits').selectOption({ label: '50 for $47.50' });
  await enterCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Purchase Credits' }).click();
  const challenge = page.getByRole('alertdialog', { name: '3-D Secure authentication' });
  await expect(challenge).toContainText('no real card is charged');
  await expectAccessible(page, 'the 3-D Secure challenge');
  // Nothing is charged while the bank waits for the answer.
  expect(await balance(page)).toBe(20);
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText("You've successfully bought credits.")).toBeVisible();
  await expect(challenge).toHaveCount(0);
  await expect.poll(() => balance(page)).toBe(70);
  await page.goto('/payments');
  await expect(page.getByRole('link', { name: /receipt/i }).first()).toBeVisible();
});

test('a 3-D Secure authentication that fails charges nothing', async ({ page, request }) => {
  await newClient(page, request, 'billing-3ds-failed');
  await page.goto('/billing');
  await chooseOneTime(page);
  await enterCard(page, '4000002760003184');
  await page.getByRole('button', { name: 'Purchase Credits' }).click();
  await page.getByRole('alertdialog', { name: '3-D Secure authentication' }).getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('alert')).toContainText(/authenticat/i);
  expect(await balance(page)).toBe(20);
});
