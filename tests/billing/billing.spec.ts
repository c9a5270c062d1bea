import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, balance, chooseOneTime, enterCard, newClient as signedInClient } from '../support/billing.ts';

async function newClient(page: Page, request: APIRequestContext, prefix: string) {
  const account = await signedInClient(page, request, prefix);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  return account;
}

test('one-time purchase with 4242 raises the balance by the pack', async ({ page, request }) => {
  await newClient(page, request, 'billing-once');
  await chooseOneTime(page);
  await page.getByLabel('Number of credits').selectOption({ label: '50 for $47.50' });
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Purchase Credits' }).click();
  await expect(page.getByText("You've successfully bought credits.")).toBeVisible();
  await expect.poll(() => balance(page)).toBe(70);
  await page.goto('/payments');
  await expect(page.getByRole('link', { name: /receipt/i }).first()).toBeVisible();
});

test("a declined card shows the processor's message and charges nothing", async ({ page, request }) => {
  await newClient(page, request, 'billing-declined');
  await chooseOneTime(page);
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Purchase Credits' }).click();
  await expect(page.getByRole('alert')).toContainText(/declined/i);
  expect(await balance(page)).toBe(20);
});

test('sets up, changes and cancels auto-recharge', async ({ page, request }) => {
  await newClient(page, request, 'billing-auto');
  await expect(page.getByLabel('Credit pack to recharge')).toHaveValue('3');
  await expect(page.getByLabel('Recharge when credits fall below')).toHaveValue('20');
  await enterCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Save and Purchase' }).click();
  await expect(page.getByText("You've successfully purchased credits and configured auto-recharge.")).toBeVisible();
  const summary = page.getByTestId('auto-recharge-summary');
  await expect(summary).toContainText('100 for $90');
  await expect.poll(() => balance(page)).toBe(120);

  await summary.getByRole('button', { name: 'Change payment settings' }).click();
  await page.getByLabel('Recharge when credits fall below').selectOption('50');
  await page.getByRole('button', { name: 'Update Payment Settings' }).click();
  await expect(page.getByText("You've successfully updated auto-recharge.")).toBeVisible();
  await expect(summary).toContainText('50 credits');
  expect(await balance(page)).toBe(120);

  await summary.getByRole('button', { name: 'Cancel recurring charges' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel recurring charges' }).getByRole('button', { name: 'Yes, I am sure.' }).click();
  await expect(page.getByRole('button', { name: 'Save and Purchase' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Save and Purchase' })).toBeVisible();
});

test('the billing screen follows auto-recharge changed elsewhere, and shows the credits spent this month', async ({ page, request }) => {
  const account = await newClient(page, request, 'billing-follow');
  await expect(page.getByText('Credits spent this month: 0')).toBeVisible();
  await enterCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Save and Purchase' }).click();
  const summary = page.getByTestId('auto-recharge-summary');
  await expect(summary).toContainText('100 for $90 whenever your balance falls below 20 credits');

  // Another session changes the setting: the 10 s refresh brings it to this screen.
  const [card] = ((await apiAs(request, account, 'GET', '/client/payment-methods')) as { data: { paymentMethodId: string }[] }).data;
  await apiAs(request, account, 'POST', '/client/auto-recharge', { packId: 4, criticalCredits: 50, paymentMethodId: card!.paymentMethodId });
  await expect(summary).toContainText('250 for $212.50 whenever your balance falls below 50 credits', { timeout: 15_000 });

  // …and cancels it: the summary gives way to the payment form.
  await apiAs(request, account, 'DELETE', '/client/auto-recharge');
  await expect(page.getByRole('button', { name: 'Save and Purchase' })).toBeVisible({ timeout: 15_000 });
  await expect(summary).toHaveCount(0);
});
