import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, loadedRows, settled, tabTo } from '../support/accessibility.ts';
import { signIn } from '../support/accounts.ts';
import { apiAs } from '../support/billing.ts';
import { callsOf, clientWithWidget, CONNECTING_NUMBER, creditsOf, WIDGET_NAME } from '../support/embeddedWidget.ts';

// issue 21, Test call: "Call me now" from a widget's row rings the client's own phone through the
// widget, free of credits, and the call shows in Calls History marked as a test. The local call
// simulator answers CONNECTING_NUMBER.
test('Call me now from a widget’s row places a free test call, marked Test in Calls History', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const creditsBefore = await creditsOf(request, client.account);
  await signIn(page, client.account.email, client.account.password);
  await page.goto('/widgets');
  await settled(page, 'Your Widgets');
  await expect(await loadedRows(page, 'Your Widgets')).toHaveCount(1);

  // By keyboard: the row's button opens the dialog on the number, which starts as the account's phone.
  const callMe = page.getByRole('button', { name: `Call me now ${WIDGET_NAME}` });
  await tabTo(page, callMe);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Call me now' });
  const phone = dialog.getByRole('textbox', { name: 'Number to call' });
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue(/^\+1 ?201/);
  await expect(dialog.getByText('5 test calls left (counted over the last 24 hours)')).toBeVisible();
  await expect(dialog.getByText("Test calls are free and don't appear in Analytics.")).toBeVisible();
  await expectAccessible(page, 'the Call me now dialog');

  // Escape closes it, and focus goes back to the row's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(callMe).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(phone).toBeFocused();
  // The number library comes after the dialog's first paint; until then the field is read-only.
  await expect(phone).toBeEditable();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(CONNECTING_NUMBER);
  await page.keyboard.press('Enter');

  const status = dialog.getByRole('status');
  await expect(status).toContainText(/Calling \+1 500 555 0004 now\. Answer to hear the whisper, the agent side and the bridge as a visitor would\./);
  await expect(status).toBeFocused();
  await expectAccessible(page, 'the Call me now dialog with its status');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 'the Call me now dialog at 360 px');
  // Back to a laptop's width: Calls History is a table there (cards on a phone).
  await page.setViewportSize({ width: 1280, height: 800 });

  const allowance = (await apiAs(request, client.account, 'GET', '/client/test-calls')) as { limit: number; remaining: number };
  expect(allowance).toMatchObject({ limit: 5, remaining: 4 });

  await tabTo(page, status.getByRole('link', { name: 'See it in Calls History' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/calls$/);
  await settled(page, 'Calls History');
  const rows = await loadedRows(page, 'Calls History');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(WIDGET_NAME);
  await expect(rows.first().getByText('Test', { exact: true })).toBeVisible();

  // Free: once the call has ended (its legs recorded), the balance is what it was (a visitor's
  // connected call spends one credit).
  await expect.poll(async () => (await callsOf(request, client.account)).map((call) => call.TwilioCalls.length > 0), { timeout: 90_000 }).toEqual([true]);
  expect(await creditsOf(request, client.account)).toBe(creditsBefore);
});

test('the wizard’s Code step offers Call me now for the saved widget, and says why a number is refused', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  await signIn(page, client.account.email, client.account.password);
  await page.goto(`/widgets/manage/general/${client.widget.id}`);
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await page.getByRole('button', { name: 'Update Widget' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/code/${client.widget.id}$`));

  const section = page.getByRole('region', { name: 'Test call' });
  const callMe = section.getByRole('button', { name: 'Call me now' });
  await callMe.click();
  const dialog = page.getByRole('dialog', { name: 'Call me now' });
  const phone = dialog.getByRole('textbox', { name: 'Number to call' });
  await expect(phone).toBeFocused();
  await expect(dialog.getByText('5 test calls left (counted over the last 24 hours)')).toBeVisible();

  // Not a number the server can read: its 400 in the user's words, and nothing spent.
  await expect(phone).toBeEditable();
  await phone.fill('12');
  await dialog.getByRole('button', { name: 'Call me now' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This is not a phone number we can read. Enter it with its country code, such as +1 415 555 0123.');
  await expect(dialog.getByText('5 test calls left (counted over the last 24 hours)')).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(callMe).toBeFocused();
  expect(await callsOf(request, client.account)).toEqual([]);
});
