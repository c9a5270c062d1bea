import { expect, test, type Page } from '@playwright/test';
import config from '../../playwright.config.ts';
import { loadedRows, settled } from '../support/accessibility.ts';
import { callsOf, CONNECTING_NUMBER, creditsOf, hostPage, useHostSite } from '../support/embeddedWidget.ts';
import { linkFromMailbox, uniqueEmail } from '../support/mailbox.ts';

// Issue 21, "Done when": a new client's first hour, as they would live it, through the screens. They sign up, confirm
// the e-mail and sign in; Getting started leads them to a widget, to its code on a page of their
// own domain (served from another origin than the dashboard's, under the website's name), where
// the Websites screen sees it Installed, and to a test call that rings through the widget, shows in
// Calls History marked Test, and spends no credit. The browser resolves every *.example.com to
// this machine, so the host site's server is reached under the website's own name.
const base = config.use?.launchOptions;
test.use({
  launchOptions: {
    ...base,
    args: [...(base?.args ?? []), '--host-resolver-rules=MAP *.example.com 127.0.0.1', '--disable-features=HttpsUpgrades'],
  },
});

const site = useHostSite();

const checklist = (page: Page) => page.getByRole('region', { name: 'Getting started' });
const step = (page: Page, label: string) => checklist(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: label, exact: true }) });

test('a new client signs up, installs a widget on their own domain, sees it Installed, and hears a free test call', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('first-hour');
  const password = 'secret-password';
  const domain = `${email.split('@')[0]!.replaceAll('.', '-')}.example.com`;
  await page.setViewportSize({ width: 1440, height: 900 });

  // Sign up, confirm the e-mail, sign in.
  await page.goto('/auth/registration');
  await page.getByLabel('Full Name').fill('Grace Newcomer');
  await page.getByLabel('Email').fill(email);
  await expect(page.getByLabel('Phone Number')).toBeEditable();
  await page.getByLabel('Phone Number').fill('2015550123');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('A sign up verification email was sent to your address!')).toBeVisible();
  await page.goto(await linkFromMailbox(request, email));
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 10_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Getting started: nothing done yet.
  await expect(checklist(page).getByText('0 of 5 steps done.', { exact: false })).toBeVisible();
  const account = { email, password };
  const creditsBefore = await creditsOf(request, account);

  // Step 1 leads to the wizard: a floating icon calling the client's number, on their website.
  await step(page, 'Create a widget').getByRole('link').click();
  await expect(page).toHaveURL(/\/widgets\/manage\/general$/);
  await page.getByLabel('Widget Name').fill('Call us');
  await page.getByLabel('Website URL').fill(`https://${domain}/`);
  await page.getByLabel('Widget Type').selectOption({ label: 'Floating icon' });
  await page.getByLabel('Phone number to call').fill('415 555 0100');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/design$/);
  await page.getByRole('button', { name: 'Create Widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/code$/);
  await expect(page.getByText('Widget saved!')).toBeVisible();

  // Step 2 leads to the Websites screen: the code, copied from it onto a page of the website's
  // own domain (its www. subdomain), served by the host site.
  await page.goto('/dashboard');
  await expect(step(page, 'Create a widget')).toContainText('Done');
  await step(page, 'Install the code on your website').getByRole('link').click();
  await expect(page).toHaveURL(/\/websites$/);
  await settled(page, 'Your Websites');
  const snippet = (await page.locator('code').filter({ hasText: 'widget.js' }).first().textContent())!;
  const status = page.getByRole('region', { name: `Installation on ${domain}` });
  await expect(status.getByText('Not detected yet')).toBeVisible();
  const published = site.publish('/', hostPage(snippet, { reset: false }));
  const own = published.replace('127.0.0.1', `www.${domain}`);
  const tab = await page.context().newPage();
  await tab.goto(own);
  await expect(tab.getByRole('heading', { name: 'The shop' })).toBeAttached();
  await tab.waitForLoadState('networkidle');
  // The page visit goes with the script's beacon when the page is left.
  await tab.goto('about:blank');
  await tab.close();
  await expect(async () => {
    await status.getByRole('button', { name: 'Check again' }).click();
    await expect(status.getByText('Installed', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(status).toContainText(`last seen on ${own}`);

  // Step 4 leads to the widgets: Call me now rings the client's phone through the widget.
  await page.goto('/dashboard');
  await expect(step(page, 'Install the code on your website')).toContainText('Done');
  await step(page, 'Make a test call').getByRole('link').click();
  await expect(page).toHaveURL(/\/widgets$/);
  await settled(page, 'Your Widgets');
  await page.getByRole('button', { name: 'Call me now Call us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Call me now' });
  const phone = dialog.getByRole('textbox', { name: 'Number to call' });
  await expect(phone).toBeEditable();
  await phone.fill(CONNECTING_NUMBER);
  await dialog.getByRole('button', { name: 'Call me now' }).click();
  await expect(dialog.getByRole('status')).toContainText('now. Answer to hear the whisper');
  await dialog.getByRole('link', { name: 'See it in Calls History' }).click();

  // In Calls History, marked Test; once it has ended, no credit spent.
  await settled(page, 'Calls History');
  const rows = await loadedRows(page, 'Calls History');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('Test', { exact: true })).toBeVisible();
  await expect.poll(async () => (await callsOf(request, account)).map((call) => call.TwilioCalls.length > 0), { timeout: 90_000 }).toEqual([true]);
  expect(await creditsOf(request, account)).toBe(creditsBefore);

  await page.goto('/dashboard');
  await expect(step(page, 'Make a test call')).toContainText('Done');
  await expect(checklist(page).getByText('4 of 5 steps done.', { exact: false })).toBeVisible();
});
