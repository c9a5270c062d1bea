import { expect, test, type Page } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { addDays, DEMO, searchOf, signInDemo, todayIn } from '../support/dataScreens.ts';
import { expectAnnouncedError, expectEveryTabStopVisible, loadedRows, settled, tabTo } from '../support/accessibility.ts';

/** A new verified account, signed in (for the flows that change data). */
async function freshAccount(page: Page, prefix: string): Promise<void> {
  const account = { email: uniqueEmail(prefix), password: 'keyboard-password', fullname: 'Keyboard Kim' };
  await registerVerified(page.request, account);
  await signIn(page, account.email, account.password);
}

test('signs in with the keyboard alone; the empty form announces its errors', async ({ page }) => {
  await page.goto('/auth/login');
  await settled(page, 'Sign In');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password');
  await tabTo(page, page.getByRole('button', { name: 'Sign In' }));
  await page.keyboard.press('Enter');
  await expectAnnouncedError(email, 'Required field');
  await expectAnnouncedError(password, 'Required field');

  await page.keyboard.press('Shift+Tab');
  await tabTo(page, email, { key: 'Shift+Tab' });
  await page.keyboard.type(DEMO.email);
  await tabTo(page, password);
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('every tab stop of the sign-in, calls, wizard and settings screens is on screen and shows focus', async ({ page }) => {
  await page.goto('/auth/login');
  await settled(page, 'Sign In');
  expect((await expectEveryTabStopVisible(page)).length).toBeGreaterThan(5);
  await signInDemo(page);
  for (const [path, heading] of [
    ['/calls', 'Calls History'],
    ['/widgets/manage/general', 'Create Widget'],
    ['/settings', 'Account Settings'],
  ]) {
    await page.goto(path);
    await settled(page, heading!);
    const stops = await expectEveryTabStopVisible(page);
    expect(stops.length, path).toBeGreaterThan(10);
    // Passing over Sign Out (the router preloads links on focus) does not sign out.
    expect(stops).toContain('a "Sign Out"');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('moves through the menu with the keyboard, on a wide screen and in the phone drawer', async ({ page }) => {
  await signInDemo(page);
  await settled(page, 'Analytics');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await tabTo(page, menu.getByRole('link', { name: 'Calls History' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/calls$/);
  await settled(page, 'Calls History');
  await tabTo(page, menu.getByRole('link', { name: 'Account Settings' }));
  await page.keyboard.press('Enter');
  await settled(page, 'Account Settings');

  await page.setViewportSize({ width: 360, height: 740 });
  const open = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeHidden();
  await tabTo(page, open, { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  // Focus moves into the drawer, and Tab goes on through its entries.
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await tabTo(page, menu.getByRole('link', { name: 'Websites' }));
  await page.keyboard.press('Enter');
  await settled(page, 'Your Websites');
  await expect(menu).toBeHidden();

  // Escape closes the drawer and gives focus back to the Menu button.
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();
});

test('pages through Calls History and changes a filter with the keyboard', async ({ page }) => {
  await signInDemo(page);
  // A week at five rows a page: several pages of demo calls.
  await page.goto(`/calls?dateFrom=${addDays(todayIn(DEMO.timeZone), -6)}&perPage=5`);
  await loadedRows(page, 'Calls History');
  const next = page.getByRole('button', { name: 'Next page' });
  await tabTo(page, next, { limit: 120 });
  await page.keyboard.press('Enter');
  await expect.poll(() => searchOf(page).get('page')).toBe('2');
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(next).toBeFocused();

  const status = page.getByLabel('Status', { exact: true });
  await tabTo(page, status, { key: 'Shift+Tab', limit: 120 });
  // Arrow keys change a closed select (typed letters would too, but a slow machine lets the
  // type-ahead lapse between them).
  await page.keyboard.press('ArrowDown');
  await expect(status).not.toHaveValue('');
  const chosen = await status.inputValue();
  await expect.poll(() => searchOf(page).get('status')).toBe(chosen);
  await expect(status).toBeFocused();
  await loadedRows(page, 'Calls History');
});

test('creates an agent with the keyboard alone', async ({ page }) => {
  await freshAccount(page, 'keyboard-agent');
  await page.goto('/agents');
  await tabTo(page, page.getByRole('link', { name: 'Create New Agent' }));
  await page.keyboard.press('Enter');
  await settled(page, 'Create New Agent');
  const save = page.getByRole('button', { name: 'Save Agent' });
  await tabTo(page, save, { limit: 120 });
  await page.keyboard.press('Enter');
  await expectAnnouncedError(page.getByLabel('Name'), 'Required field');
  await expectAnnouncedError(page.getByLabel('Phone Number'), 'Required field');

  await tabTo(page, page.getByLabel('Name'), { key: 'Shift+Tab', limit: 120 });
  await page.keyboard.type('Kira Keyboard');
  await tabTo(page, page.getByLabel('Phone Number'));
  await page.keyboard.type('4155550142');
  // Saturday joins the default week with its switch, toggled by Space.
  await tabTo(page, page.getByRole('switch', { name: 'Saturday' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Saturday' })).toBeChecked();
  await tabTo(page, save, { limit: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Agent Kira Keyboard has been saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/agents$/);
});

test("goes through the widget wizard's steps with the keyboard alone", async ({ page }) => {
  await freshAccount(page, 'keyboard-wizard');
  await page.goto('/widgets/manage');
  await settled(page, 'Create Widget');
  const next = page.getByRole('button', { name: 'Next - Design Step' });
  await tabTo(page, next, { limit: 150 });
  await page.keyboard.press('Enter');
  await expectAnnouncedError(page.getByLabel('Widget Name'), 'Required field');
  // The wizard takes focus to the first invalid field.
  await expect(page.getByLabel('Widget Name')).toBeFocused();
  await page.keyboard.type('Keyboard popup');
  await tabTo(page, page.getByLabel('Website URL'));
  await page.keyboard.type('keyboard.example.com');
  await tabTo(page, page.getByLabel('Widget Type'));
  await page.keyboard.type('Exit popup');
  await expect(page.getByLabel('Widget Type')).toHaveValue(/\d+/);
  await tabTo(page, page.getByLabel('Phone number to call'));
  await page.keyboard.type('4155550100');
  await tabTo(page, next, { limit: 150 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/widgets\/manage\/design$/);

  const create = page.getByRole('button', { name: 'Create Widget' });
  await tabTo(page, create, { limit: 200 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/widgets\/manage\/code$/);
  await expect(page.getByText('Widget saved!')).toBeVisible();
});

test('a confirmation opens on Cancel and gives focus back to the button that opened it', async ({ page }) => {
  await signInDemo(page);
  await page.goto('/widgets');
  await loadedRows(page, 'Your Widgets');
  const remove = page.getByRole('button', { name: /^Delete / }).first();
  await tabTo(page, remove, { limit: 80 });
  const dialog = page.getByRole('alertdialog', { name: 'Delete widget?' });

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Focus stays inside while it is open.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, I am sure.' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  // The same for the calls' play popover.
  await page.goto('/calls');
  await loadedRows(page, 'Calls History');
  const play = page.getByRole('button', { name: /^Play recording of call / }).first();
  await tabTo(page, play, { limit: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /^Recording of call / })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /^Recording of call / })).toBeHidden();
  await expect(play).toBeFocused();
});

test('saves account settings with the keyboard; a bad value is announced', async ({ page }) => {
  await freshAccount(page, 'keyboard-settings');
  await page.goto('/settings');
  await settled(page, 'Account Settings');
  const details = page.getByRole('region', { name: 'Account Details' });
  const name = details.getByLabel('Full Name');
  await tabTo(page, name);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Kb');
  await page.keyboard.press('Tab');
  await expectAnnouncedError(name, 'Minimum field length 3');
  await name.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Kimberly Keys');
  await tabTo(page, details.getByRole('button', { name: 'Save' }), { limit: 20 });
  await page.keyboard.press('Enter');
  await expect(page.getByText("You've successfully updated your data.")).toBeVisible();
  await expect(page.getByRole('banner').getByText('Kimberly', { exact: true })).toBeVisible();
});
