import { expect, test, type Page } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

async function balance(page: Page): Promise<number> {
  const text = await page.getByRole('banner').locator('strong').first().textContent();
  return Number(text);
}

async function newClient(page: Page, request: Parameters<typeof registerVerified>[0], prefix: string) {
  const email = uniqueEmail(prefix);
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Billing Client' });
  await signIn(page, email, 'demo-password');
  await expect.poll(() => balance(page)).toBe(20);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
}

async function enterCard(page: Page, number: string) {
  await expect(page.getByTestId('local-processor-note')).toContainText('local test card processor');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

async function chooseOneTime(page: Page) {
  // Controlled by the machine: it stays unchecked until the confirmation.
  await page.getByLabel('Make a one time payment instead').click();
  await page.getByRole('alertdialog', { name: 'Confirm one time payment' }).getByRole('button', { name: 'Yes, I am sure.' }).click();
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
