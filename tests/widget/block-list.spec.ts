import { expect, test } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { callsOf, clientWithWidget, hostPage, requestCallFrom, useHostSite } from '../support/embeddedWidget.ts';

// issue 7, the widget API's guardrails: "a block list per client". The client blocks a number in
// Account Settings; a visitor calling from it is refused on the client's page, and let through
// again once the client unblocks it.

const site = useHostSite();

test('a number the client blocks in Account Settings is refused in the widget until it is unblocked', async ({ page, browser, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const url = site.publish('/blocked', hostPage(client.snippet));
  await signIn(page, client.account.email, client.account.password);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Blocked Visitors' });
  await expect(card.getByText('No phone numbers or IP addresses are blocked.')).toBeVisible();

  // Bad input: a clear message, and nothing is sent.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/client/blocked-visitors')) sent.push(request.url());
  });
  const value = card.getByRole('textbox', { name: 'Phone Number' });
  await value.fill('555-01');
  await card.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(card.getByText('Wrong phone number format')).toBeVisible();
  await card.getByRole('combobox', { name: 'Block' }).selectOption('address');
  await expect(card.getByText('IP Address is not valid')).toBeVisible();
  await card.getByRole('combobox', { name: 'Block' }).selectOption('number');
  expect(sent).toEqual([]);

  // The number as people write it; it is listed as the widget stores numbers.
  await value.fill('+1 (415) 555-0166');
  await value.press('Enter');
  await expect(page.getByText('The visitor is blocked.')).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByRole('listitem')).toContainText('+14155550166');
  await expect(value).toHaveValue('');
  await expect(value).toBeFocused();

  // Listed after a reload too.
  await page.reload();
  await expect(card.getByRole('listitem')).toContainText('+14155550166');

  // The visitor types it without the plus: still the same line, refused.
  const visitor = await browser.newPage();
  const askForCall = async () => {
    await visitor.goto(url);
    await visitor.getByRole('button', { name: 'Call me' }).click();
    const dialog = visitor.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('1 415 555 0166');
    await dialog.getByRole('button', { name: 'Call Me Now' }).click();
    return dialog;
  };
  await expect((await askForCall()).getByRole('alert')).toHaveText('Calls to this number are not available.');
  expect(await callsOf(request, client.account)).toEqual([]);

  await card.getByRole('button', { name: 'Unblock +14155550166' }).click();
  await expect(page.getByText('The visitor is unblocked.')).toBeVisible();
  await expect(card.getByText('No phone numbers or IP addresses are blocked.')).toBeFocused();

  await expect((await askForCall()).getByRole('status')).toHaveText('Thank you! We will call you within 10 seconds.');
  // Stored in E.164 whatever the visitor typed (issue 15: one number, one count).
  await expect.poll(async () => (await callsOf(request, client.account)).map((call) => call.customerNumber)).toEqual(['+14155550166']);
  await visitor.close();
});

test('a caller is blocked from Calls History after a confirmation, and listed in Account Settings', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const visitor = { key: client.website.publicKey, widgetId: client.widget.id, phone: '+14155550177', url: 'https://shop.example/cart' };
  expect(await requestCallFrom(baseURL!, '127.0.7.1', visitor)).toBe(202);
  await expect.poll(async () => (await callsOf(request, client.account)).length).toBe(1);

  await signIn(page, client.account.email, client.account.password);
  await page.goto('/calls');
  const block = page.getByRole('button', { name: 'Block number +14155550177' });
  // Cancel sends nothing.
  await block.click();
  const dialog = page.getByRole('alertdialog', { name: 'Block this number?' });
  await expect(dialog).toContainText('Call and callback requests from +14155550177 will be refused.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(block).toBeFocused();

  await block.click();
  await dialog.getByRole('button', { name: 'Yes, I am sure.' }).click();
  await expect(page.getByText('The visitor is blocked.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await requestCallFrom(baseURL!, '127.0.7.2', visitor)).toBe(403);

  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Blocked Visitors' }).getByRole('listitem')).toContainText('+14155550177');
});
