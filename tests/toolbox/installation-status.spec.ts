import { expect, test, type Page } from '@playwright/test';
import config from '../../playwright.config.ts';
import { expectAccessible, expectNoSidewaysScroll, settled, tabTo } from '../support/accessibility.ts';
import { signIn } from '../support/accounts.ts';
import { clientWithWidget, hostPage, useHostSite } from '../support/embeddedWidget.ts';

// issue 21, installation status: the widget's page views tell whether the snippet runs on the
// website's own domain. The test clients' websites are `<name>.example.com`; the browser resolves
// every *.example.com to this machine, so the host site's server, on 127.0.0.1, is also served
// "as the website's domain" (its www. subdomain here), while 127.0.0.1 itself is another origin.
const base = config.use?.launchOptions;
test.use({
  launchOptions: {
    ...base,
    // No HTTPS upgrade attempt on these plain-http pages of a real-looking domain.
    args: [...(base?.args ?? []), '--host-resolver-rules=MAP *.example.com 127.0.0.1', '--disable-features=HttpsUpgrades'],
  },
});

const site = useHostSite();

/** Opens a host page in a tab of its own and leaves it: the script sends its page visit on pagehide. */
async function visit(page: Page, url: string): Promise<void> {
  const tab = await page.context().newPage();
  await tab.goto(url);
  await expect(tab.getByRole('heading', { name: 'The shop' })).toBeAttached();
  // The script has loaded and queued its page visit once it asked for the configuration.
  await tab.waitForLoadState('networkidle');
  await tab.goto('about:blank');
  await tab.close();
}

test('the Websites screen shows where the widget was seen, and Installed once a page of its domain loads it', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  // clientWithWidget names the website after the account's e-mail address.
  const domain = `${client.account.email.split('@')[0]!.replaceAll('.', '-')}.example.com`;
  await signIn(page, client.account.email, client.account.password);
  await page.goto('/websites');
  await settled(page, 'Your Websites');

  const status = page.getByRole('region', { name: `Installation on ${domain}` });
  await expect(status.getByText('Not detected yet')).toBeVisible();
  await expect(status.getByText('the page is cached', { exact: false })).toBeVisible();
  await expect(status.getByText(/^Last checked /)).toBeVisible();
  await expectAccessible(page, 'Websites, not detected');

  // The snippet on another origin: reported as such, never as installed.
  const elsewhere = site.publish('/copy', hostPage(client.snippet, { reset: false }));
  await visit(page, elsewhere);
  const checkAgain = status.getByRole('button', { name: 'Check again' });
  await tabTo(page, checkAgain);
  await expect(async () => {
    await checkAgain.press('Enter');
    await expect(status.getByText(`Seen on another site: ${new URL(elsewhere).origin}`, { exact: false })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(status.getByText('Not detected yet')).toBeVisible();

  // The same snippet on the website's own domain (its www. subdomain).
  const own = elsewhere.replace('127.0.0.1', `www.${domain}`).replace('/copy', '/pricing?plan=pro');
  site.publish('/pricing?plan=pro', hostPage(client.snippet, { reset: false }));
  await visit(page, own);
  await expect(async () => {
    await checkAgain.click();
    await expect(status.getByText('Installed', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(status).toContainText(`last seen on ${own}`);
  await expect(status.getByText('Seen on another site', { exact: false })).toHaveCount(0);
  await expectAccessible(page, 'Websites, installed');

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(status.getByText('Installed', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Websites at 360 px');
});

test('the wizard\'s Code step shows the new website\'s installation and checks it again', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  await signIn(page, client.account.email, client.account.password);
  const domain = `new-${Date.now().toString(36)}.example.com`;
  await page.goto('/widgets/manage');
  await page.getByLabel('Widget Name').fill('Corner icon');
  await page.getByLabel('Website URL').fill(domain);
  await page.getByLabel('Widget Type').selectOption({ label: 'Floating icon' });
  await page.getByLabel('Phone number to call').fill('415 555 0100');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await page.getByRole('button', { name: 'Create Widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/code$/);

  const status = page.getByRole('region', { name: `Installation on ${domain}` });
  await expect(status.getByText('Not detected yet')).toBeVisible();
  await expect(status.getByText(/^Last checked /)).toBeVisible();
  await expectAccessible(page, 'Code step, not detected');

  const snippet = await page.getByLabel('Embed code').inputValue();
  const url = site.publish('/welcome', hostPage(snippet, { reset: false })).replace('127.0.0.1', domain);
  await visit(page, url);
  await expect(async () => {
    await status.getByRole('button', { name: 'Check again' }).click();
    await expect(status.getByText('Installed', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(status).toContainText(`last seen on ${url}`);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 'Code step at 360 px');
});
