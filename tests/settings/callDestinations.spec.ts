import { expect, test } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

test('call destinations: the own country by default, countries added and removed, saved across a reload', async ({ page, request }) => {
  const email = uniqueEmail('destinations');
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Hedy Lamarr' });
  await signIn(page, email, 'demo-password');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Call Destinations' });
  const called = card.getByRole('list', { name: 'Countries called' });
  const save = card.getByRole('button', { name: 'Save' });
  // The account's phone number is American: the United States, named by Intl.DisplayNames.
  await expect(called.getByRole('listitem')).toHaveText(['United States (your country)×']);
  await expect(save).toBeDisabled();

  await card.getByLabel('Add a country').selectOption({ label: 'United Kingdom' });
  await card.getByLabel('Add a country').selectOption({ label: 'Canada' });
  await expect(called.getByRole('listitem')).toHaveCount(3);
  await card.getByRole('button', { name: 'Remove Canada' }).click();
  await save.click();
  await expect(page.getByText('The call destinations are saved.')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(called.getByRole('listitem')).toHaveText(['United Kingdom×', 'United States (your country)×']);
  // Nothing to save without a country.
  await card.getByRole('button', { name: 'Remove United Kingdom' }).click();
  await card.getByRole('button', { name: 'Remove United States' }).click();
  await expect(card.getByText('Choose at least one country.')).toBeVisible();
  await expect(save).toBeDisabled();
  await card.getByRole('button', { name: 'Reset' }).click();
  await expect(called.getByRole('listitem')).toHaveCount(2);
});
