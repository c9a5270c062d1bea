import { expect, test } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { linkFromMailbox, uniqueEmail } from '../support/mailbox.ts';

test('account details save, and bad input shows the spec message', async ({ page, request }) => {
  const email = uniqueEmail('settings');
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Grace Hopper' });
  await signIn(page, email, 'demo-password');
  await page.goto('/settings');
  const details = page.getByRole('region', { name: 'Account Details' });
  const save = details.getByRole('button', { name: 'Save' });
  await expect(details.getByLabel('Full Name')).toHaveValue('Grace Hopper');
  await expect(save).toBeDisabled();

  await details.getByLabel('Full Name').fill('Gr');
  await details.getByLabel('Full Name').blur();
  await expect(details.getByText('Minimum field length 3')).toBeVisible();
  await expect(save).toBeDisabled();

  await details.getByLabel('Full Name').fill('Admiral Grace');
  await details.getByRole('searchbox', { name: 'Search time zones' }).fill('tokyo');
  await details.getByRole('combobox').selectOption('Asia/Tokyo');
  await save.click();
  await expect(page.getByText("You've successfully updated your data.")).toBeVisible();
  await expect(page.getByRole('banner').getByText('Admiral', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText('UTC+9:00')).toBeVisible();
  await expect(save).toBeDisabled();
});

test('password change rejects a mismatch, then changes the password', async ({ page, request }) => {
  const email = uniqueEmail('settings-pw');
  await registerVerified(request, { email, password: 'old-password', fullname: 'Alan Turing' });
  await signIn(page, email, 'old-password');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Change Password' });
  await card.getByLabel('Current Password').fill('old-password');
  await card.getByLabel('New Password').fill('new-password');
  await card.getByLabel('Confirm Password').fill('other-password');
  await card.getByLabel('Confirm Password').blur();
  await expect(card.getByText("Password and Confirm Password didn't match")).toBeVisible();
  await card.getByLabel('Confirm Password').fill('new-password');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(card.getByLabel('Current Password')).toHaveValue('');
});

test('wrong current password says the login detail is incorrect', async ({ page, request }) => {
  const email = uniqueEmail('settings-pw2');
  await registerVerified(request, { email, password: 'old-password', fullname: 'Ada Lovelace' });
  await signIn(page, email, 'old-password');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Change Password' });
  await card.getByLabel('Current Password').fill('wrong-password');
  await card.getByLabel('New Password').fill('new-password');
  await card.getByLabel('Confirm Password').fill('new-password');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The login detail is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
});

test('change of e-mail needs the password, shows the helper and completes through the mailbox link', async ({ page, request }) => {
  const email = uniqueEmail('settings-mail');
  const next = uniqueEmail('settings-new');
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Edsger Dijkstra' });
  await signIn(page, email, 'demo-password');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Change Email' });
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await card.getByLabel('Email').fill('not-an-email');
  await card.getByLabel('Email').blur();
  await expect(card.getByText('Wrong email format')).toBeVisible();
  await card.getByLabel('Email').fill(next);
  // Without the current password the form is invalid: Save stays disabled (spec §4 Settings).
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await card.getByLabel('Current Password').fill('wrong-password');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The login detail is incorrect')).toBeVisible();
  await card.getByLabel('Current Password').fill('demo-password');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email verification link has been sent.')).toBeVisible();
  await expect(card.getByLabel('Current Password')).toHaveValue('');
  await expect(card.getByText('Link has been sent to your email address.')).toBeVisible();
  await expect(card.getByText('Link has been sent to your email address.')).toBeHidden({ timeout: 8_000 });

  const link = await linkFromMailbox(request, next);
  await page.goto(link);
  await expect(page).toHaveURL(/\/(auth\/login|dashboard)$/, { timeout: 10_000 });
  await page.goto('/logout');
  await signIn(page, next, 'demo-password');
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Change Email' }).getByLabel('Email')).toHaveValue(next);
});

test('twilio number shows state code, state and area code and saves', async ({ page, request }) => {
  const email = uniqueEmail('settings-twilio');
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Barbara Liskov' });
  await signIn(page, email, 'demo-password');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Change Twilio Number' });
  const select = card.getByRole('combobox');
  const options = await select.locator('option').allTextContents();
  expect(options.slice(1).every((text) => /^\+\d+ — [A-Z]{2}, .+ \(\d{3}\)$/.test(text))).toBe(true);
  const current = await select.inputValue();
  const values = await select.locator('option').evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
  const other = values.find((value) => value && value !== current) ?? '';
  await select.selectOption(other);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your twilio number has been changed.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
});
