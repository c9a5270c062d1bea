import { expect, test, type Page } from '@playwright/test';
import { embedSnippet } from '../../src/lib/embedSnippet.ts';
import { balance } from '../support/billing.ts';
import { columnTexts } from '../support/dataScreens.ts';
import { signIn } from '../support/accounts.ts';
import {
  analyticsToday, callsOf, clientWithWidget, CONNECTING_NUMBER, creditsOf, hostPage, pageErrors, useHostSite, WIDGET_NAME, WIDGET_TYPES, widgetHosts,
} from '../support/embeddedWidget.ts';

// issue 7 Tests: a plain page on another local port embeds the snippet; the floating icon
// appears; Call now creates a call that the client sees in Calls History with its status and a
// playable recording; the balance drops; Analytics counts the visit, view and click.

const site = useHostSite();

test('a visitor on another site calls through the floating icon; the client sees the call, its recording, the balance and the analytics', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const url = site.publish('/shop', hostPage(client.snippet));
  expect(await creditsOf(request, client.account)).toBe(20);
  const errors = pageErrors(page);
  await page.goto(url);

  const icon = page.getByRole('button', { name: 'Call me' });
  await expect(icon).toBeVisible();
  await icon.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+1 (500) 555-0004');
  await dialog.getByRole('button', { name: 'Call Me Now' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! We will call you within 10 seconds.');
  expect(errors).toEqual([]);

  // The simulator places it in the background; wait until it has connected.
  await expect
    .poll(async () => (await callsOf(request, client.account)).map((call) => ({ number: call.customerNumber, widgetId: call.widgetId, url: call.url, status: call.status })), {
      timeout: 60_000,
    })
    .toEqual([{ number: CONNECTING_NUMBER, widgetId: client.widget.id, url, status: 'successful' }]);
  const [call] = await callsOf(request, client.account);

  // Leaving the page sends the events (sendBeacon on pagehide). The client signs in: one credit spent.
  await signIn(page, client.account.email, client.account.password);
  await expect.poll(() => balance(page)).toBe(19);

  // Calls History: the call with its status, and its recording plays.
  await page.goto('/calls');
  expect(await columnTexts(page, 'Calls History', 'Call ID')).toEqual([call!.convertId]);
  expect(await columnTexts(page, 'Calls History', 'Status')).toEqual(['Received']);
  expect(await columnTexts(page, 'Calls History', 'Customer Number')).toEqual([CONNECTING_NUMBER]);
  expect(await columnTexts(page, 'Calls History', 'Call request URL')).toEqual([url]);
  const row = page.getByRole('table', { name: 'Calls History' }).locator('tbody tr');
  // Should the access token have expired, a 401 first is answered by a refresh and the request again.
  const recordingLoaded = page.waitForResponse((response) => response.url().endsWith(`/api/client/calls/${call!.id}/recording`) && response.status() !== 401);
  await row.getByRole('button', { name: `Play recording of call ${call!.convertId}` }).click();
  const recording = await recordingLoaded;
  expect(recording.status()).toBe(200);
  expect(recording.headers()['content-type']).toMatch(/^audio\/(wav|x-wav|wave)/);
  const audio = page.locator(`audio[aria-label="Recording of call ${call!.convertId}"]`);
  await expect(audio).toHaveAttribute('src', /^blob:/);
  // The browser decodes it: metadata loaded, a real duration.
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => (element.readyState >= HTMLMediaElement.HAVE_METADATA ? element.duration : 0))).toBeGreaterThan(1);

  // Analytics: the page visit, the widget view and the click.
  await expect.poll(() => analyticsToday(request, client.account, client.website.id, WIDGET_TYPES.floatingIcon)).toEqual({ pageViews: 1, widgetViews: 1, clicks: 1 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const figure = (label: string) => page.locator('dl dt', { hasText: new RegExp(`^${label}$`) }).first().locator('xpath=following-sibling::dd[1]');
  await expect(figure('Page Visits')).toHaveText('1');
  await expect(figure('Widget Views')).toHaveText('1');
  await expect(figure('Calls')).toHaveText('1');
  const iconCard = page.getByRole('region', { name: 'Floating Icon', exact: true });
  await expect(iconCard.locator('dt', { hasText: /^Times Clicked$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('1');
});

test('a wrong number is refused in the widget with a clear message; no request leaves, no call is made', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const url = site.publish('/wrong-number', hostPage(client.snippet));
  const requests: string[] = [];
  page.on('request', (sent) => {
    if (/\/widget-api\/(calls|scheduled-calls)/.test(sent.url())) requests.push(sent.url());
  });
  await page.goto(url);
  await page.getByRole('button', { name: 'Call me' }).click();
  const dialog = page.getByRole('dialog');
  const phone = dialog.getByRole('textbox', { name: 'Phone number' });
  for (const wrong of ['12345', 'call me maybe', '+1 415 555 01']) {
    await phone.fill(wrong);
    await dialog.getByRole('button', { name: 'Call Me Now' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Wrong phone number format.');
  }
  // The visitor can correct it: the field keeps what was typed.
  await expect(phone).toHaveValue('+1 415 555 01');
  expect(requests).toEqual([]);
  expect(await callsOf(request, client.account)).toEqual([]);
});

test('a page with an unknown key shows nothing and throws nothing', async ({ page, baseURL }) => {
  const url = site.publish('/unknown', hostPage(embedSnippet(baseURL!, 'NoSuchKeyAAAAAAAAAAAAAAA')));
  const errors = pageErrors(page);
  const configLoaded = page.waitForResponse((response) => response.url().includes('/widget-api/config/'));
  await page.goto(url);
  expect((await configLoaded).status()).toBe(404);
  await expect(widgetHosts(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

/** The host page's window.dataLayer, a gtag call (an arguments object) shown as `{ gtag: [...] }`. */
function dataLayerOf(page: Page) {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' ? { gtag: Array.from(entry as ArrayLike<unknown>) } : entry,
    ),
  );
}

test("the host page's analytics hear the view and the call request, with the widget's type and name (issue 19)", async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const params = { widget_id: client.widget.id, widget_name: WIDGET_NAME, widget_type: 'floating_icon' };
  const errors = pageErrors(page);

  // Google Tag Manager's snippet makes dataLayer before the widget's: the widget pushes its events there.
  await page.goto(site.publish('/tag-manager', hostPage(`<script>window.dataLayer = window.dataLayer || [];</script>\n${client.snippet}`)));
  await expect.poll(() => dataLayerOf(page)).toEqual([{ event: 'callback_widget_view', ...params }]);
  await page.getByRole('button', { name: 'Call me' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+1 (500) 555-0004');
  await dialog.getByRole('button', { name: 'Call Me Now' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! We will call you within 10 seconds.');
  await expect.poll(() => dataLayerOf(page)).toEqual([{ event: 'callback_widget_view', ...params }, { event: 'callback_call_requested', ...params }]);

  // gtag's own snippet: the widget calls gtag, which pushes its arguments; nothing else is pushed (no double count).
  const gtagSnippet = '<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}</script>';
  await page.goto(site.publish('/gtag', hostPage(`${gtagSnippet}\n${client.snippet}`)));
  await expect.poll(() => dataLayerOf(page)).toEqual([{ gtag: ['event', 'callback_widget_view', params] }]);
  expect(errors).toEqual([]);
});
