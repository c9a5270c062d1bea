import { expect, test, type Page } from '@playwright/test';
import { linkFromMailbox, uniqueEmail } from '../support/mailbox.ts';
import { ownClientAddress } from '../support/accounts.ts';
import { addDays, apiGet, DEMO, signInDemo, todayIn } from '../support/dataScreens.ts';
import { newClient } from '../support/billing.ts';
import { expectAccessible, expectNoSidewaysScroll, settled, WIDTHS } from '../support/accessibility.ts';

/** A screen, and what shows once it is fully there (beyond its title and loaders). */
type Screen = { path: string; heading: string | RegExp; ready?: (page: Page) => Promise<void> };

/** Opens the screen at each width and checks it with axe and for sideways scrolling. */
async function checkScreen(page: Page, { path, heading, ready }: Screen): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await settled(page, heading);
    await ready?.(page);
    // Phones get cards and the drawer menu, wide screens tables and the side menu; 768 and 1920 px
    // lay out one or the other, so axe runs on the two layouts and the page width on all four.
    if (width === 360 || width === 1440) await expectAccessible(page, `${path} at ${width} px`);
    await expectNoSidewaysScroll(page, `${path} at ${width} px`);
  }
}

test.describe('signed out', () => {
  for (const screen of [
    { path: '/auth/login', heading: 'Sign In' },
    { path: '/auth/registration', heading: 'Sign Up' },
    { path: '/auth/forgot-password', heading: 'Forgotten Password ?' },
    { path: '/auth/thank-you', heading: 'Thank you for signing up!' },
    { path: '/reset/not-a-real-code', heading: 'New Password ?' },
    { path: '/error', heading: 'OOPS! Something went wrong here.' },
  ]) {
    test(`${screen.path}`, async ({ page }) => {
      await checkScreen(page, screen);
    });
  }

  test('the verify page, verified and with an unknown code', async ({ page, request }) => {
    const email = uniqueEmail('a11y-verify');
    const registered = await request.post('/api/user/register', {
      headers: ownClientAddress(),
      data: { email, password: 'a11y-password', fullname: 'Vera Verified', phone: '+12015550123', timezone: 'UTC', captchaToken: 'e2e' },
    });
    expect(registered.status()).toBe(201);
    const link = await linkFromMailbox(request, email);
    await page.setViewportSize({ width: 360, height: 900 });
    await page.goto(link);
    await settled(page, 'Vera Verified');
    await expectAccessible(page, 'verified');
    await expectNoSidewaysScroll(page, 'verified');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/verify/not-a-real-code');
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, `unknown verify code at ${width} px`);
      await expectNoSidewaysScroll(page, `unknown verify code at ${width} px`);
    }
  });
});

test.describe('signed in', () => {
  const today = todayIn(DEMO.timeZone);
  for (const screen of [
    { path: '/dashboard', heading: 'Analytics' },
    { path: '/calls', heading: 'Calls History' },
    { path: `/upcoming-calls?dateTo=${addDays(today, 7)}`, heading: 'Upcoming Calls' },
    { path: '/payments', heading: 'Payment History' },
    { path: '/billing', heading: 'Billing' },
    { path: '/billing/success', heading: 'Billing' },
    { path: '/settings', heading: 'Account Settings' },
    { path: '/integrations', heading: 'Integrations' },
    { path: '/widgets', heading: 'Your Widgets' },
    { path: '/websites', heading: 'Your Websites' },
    { path: '/agents', heading: 'Your Agents' },
    { path: '/agents/manage', heading: 'Create New Agent' },
    { path: '/widgets/manage/general', heading: 'Create Widget' },
    { path: '/error', heading: 'OOPS! Something went wrong here.' },
  ]) {
    test(`${screen.path}`, async ({ page }) => {
      await signInDemo(page);
      await checkScreen(page, screen);
    });
  }

  test('editing an agent', async ({ page }) => {
    await signInDemo(page);
    const agents = (await apiGet<{ data: { id: number; isRegular: boolean; name: string | null }[] }>(page.request, '/client/agents', {})).data;
    const agent = agents.find((candidate) => candidate.isRegular && candidate.name !== null)!;
    await checkScreen(page, { path: `/agents/manage/${agent.id}`, heading: 'Edit Agent' });
  });

  for (const step of ['general', 'design', 'code']) {
    test(`editing a widget: the ${step} step`, async ({ page }) => {
      await signInDemo(page);
      const [widget] = (await apiGet<{ data: { id: number }[] }>(page.request, '/client/widgets', {})).data;
      await checkScreen(page, { path: `/widgets/manage/${step}/${widget!.id}`, heading: 'Update Widget' });
    });
  }

  test('the payment form of an account without auto-recharge', async ({ page, request }) => {
    await newClient(page, request, 'a11y-billing');
    await checkScreen(page, { path: '/billing', heading: 'Billing', ready: (page) => expect(page.getByLabel('Card number')).toBeVisible() });
  });
});
