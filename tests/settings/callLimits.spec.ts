import { expect, test } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

test('call request limits: the defaults shown, a bad number explained, a change saved across a reload', async ({ page, request }) => {
  const email = uniqueEmail('call-limits');
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Grace Hopper' });
  await signIn(page, email, 'demo-password');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Call Request Limits' });
  const perWidget = card.getByLabel('Requests per widget in 10 minutes');
  const perAccount = card.getByLabel('Requests for all widgets in an hour');
  const save = card.getByRole('button', { name: 'Save' });
  await expect(perWidget).toHaveValue('10');
  await expect(perAccount).toHaveValue('30');
  await expect(save).toBeDisabled();

  await perWidget.fill('0');
  await perWidget.blur();
  await expect(card.getByText('Requests per widget in 10 minutes is not valid.')).toBeVisible();
  await perWidget.fill('40');
  await expect(card.getByText('Lower than "Requests for all widgets in an hour"')).toBeVisible();
  await expect(save).toBeDisabled();
  await perWidget.fill('4');
  await perAccount.fill('12');
  await save.click();
  await expect(page.getByText('The call request limits have been saved.')).toBeVisible();

  await page.reload();
  await expect(perWidget).toHaveValue('4');
  await expect(perAccount).toHaveValue('12');
});
