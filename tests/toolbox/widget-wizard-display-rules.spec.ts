import { expect, test, type Page } from '@playwright/test';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { registerVerified, signIn } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { expectAccessible, expectNoSidewaysScroll } from '../support/accessibility.ts';
import { uniqueEmail } from '../support/mailbox.ts';

type Settings = ReturnType<typeof defaultWidgetConfiguration>['settings'];
interface ApiWidget {
  id: number;
  settings: { settings: Settings };
}

const SHOW = 'Show on pages';
const HIDE = 'Hide on pages';
const SOURCES = 'Only for visitors from UTM sources';
const SCROLL = 'Show after the visitor scrolls (%)';
const SECONDS = 'Show after time on page (seconds)';
const TEST = 'Test a page address';

/** Types an address into the page test (focused first, as Tab would) and reads what the preview says. */
async function testAddress(page: Page, address: string, verdict: string) {
  const field = page.getByLabel(TEST);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(address);
  await expect(page.getByRole('status').filter({ hasText: /Shown|Hidden|valid URL/ })).toHaveText(verdict);
}

test('the General step edits a widget\'s display rules with the keyboard, and the preview says which rule hides it', async ({ page, request }) => {
  const account = { email: uniqueEmail('wizard-display-rules'), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Rule Maker' });
  await signIn(page, account.email, account.password);

  // A widget as it was saved before issue 20: no displayRules.
  const website = await api<{ id: number }>(request, account, 'POST', '/client/websites', { domain: `rules-${Date.now().toString(36)}.example.com` });
  const configuration = defaultWidgetConfiguration('+14155550100');
  const { displayRules: _rules, ...before } = configuration.settings;
  const created = await api<ApiWidget>(request, account, 'POST', '/client/widgets', {
    name: 'Saved before rules',
    typeId: 1,
    websiteId: website.id,
    isActive: true,
    notifications: defaultNotifications(),
    settings: { ...configuration, settings: before },
  });

  await page.goto(`/widgets/manage/general/${created.id}`);
  await expect(page.getByLabel('Widget Name')).toHaveValue('Saved before rules');
  // It reads as today's behaviour: every page, every source, at once, every visitor.
  const section = page.getByRole('region', { name: 'Display rules' });
  for (const label of [SHOW, HIDE, SOURCES, SCROLL, SECONDS]) await expect(section.getByLabel(label)).toHaveValue('');
  await expect(section.getByRole('radio', { name: 'All visitors' })).toBeChecked();

  // Keyboard only: the rules are one tab stop each, in reading order; the radios move with the arrows.
  await section.getByLabel(SHOW).focus();
  await page.keyboard.type('/blog/*');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/pricing');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel(HIDE)).toBeFocused();
  await page.keyboard.type('checkout*');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel(SOURCES)).toBeFocused();
  await page.keyboard.type('google');
  await page.keyboard.press('Tab');
  await page.keyboard.type('50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('10');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('radio', { name: 'All visitors' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(section.getByRole('radio', { name: 'New visitors' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(TEST)).toBeFocused();

  // The bad pattern says so at its field; Next stays on General and puts the focus on it.
  const hideField = page.locator('[data-field="settings.settings.displayRules.excludePages"]');
  await expect(hideField).toContainText('Line 1: Must start with / or *');
  await testAddress(page, 'https://shop.example.com/checkout/pay?utm_source=google', 'Hidden on this page: it matches no Show on pages pattern.');
  // The rules with their message and the page test's verdict, axe-clean and without sideways scrolling.
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(page, `the display rules at ${width} px`);
    await expectNoSidewaysScroll(page, `the display rules at ${width} px`);
  }
  await page.getByRole('button', { name: 'Next - Design Step' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByLabel(HIDE)).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/general/${created.id}$`));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('/checkout*');
  await expect(hideField).not.toContainText('Must start');

  // The preview names the rule that hides the widget on each typed address.
  await testAddress(page, 'https://shop.example.com/checkout/pay?utm_source=google', 'Hidden on this page: it matches a Hide on pages pattern (/checkout*).');
  await testAddress(page, '/about?utm_source=google', 'Hidden on this page: it matches no Show on pages pattern.');
  await testAddress(page, '/blog/launch', 'Hidden for this source: the address has no utm_source, and the widget shows only to visitors from the listed UTM sources.');
  await testAddress(page, 'shop.example.com/pricing?utm_source=bing', 'Hidden for this source: bing is not one of the listed UTM sources.');
  await testAddress(
    page,
    'shop.example.com/blog/launch?utm_source=Google',
    'Shown on this page. Shown only to new visitors. Shown after the visitor scrolls 50% and spends 10 seconds on the page.',
  );

  // On to Design: the live preview tests the same address; then save.
  await page.getByRole('button', { name: 'Next - Design Step' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/design/${created.id}$`));
  await expect(page.getByLabel(TEST)).toHaveValue('shop.example.com/blog/launch?utm_source=Google');
  await expect(page.getByRole('status').filter({ hasText: 'Shown on this page.' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Widget' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/code/${created.id}$`));
  await expect(page.getByText('Widget saved!')).toBeVisible();

  // The server stored the rules as saved.
  const expected = { includePages: ['/blog/*', '/pricing'], excludePages: ['/checkout*'], utmSources: ['google'], minScrollPercent: 50, minSecondsOnPage: 10, visitors: 'new' };
  const stored = (await api<{ data: ApiWidget[] }>(request, account, 'GET', '/client/widgets')).data.find((widget) => widget.id === created.id);
  expect(stored?.settings.settings.displayRules).toEqual(expected);

  // Reopened after a reload, the wizard shows what was saved.
  await page.goto(`/widgets/manage/general/${created.id}`);
  await page.reload();
  await expect(page.getByLabel('Widget Name')).toHaveValue('Saved before rules');
  await expect(section.getByLabel(SHOW)).toHaveValue('/blog/*\n/pricing');
  await expect(section.getByLabel(HIDE)).toHaveValue('/checkout*');
  await expect(section.getByLabel(SOURCES)).toHaveValue('google');
  await expect(section.getByLabel(SCROLL)).toHaveValue('50');
  await expect(section.getByLabel(SECONDS)).toHaveValue('10');
  await expect(section.getByRole('radio', { name: 'New visitors' })).toBeChecked();
  await testAddress(page, '/checkout', 'Hidden on this page: it matches a Hide on pages pattern (/checkout*).');
});
