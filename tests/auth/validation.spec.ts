import { expect, test, type Page } from '@playwright/test';

async function typeAndLeave(page: Page, label: string, value: string, exact = false) {
  const field = page.getByLabel(label, { exact });
  await field.fill(value);
  await field.blur();
}

test('login form: required, e-mail format and length messages', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByText('Enter your username and password')).toBeVisible();
  await typeAndLeave(page, 'Email', 'not-an-email');
  await expect(page.getByText('Wrong email format')).toBeVisible();
  await typeAndLeave(page, 'Password', 'abc');
  await expect(page.getByText('Minimum field length 5')).toBeVisible();
  await typeAndLeave(page, 'Password', '');
  await expect(page.getByText('Required field')).toBeVisible();
  await typeAndLeave(page, 'Password', 'x'.repeat(51));
  await expect(page.getByText('Maximum field length 50')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('link', { name: 'Sign Up!' })).toBeVisible();
});

test('registration form: every rule of spec §5 and the disabled submit', async ({ page }) => {
  await page.goto('/auth/registration?rel=ty&src=newsletter&sscid=abc');
  await expect(page.getByText('Already have an account?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In!' })).toBeVisible();
  await typeAndLeave(page, 'Full Name', 'Al');
  await expect(page.getByText('Minimum field length 3')).toBeVisible();
  await typeAndLeave(page, 'Email', 'nope@');
  await expect(page.getByText('Wrong email format')).toBeVisible();
  await typeAndLeave(page, 'Phone Number', '12');
  await expect(page.getByText('Wrong phone number format')).toBeVisible();
  await typeAndLeave(page, 'Password', 'secret-password', true);
  await typeAndLeave(page, 'Confirm Password', 'other-password');
  await expect(page.getByText("Password and Confirm Password didn't match")).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('checkbox').uncheck();
  await expect(page.getByText('Accepting terms & conditions is required.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('forgot and new password forms: messages and disabled submit', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await expect(page.getByText('Enter your email to reset your password.')).toBeVisible();
  const send = page.getByRole('button', { name: /submit|send|reset/i });
  await expect(send).toBeDisabled();
  await typeAndLeave(page, 'Email', 'wrong');
  await expect(page.getByText('Wrong email format')).toBeVisible();
  await expect(send).toBeDisabled();

  await page.goto('/reset/some-code');
  const save = page.getByRole('button', { name: /submit|save|reset/i });
  await expect(save).toBeDisabled();
  await typeAndLeave(page, 'Password', 'abc', true);
  await expect(page.getByText('Minimum field length 5')).toBeVisible();
  await typeAndLeave(page, 'Password', 'long-enough', true);
  await typeAndLeave(page, 'Confirm Password', 'different');
  await expect(page.getByText("Password and Confirm Password didn't match")).toBeVisible();
});

test('an unknown e-mail on login shows the invalid-login message', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('whatever-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(/The login details? (are|is) incorrect/)).toBeVisible();
});
