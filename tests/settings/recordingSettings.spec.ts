import { expect, test } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

test('call recordings: 90 days by default, a bad number explained, a new period saved across a reload', async ({ page, request }) => {
  const email = uniqueEmail('recordings');
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Grace Hopper' });
  await signIn(page, email, 'demo-password');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Call recordings' });
  const days = card.getByLabel('Days to keep recordings');
  const save = card.getByRole('button', { name: 'Save' });
  await expect(days).toHaveValue('90');
  await expect(save).toBeDisabled();

  await days.fill('3651');
  await days.blur();
  await expect(card.getByText('Days to keep recordings is not valid.')).toBeVisible();
  await expect(save).toBeDisabled();
  await days.fill('');
  await expect(card.getByText('Days to keep recordings is required.')).toBeVisible();
  await days.fill('30');
  await save.click();
  await expect(page.getByText('The call recording settings have been saved.')).toBeVisible();

  await page.reload();
  await expect(days).toHaveValue('30');
});
