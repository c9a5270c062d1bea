import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { registerVerified, signIn } from './accounts.ts';
import { uniqueEmail } from './mailbox.ts';

export type Account = { email: string; password: string };

/** The balance in the top bar (spec §2 Shell). */
export async function balance(page: Page): Promise<number> {
  const text = await page.getByRole('banner').locator('strong').first().textContent();
  return Number(text);
}

/** Calls the API as the account, signed in afresh (a token held across calls may have been expired on purpose). */
export async function apiAs(request: APIRequestContext, account: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: account.email, password: account.password, client_id: 'dashboard' },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { accessToken } = (await token.json()) as { accessToken: string };
  const answer = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${accessToken}` } });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return answer.status() === 204 ? null : answer.json();
}

/**
 * A new verified client (20 credits from sign-up). With `withWidget`, one widget on one website
 * is created through the API first: the credit banner shows only when widgets exist (spec §4).
 * Then signed in, the balance loaded.
 */
export async function newClient(page: Page, request: APIRequestContext, prefix: string, { withWidget = false } = {}): Promise<Account> {
  const account = { email: uniqueEmail(prefix), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Billing Client' });
  if (withWidget) {
    const website = (await apiAs(request, account, 'POST', '/client/websites', { domain: `${prefix}.example.com` })) as { id: number };
    await apiAs(request, account, 'POST', '/client/widgets', {
      name: 'Exit popup on the shop',
      typeId: 1,
      websiteId: website.id,
      isActive: true,
      notifications: defaultNotifications(),
      settings: defaultWidgetConfiguration('+14155550123'),
    });
  }
  await signIn(page, account.email, 'demo-password');
  await expect.poll(() => balance(page)).toBe(20);
  return account;
}

/**
 * Calls spend credits (one per connected call; the call simulator arrives with issue 7) and an
 * account's overdraft is set by the operator: neither has an API a browser test may drive. So
 * this stands in for both on the wire only: every answer of the real GET /client/credits is
 * passed on with `spent` credits taken off the real balance and the given overdraft. Purchases,
 * auto-recharge and everything else stay real, so a payment moves the balance as it would.
 */
export async function spendCredits(page: Page, initial: { spent: number; overdraft: number }) {
  const state = { ...initial };
  await page.route('**/api/client/credits', async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const record = (await response.json()) as { credits: number; overdraft: number };
    const credits = Math.max(record.credits - state.spent, state.overdraft);
    await route.fulfill({ response, json: { ...record, credits, overdraft: state.overdraft } });
  });
  return {
    set(next: { spent: number; overdraft: number }) {
      Object.assign(state, next);
    },
  };
}

/** spec §9: the credits are fetched again every 10 s (the credits machine, while signed in). */
export const CREDITS_REFRESH_MS = 10_000;

/**
 * Runs the page's clock through one credits refresh interval instead of waiting for it: the
 * credits machine's timer fires and the balance is fetched again, without a reload. The clock
 * must have been installed (`page.clock.install()`) before the page loaded.
 */
export async function runToNextCreditsRefresh(page: Page): Promise<void> {
  await page.clock.runFor(CREDITS_REFRESH_MS);
}

export async function enterCard(page: Page, number: string) {
  await expect(page.getByTestId('local-processor-note')).toContainText('local test card processor');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

export async function chooseOneTime(page: Page) {
  // Controlled by the machine: it stays unchecked until the confirmation.
  await page.getByLabel('Make a one time payment instead').click();
  await page.getByRole('alertdialog', { name: 'Confirm one time payment' }).getByRole('button', { name: 'Yes, I am sure.' }).click();
}
