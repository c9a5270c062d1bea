import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkFromMailbox } from './mailbox.ts';

type NewAccount = { email: string; password: string; fullname: string; timezone?: string };

let signUps = 0;

/**
 * Sign-ups are limited to 5 an hour per client address (server/domain/users/registration.ts),
 * and a run signs up more accounts than that. The e2e server trusts the loopback proxy
 * (scripts/e2e-server.ts), so each API sign-up says it comes from an address of its own.
 */
export function ownClientAddress(): Record<string, string> {
  signUps += 1;
  return { 'x-forwarded-for': `198.18.${process.pid % 250}.${signUps % 250}` };
}

/** Registers through the API and confirms the e-mail with the link from the outbox. */
export async function registerVerified(request: APIRequestContext, account: NewAccount): Promise<void> {
  const registered = await request.post('/api/user/register', {
    headers: ownClientAddress(),
    data: { phone: '+12015550123', timezone: 'UTC', captchaToken: 'e2e', ...account },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = await linkFromMailbox(request, account.email);
  const token = link.split('/verify/')[1]!.split('?')[0]!;
  const verified = await request.post(`/api/user/verify-email/${token}`, { data: { client_id: 'dashboard' } });
  expect(verified.status(), await verified.text()).toBe(200);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
