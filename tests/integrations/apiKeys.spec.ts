import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatDateTime } from '../../src/lib/dateTime.ts';
import { expectAccessible, expectAnnouncedError, expectNoSidewaysScroll, settled, tabTo } from '../support/accessibility.ts';
import { apiGet, columnTexts, signInFreshAccount } from '../support/dataScreens.ts';

// issue 19, "API keys" and "In the dashboard": a key made on the Integrations screen is shown
// once, works with `Authorization: Bearer <key>` within its scope, shows when it was last used,
// and stops working the moment it is deleted there.

const TABLE = 'Your API keys';
const CALLS = '/api/client/calls?page=1&perPage=20';

/** A key's row (a table row on a desktop, a card on a phone), by its name. */
function keyRow(page: Page, name: string): Locator {
  return page.getByRole(page.viewportSize()!.width >= 768 ? 'row' : 'listitem').filter({ hasText: name });
}


/** A request to the API the way the client's own systems make it: with the key, and nothing else. */
function withKey(request: APIRequestContext, key: string) {
  const headers = { Authorization: `Bearer ${key}` };
  return {
    get: (path: string) => request.get(path, { headers }),
    post: (path: string, data: unknown) => request.post(path, { headers, data }),
  };
}

test('a read key, created and shown once, reads but cannot write, shows its last use, and stops working once deleted', async ({ page, context, request, baseURL }) => {
  const account = await signInFreshAccount(page, request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.goto('/integrations');
  await settled(page, 'Integrations');
  await expect(page.getByText('No API keys yet: create one below.')).toBeVisible();

  // Read only unless chosen otherwise.
  const form = page.getByRole('form', { name: 'Create API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill('  CRM sync ');
  await expect(form.getByRole('radio', { name: 'Read only' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Read and write' })).not.toBeChecked();
  // "Sudo mode" (issue 19): a key outlives a change of password, so it takes the password too.
  const password = form.getByLabel('Current Password');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(password).toHaveAccessibleDescription('Confirm with your password: keys and webhooks reach your data.');
  await password.fill(account.password);
  await form.getByRole('button', { name: 'Create API key' }).click();

  // The key, once: read-only, focused, copied with Copy.
  const box = page.getByRole('region', { name: 'API key created' });
  await expect(box).toContainText('CRM sync · Read only');
  await expect(box.getByText('Copy this key now: it will not be shown again.')).toBeVisible();
  const field = box.getByRole('textbox', { name: 'API key' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('readonly', '');
  const key = await field.inputValue();
  expect(key).toMatch(/^cbk_[\w-]{43}$/);
  await box.getByRole('button', { name: 'Copy' }).click();
  await expect(box.getByRole('status')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // Listed meanwhile, by its first characters only; never used yet.
  const row = keyRow(page, 'CRM sync');
  await expect(row).toContainText('Read only');
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  expect(await columnTexts(page, TABLE, 'Last used')).toEqual(['Never used']);
  await box.getByRole('button', { name: 'Done' }).click();
  await expect(box).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: 'Create API key' })).toBeFocused();
  expect(await page.content()).not.toContain(key);

  // The client's own system: a read key reads, and may not write.
  const api = withKey(request, key);
  const calls = await api.get(CALLS);
  expect(calls.status(), await calls.text()).toBe(200);
  expect(await calls.json()).toEqual({ data: [], count: 0 });
  const write = await api.post('/api/client/agents', { name: 'Grace Hopper', phone: '+14155550123' });
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({ error: 'insufficient_scope' });

  // Its last use shows after a reload, in the account's time zone, to the minute the server wrote.
  const [listed] = (await apiGet<{ data: { name: string; lastUsedAt: string | null; createdAt: string }[] }>(request, '/client/api-keys', {}, account)).data;
  expect(listed!.lastUsedAt).not.toBeNull();
  await page.reload();
  await settled(page, 'Integrations');
  expect(await columnTexts(page, TABLE, 'Last used')).toEqual([formatDateTime(listed!.lastUsedAt!, account.timeZone)]);
  expect(await columnTexts(page, TABLE, 'Created')).toEqual([formatDateTime(listed!.createdAt, account.timeZone)]);
  expect(await page.content()).not.toContain(key);

  // Deleted after a confirmation: the next request with it is refused.
  await row.getByRole('button', { name: 'Delete CRM sync' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete the key “CRM sync”?' });
  await expect(confirm).toContainText('Apps using this key stop working at once.');
  await confirm.getByRole('button', { name: 'Yes, I am sure.' }).click();
  await expect(page.getByText('The API key is deleted: requests with it are refused from now on.')).toBeVisible();
  await expect(page.getByText('No API keys yet: create one below.')).toBeVisible();
  const refused = await api.get(CALLS);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: 'invalid_or_expired_access_token' });
});

test('a key by keyboard: the name and the password required, a wrong password said, read and write chosen, the key shown and put away, deleted after a confirmation; accessible on a phone and a desktop', async ({ page, request }) => {
  const account = await signInFreshAccount(page, request);
  await page.goto('/integrations');
  await settled(page, 'Integrations');
  const form = page.getByRole('form', { name: 'Create API key' });
  const name = form.getByRole('textbox', { name: 'Name' });

  await name.focus();
  await page.keyboard.press('Enter');
  await expectAnnouncedError(name, 'Name is required.');
  await page.keyboard.type('x'.repeat(101));
  await page.keyboard.press('Enter');
  await expectAnnouncedError(name, 'Maximum field length 100');
  await name.fill('');
  await page.keyboard.type('Nightly report');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  // The current password was asked for too (its error first, then why it is asked).
  const password = form.getByLabel('Current Password');
  await expectAnnouncedError(password, /^Current Password is required\. Confirm with your password/);

  // The scope is a radio group: Tab reaches the chosen one, an arrow key chooses the other.
  const read = form.getByRole('radio', { name: 'Read only' });
  const readWrite = form.getByRole('radio', { name: 'Read and write' });
  await tabTo(page, read);
  await page.keyboard.press('ArrowRight');
  await expect(readWrite).toBeChecked();
  await expect(readWrite).toBeFocused();

  // A wrong password is said at its field, which gets focus back; the right one creates the key.
  await tabTo(page, password);
  await page.keyboard.type('not-my-password');
  await page.keyboard.press('Enter');
  await expectAnnouncedError(password, /^The login detail is incorrect/);
  await expect(password).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(account.password);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await tabTo(page, form.getByRole('button', { name: 'Create API key' }));
  await page.keyboard.press('Enter');

  // The key box takes the form's place with focus on the key; Copy, then Done, by Tab.
  const box = page.getByRole('region', { name: 'API key created' });
  await expect(box.getByRole('textbox', { name: 'API key' })).toBeFocused();
  await expect(box).toContainText('Nightly report · Read and write');
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page, 'Integrations');
    await expectAccessible(page, `/integrations with a new key at ${width} px`);
    await expectNoSidewaysScroll(page, `/integrations with a new key at ${width} px`);
  }
  await tabTo(page, box.getByRole('button', { name: 'Done' }));
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: 'Create API key' })).toBeFocused();
  await expect(name).toHaveValue('');
  await expect(password).toHaveValue('');
  await expect(read).toBeChecked();

  // The list, on a phone (cards) and a desktop (a table).
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page, 'Integrations');
    const row = keyRow(page, 'Nightly report');
    await expect(row).toContainText('Read and write');
    await expect(row).toContainText('Never used');
    await expectAccessible(page, `/integrations with a key at ${width} px`);
    await expectNoSidewaysScroll(page, `/integrations with a key at ${width} px`);
  }

  // Delete asks first: Escape keeps the key and gives focus back to its Delete; "Yes, I am sure." deletes it.
  const remove = keyRow(page, 'Nightly report').getByRole('button', { name: 'Delete Nightly report' });
  await page.getByRole('heading', { level: 3, name: TABLE }).focus();
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete the key “Nightly report”?' });
  await expect(confirm).toContainText('Apps using this key stop working at once. This action is irreversible.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'the API key delete confirmation');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Yes, I am sure.' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The API key is deleted: requests with it are refused from now on.')).toBeVisible();
  await expect(page.getByText('No API keys yet: create one below.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: TABLE })).toBeFocused();
});
