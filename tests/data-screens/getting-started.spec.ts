import { expect, test, type Page } from '@playwright/test';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { registerVerified, signIn } from '../support/accounts.ts';
import { expectAccessible, expectNoSidewaysScroll, tabTo } from '../support/accessibility.ts';
import { apiAs } from '../support/billing.ts';
import { DEMO } from '../support/dataScreens.ts';
import { uniqueEmail } from '../support/mailbox.ts';

// Issue 21, Getting started on Analytics: a new client sees the checklist with nothing done, a
// widget marks its step done, the checklist is dismissed and comes back from the user menu; the
// demo account (connected calls) never sees it.

const STEPS = ['Create a widget', 'Install the code on your website', 'Add an agent or a number to call', 'Make a test call', 'Buy credits or turn on auto-recharge'];

const checklist = (page: Page) => page.getByRole('region', { name: 'Getting started' });
const stepState = (page: Page, label: string) => checklist(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: label, exact: true }) });
const answered = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/client/getting-started') && response.request().method() === 'GET');

test('a new client follows the checklist, dismisses it and brings it back from the user menu', async ({ page, request }) => {
  const account = { email: uniqueEmail('getting-started'), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Fresh Starter', timezone: 'UTC' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, account.email, account.password);

  // Nothing done: every step a link to where it is done, its state in words.
  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page).getByText('0 of 5 steps done.', { exact: false })).toBeVisible();
  for (const label of STEPS) await expect(stepState(page, label)).toContainText('To do');
  await expect(stepState(page, 'Create a widget').getByRole('link')).toHaveAttribute('href', '/widgets/manage/general');
  await expect(stepState(page, 'Buy credits or turn on auto-recharge').getByRole('link')).toHaveAttribute('href', '/billing');
  // The spec's empty state still shows beneath it.
  await expect(page.getByText("You don't have any statistic data to present, yet")).toBeVisible();
  await expectAccessible(page, 'Analytics with Getting started');

  // A widget (it calls a number of its own): steps 1 and 3 done, the installation still to do.
  const website = (await apiAs(request, account, 'POST', '/client/websites', { domain: 'starter.example.com' })) as { id: number };
  await apiAs(request, account, 'POST', '/client/widgets', {
    name: 'Exit popup on the shop',
    typeId: 1,
    websiteId: website.id,
    isActive: true,
    notifications: defaultNotifications(),
    settings: defaultWidgetConfiguration('+14155550123'),
  });
  await page.reload();
  await expect(stepState(page, 'Create a widget')).toContainText('Done');
  await expect(stepState(page, 'Add an agent or a number to call')).toContainText('Done');
  await expect(stepState(page, 'Install the code on your website')).toContainText('To do');
  await expect(checklist(page).getByText('2 of 5 steps done.', { exact: false })).toBeVisible();

  // Dismissed from the keyboard: gone, and still gone after a reload (the server keeps it).
  const hide = checklist(page).getByRole('button', { name: 'Hide Getting started' });
  await tabTo(page, hide);
  await page.keyboard.press('Enter');
  await expect(checklist(page)).toBeHidden();
  const reloaded = answered(page);
  await page.reload();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  await expect(checklist(page)).toBeHidden();

  // The user menu brings it back, from another screen too.
  await page.goto('/calls');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Getting started', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(checklist(page)).toBeVisible();
  await expect(stepState(page, 'Create a widget')).toContainText('Done');
  const again = answered(page);
  await page.reload();
  await again;
  await expect(checklist(page)).toBeVisible();

  // A phone: no sideways scroll, still accessible.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 'Analytics with Getting started at 360 px');
  await expectAccessible(page, 'Analytics with Getting started at 360 px');
});

test('the demo account, past its first connected calls, never sees it', async ({ page }) => {
  const checked = answered(page);
  await signIn(page, DEMO.email, DEMO.password);
  const answer = await checked;
  expect(((await answer.json()) as { completed: boolean }).completed).toBe(true);
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});
