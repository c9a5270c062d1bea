import { expect, test } from '@playwright/test';
import { linkFromMailbox, mailboxKey, uniqueEmail } from '../support/mailbox.ts';
import { ownClientAddress } from '../support/accounts.ts';

test('a new client registers, confirms the e-mail, signs in and sees the shell', async ({ page, request }) => {
  const email = uniqueEmail('signup');
  // spec §4 Register: rel picks the thank-you page, which reports its own conversion event.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __conversions: string[] }).__conversions = seen;
    window.addEventListener('dashboard:sign-up-conversion', (event) => seen.push((event as CustomEvent<{ page: string }>).detail.page));
  });
  await page.goto('/auth/registration?rel=ty2');
  await expect(page.getByText('Enter your details to create your account')).toBeVisible();
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Phone Number').fill('2015550123');
  await page.getByLabel('Password', { exact: true }).fill('secret-password');
  await page.getByLabel('Confirm Password').fill('secret-password');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByText('A sign up verification email was sent to your address!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/thank-you\?rel=ty2$/);
  expect(await page.evaluate(() => (window as unknown as { __conversions: string[] }).__conversions)).toEqual(['ty2']);

  // An unverified account cannot sign in yet.
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Verify your e-mail address to login')).toBeVisible();
  // The first mail may be lost: the sign-in page sends the link again.
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('A sign up verification email was sent to your address!')).toBeVisible();
  await expect
    .poll(async () => ((await (await request.get(`/dev/mailbox.json?key=${encodeURIComponent(mailboxKey())}`)).json()) as { to: string }[]).filter((m) => m.to === email).length)
    .toBe(2);

  const link = await linkFromMailbox(request, email);
  expect(link).toMatch(/^\/verify\/[\w-]+\?type=account$/);
  await page.goto(link);
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 10_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const topBar = page.getByRole('banner');
  await expect(topBar.getByText('Ada', { exact: true })).toBeVisible();
  const offset = await page.evaluate(() => {
    const minutes = -new Date().getTimezoneOffset();
    const sign = minutes >= 0 ? '+' : '-';
    const abs = Math.abs(minutes);
    return `UTC${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
  });
  await expect(topBar.getByRole('link', { name: new RegExp(offset.replace('+', '\\+')) })).toBeVisible();
  await expect(topBar.getByText(/\b20\b/)).toBeVisible();
});

test('a verification link works only once', async ({ page, request }) => {
  const email = uniqueEmail('once');
  const registered = await request.post('/api/user/register', {
    headers: ownClientAddress(),
    data: { fullname: 'Grace Hopper', email, phone: '+12015550123', password: 'secret-password', timezone: 'UTC', captchaToken: 'local' },
  });
  expect(registered.status()).toBe(201);
  const link = await linkFromMailbox(request, email);
  await page.goto(link);
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Invalid or expired verification code.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 10_000 });
});
