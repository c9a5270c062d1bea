import { expect, test } from '@playwright/test';
import { linkFromMailbox, uniqueEmail } from '../support/mailbox.ts';
import { registerVerified } from '../support/accounts.ts';

test('forgot password → e-mail → new password → sign in with it', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await registerVerified(request, { email, password: 'old-password', fullname: 'Katherine Johnson' });

  await page.goto('/auth/login');
  await page.getByRole('link', { name: /Forgot/ }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByText('Forgotten Password ?')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /submit|send|reset/i }).click();
  await expect(page.getByText("We're sending an email to this address for creating a new password.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 10_000 });

  const link = await linkFromMailbox(request, email, /password/i);
  expect(link).toMatch(/^\/reset\/[\w-]+$/);
  await page.goto(link);
  await expect(page.getByText('New Password ?')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('new-password');
  await page.getByLabel('Confirm Password').fill('new-password');
  await page.getByRole('button', { name: /submit|save|reset/i }).click();
  await expect(page.getByText('Your account has been successfully reset.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 10_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('old-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(/The login details? (are|is) incorrect/)).toBeVisible();

  await page.getByLabel('Password').fill('new-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText('Katherine', { exact: true })).toBeVisible();

  // The reset link is single-use.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill('third-password');
  await page.getByLabel('Confirm Password').fill('third-password');
  await page.getByRole('button', { name: /submit|save|reset/i }).click();
  await expect(page.getByText(/not found/i)).toBeVisible();
});
