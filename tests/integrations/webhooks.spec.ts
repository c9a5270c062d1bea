import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { expectAccessible, expectAnnouncedError, expectNoSidewaysScroll, settled } from '../support/accessibility.ts';
import { columnTexts, signInFreshAccount } from '../support/dataScreens.ts';
import { clientWithWidget, CONNECTING_NUMBER, hostPage, useHostSite } from '../support/embeddedWidget.ts';
import { signedWith, useWebhookReceiver } from '../support/webhookReceiver.ts';

// issue 19, Done when: "a browser test that creates an endpoint pointing at a local receiver and
// sees a signed call.requested arrive when a visitor asks for a call". The receiver runs in this
// process; the e2e server's webhooks worker delivers to it (it polls every 2 s: expect.poll waits).

const site = useHostSite();
const receiver = useWebhookReceiver();

/** An endpoint of the list, by its address (its heading). */
function endpointItem(page: Page, url: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: url, exact: true }) });
}

/** Opens (or refreshes) the endpoint's deliveries until `check` holds: the worker writes a delivery's outcome after the receiver answered. */
async function deliveriesUntil(page: Page, endpoint: Locator, url: string, check: () => Promise<void>): Promise<void> {
  const panel = endpoint.getByRole('button', { name: 'Deliveries' });
  if ((await panel.getAttribute('aria-expanded')) !== 'true') await panel.click();
  await expect(async () => {
    await endpoint.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('table', { name: `Deliveries to ${url}` })).toHaveAttribute('aria-busy', 'false');
    await check();
  }).toPass({ timeout: 30_000 });
}

test("a visitor's call request reaches the client's endpoint, signed with the secret shown once", async ({ page, context, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const shop = site.publish('/webhook-shop', hostPage(client.snippet));
  const path = '/hooks/callback';
  const url = `${receiver.origin}${path}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signIn(page, client.account.email, client.account.password);

  // The side menu has Integrations right under Account Settings.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('listitem').filter({ hasText: /^Account Settings$/ }).locator('xpath=following-sibling::li[1]')).toHaveText('Integrations');
  await menu.getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await settled(page, 'Integrations');
  await expect(page.getByText('No endpoints yet: add one below.')).toBeVisible();

  // Add the endpoint: the call events are chosen at first; this one wants call requests only.
  const form = page.getByRole('form', { name: 'Add endpoint' });
  await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await expect(form.getByRole('checkbox', { name: /call\.requested/ })).toBeChecked();
  await form.getByRole('checkbox', { name: /call\.completed/ }).uncheck();
  await form.getByRole('checkbox', { name: /call\.missed/ }).uncheck();
  // "Sudo mode" (issue 19): every visitor's number may go there, so it takes the password too.
  const password = form.getByLabel('Current Password');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(password).toHaveAccessibleDescription('Confirm with your password: keys and webhooks reach your data.');
  await password.fill(client.account.password);
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  // The secret, once: read-only, focused, copied with Copy.
  const secretBox = page.getByRole('region', { name: 'Endpoint added' });
  await expect(secretBox.getByText('Copy this signing secret now: it will not be shown again.')).toBeVisible();
  const secretField = secretBox.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretField).toBeFocused();
  await expect(secretField).toHaveAttribute('readonly', '');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_[\w-]{20,}$/);
  await secretBox.getByRole('button', { name: 'Copy' }).click();
  await expect(secretBox.getByRole('status')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretBox.getByRole('button', { name: 'Done' }).click();
  await expect(secretBox).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: 'Add endpoint' })).toBeFocused();

  // Listed with its events and the secret's last four characters; the secret itself is gone, reload or not.
  const endpoint = endpointItem(page, url);
  await expect(endpoint).toContainText('Active');
  await expect(endpoint).toContainText('Events: call.requested');
  await expect(endpoint).toContainText(`whsec_…${secret.slice(-4)}`);
  expect(await page.content()).not.toContain(secret);
  await page.reload();
  await settled(page, 'Integrations');
  await expect(endpoint).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // A visitor on the shop asks for a call through the floating icon.
  const visitor = await context.newPage();
  await visitor.goto(shop);
  await visitor.getByRole('button', { name: 'Call me' }).click();
  const dialog = visitor.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+1 (500) 555-0004');
  await dialog.getByRole('button', { name: 'Call Me Now' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! We will call you within 10 seconds.');
  await visitor.close();

  // The receiver gets it: a JSON POST signed with the secret shown, once (only call.requested is subscribed).
  await expect.poll(() => receiver.of(path, 'call.requested').length, { timeout: 30_000 }).toBe(1);
  const [requested] = receiver.of(path, 'call.requested');
  expect(requested!.method).toBe('POST');
  expect(requested!.headers['content-type']).toMatch(/^application\/json/);
  expect(signedWith(requested!, secret)).toBe(true);
  expect(signedWith(requested!, `${secret}x`)).toBe(false);
  expect(requested!.headers['x-callback-event-id']).toBe(requested!.event.id);
  expect(requested!.event).toMatchObject({ type: 'call.requested', data: { customerNumber: CONNECTING_NUMBER, widgetId: client.widget.id } });

  // The delivery log says it succeeded.
  await deliveriesUntil(page, endpoint, url, async () => {
    expect(await columnTexts(page, `Deliveries to ${url}`, 'Status')).toEqual(['Succeeded']);
  });
  const table = `Deliveries to ${url}`;
  expect(await columnTexts(page, table, 'Event')).toEqual(['call.requested']);
  expect(await columnTexts(page, table, 'Attempts')).toEqual(['1']);
  expect(await columnTexts(page, table, 'Response code')).toEqual(['204']);
  expect(await columnTexts(page, table, 'Next retry')).toEqual(['—']);
  // Nothing failed: no reason, translated or not.
  expect(await columnTexts(page, table, 'Error')).toEqual(['—']);

  // Send test event: a signed webhook.test arrives, whatever the endpoint subscribes to.
  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event queued')).toBeVisible();
  await expect.poll(() => receiver.of(path, 'webhook.test').length, { timeout: 30_000 }).toBe(1);
  expect(signedWith(receiver.of(path, 'webhook.test')[0]!, secret)).toBe(true);
  await deliveriesUntil(page, endpoint, url, async () => {
    expect(await columnTexts(page, table, 'Event')).toEqual(['webhook.test', 'call.requested']);
    expect(await columnTexts(page, table, 'Status')).toEqual(['Succeeded', 'Succeeded']);
  });
});

test('an endpoint by keyboard: a refused address, the password required, its secret, off and on, deleted after a confirmation; accessible on a phone and a desktop', async ({ page, request }) => {
  const account = await signInFreshAccount(page, request);
  await page.goto('/integrations');
  await settled(page, 'Integrations');
  const form = page.getByRole('form', { name: 'Add endpoint' });
  const address = form.getByRole('textbox', { name: 'Endpoint URL' });

  // The browser's checks first, then the server's reason at the field (development allows http and this machine, never credentials).
  await address.focus();
  await page.keyboard.press('Enter');
  await expectAnnouncedError(address, 'Endpoint URL is required.');
  await address.fill('example.com/hook');
  await address.press('Enter');
  await expectAnnouncedError(address, 'Enter a full address, such as https://example.com/webhooks.');
  // The password is asked for too; the server then checks the address before it.
  const password = form.getByLabel('Current Password');
  await expectAnnouncedError(password, /^Current Password is required\. Confirm with your password/);
  await password.fill(account.password);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await address.fill(`http://user:secret@127.0.0.1:9/hook`);
  await address.press('Enter');
  await expectAnnouncedError(address, 'The URL must not contain a user name or password.');

  // Every event off: at least one is needed.
  const url = `${receiver.origin}/hooks/keyboard`;
  await address.fill(url);
  await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  for (const event of ['call.requested', 'call.completed', 'call.missed']) {
    const box = form.getByRole('checkbox', { name: new RegExp(event.replace('.', '\\.')) });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).not.toBeChecked();
  }
  await expect(form.getByText('Choose at least one event.')).toBeVisible();
  await form.getByRole('checkbox', { name: /payment\.failed/ }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: 'Add endpoint' }).focus();
  await page.keyboard.press('Enter');

  const secretBox = page.getByRole('region', { name: 'Endpoint added' });
  await expect(secretBox.getByRole('textbox', { name: 'Signing secret' })).toBeFocused();
  await secretBox.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  const endpoint = endpointItem(page, url);
  await expect(endpoint).toContainText('Events: payment.failed');

  // Off, then on again.
  const toggle = endpoint.getByRole('switch', { name: 'Deliver events' });
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('The endpoint is off: no events are delivered to it.')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(endpoint.getByText('Off', { exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText('The endpoint is on: events are delivered to it.')).toBeVisible();
  await expect(endpoint.getByText('Active', { exact: true })).toBeVisible();

  // The deliveries panel, empty; then axe with the list, the panel and the form on screen.
  const deliveries = endpoint.getByRole('button', { name: 'Deliveries' });
  await deliveries.focus();
  await page.keyboard.press('Enter');
  await expect(deliveries).toHaveAttribute('aria-expanded', 'true');
  await expect(endpoint.getByText('Nothing has been sent to this endpoint yet: send a test event to try it.')).toBeVisible();
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page, 'Integrations');
    await expectAccessible(page, `/integrations at ${width} px`);
    await expectNoSidewaysScroll(page, `/integrations at ${width} px`);
  }

  // Delete asks first: Escape keeps it, "Yes, I am sure." deletes it.
  const remove = endpoint.getByRole('button', { name: 'Delete' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete endpoint?' });
  await expect(confirm).toContainText(`Nothing more is sent to ${url}`);
  await expectAccessible(page, 'the delete confirmation');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(endpoint).toBeVisible();
  await remove.click();
  await confirm.getByRole('button', { name: 'Yes, I am sure.' }).click();
  await expect(page.getByText('The endpoint is deleted.')).toBeVisible();
  await expect(page.getByText('No endpoints yet: add one below.')).toBeVisible();
  // Its Delete button went with it: focus is on the list's heading, not lost to the page.
  await expect(page.getByRole('heading', { level: 3, name: 'Your endpoints' })).toBeFocused();
});
