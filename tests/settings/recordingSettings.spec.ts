import { expect, test } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

test('call recordings: 90 days by default, a bad number explained, a shorter period confirmed, saved across a reload', async ({ page, request }) => {
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
  // A shorter period deletes recordings: asked first, and Cancel saves nothing.
  await days.fill('30');
  await save.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete older recordings?' });
  await expect(confirm).toContainText('Recordings of calls older than 30 days will be deleted within the hour');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(days).toHaveValue('30');
  await save.click();
  await page.getByRole('alertdialog', { name: 'Delete older recordings?' }).getByRole('button', { name: 'Yes, I am sure.' }).click();
  await expect(page.getByText('The call recording settings have been saved.')).toBeVisible();

  await page.reload();
  await expect(days).toHaveValue('30');

  // A longer one deletes nothing: saved at once.
  await days.fill('120');
  await save.click();
  await expect(page.getByText('The call recording settings have been saved.').first()).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
