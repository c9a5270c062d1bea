import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { defaultNotifications, defaultWidgetConfiguration } from '../../server/domain/widgets/widgetDefaults.ts';
import { embedSnippet } from '../../src/ui/embedSnippet.ts';
import { apiAs, type Account } from '../billing/support.ts';
import { registerVerified } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

// issue 7: a plain page on another origin embeds the snippet the dashboard shows, against the
// real server (widget API, call simulator, analytics).

/** A host page whose CSS tries hard to break anything it reaches (aggressive global resets). */
function hostPage(snippet: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Shop</title>
<style>
  * { all: unset !important; }
  html, body { display: block !important; font: 40px "Comic Sans MS", cursive !important; color: red !important; }
  button, input, div, p { background: lime !important; width: 10px !important; height: 10px !important; font-size: 5px !important; border: 9px solid blue !important; }
  style, script { display: none !important; }
</style>
<script>window.__globalsBefore = Object.getOwnPropertyNames(window);</script>
</head><body><h1>The shop</h1><p>Welcome.</p>
${snippet}
</body></html>`;
}

let host: Server;
let hostOrigin = '';
const pages = new Map<string, string>();

test.beforeAll(async () => {
  host = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/** A new client with a website and one floating icon widget; the page at `path` embeds its snippet. */
async function clientWithFloatingIcon(request: APIRequestContext, baseURL: string, path: string) {
  const account: Account = { email: uniqueEmail('widget'), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Widget Client' });
  const website = (await apiAs(request, account, 'POST', '/client/websites', { domain: `${path.slice(1)}.example.com` })) as { id: number; publicKey: string };
  const widget = (await apiAs(request, account, 'POST', '/client/widgets', {
    name: 'Floating icon on the shop',
    typeId: 3,
    websiteId: website.id,
    isActive: true,
    notifications: defaultNotifications(),
    settings: defaultWidgetConfiguration('+14155550123'),
  })) as { id: number };
  pages.set(path, hostPage(embedSnippet(baseURL, website.publicKey)));
  return { account, website, widget, url: `${hostOrigin}${path}` };
}

const today = () => new Date().toISOString().slice(0, 10);

test('the snippet on another site shows the floating icon, takes a call and counts the visit, view and click', async ({ page, request, baseURL }) => {
  const { account, website, widget, url } = await clientWithFloatingIcon(request, baseURL!, '/shop');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);

  // The floating icon, drawn as designed despite the page's resets.
  const icon = page.getByRole('button', { name: 'Call me' });
  await expect(icon).toBeVisible();
  const iconStyle = await icon.evaluate((element) => {
    const style = getComputedStyle(element);
    return { width: style.width, height: style.height, background: style.backgroundColor, position: style.position, radius: style.borderTopLeftRadius, border: style.borderTopWidth };
  });
  expect(iconStyle).toEqual({ width: '100px', height: '100px', background: 'rgb(245, 166, 36)', position: 'fixed', radius: '50%', border: '0px' });

  // One global, the namespace.
  const globals = await page.evaluate(() => {
    const before = new Set((window as unknown as { __globalsBefore: string[] }).__globalsBefore);
    return Object.getOwnPropertyNames(window).filter((name) => !before.has(name) && name !== '__globalsBefore');
  });
  expect(globals).toEqual(['CallbackWidget']);

  // Call now: a wrong number is refused with a clear message, a good one is accepted.
  await icon.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const callButton = dialog.getByRole('button', { name: 'Call Me Now' });
  expect(await callButton.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(131, 209, 252)');
  const phone = dialog.getByRole('textbox', { name: 'Phone number' });
  await phone.fill('12345');
  await callButton.click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong phone number format.');
  await phone.fill('+1 (415) 555-0199');
  await callButton.click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! We will call you within 10 seconds.');

  // The call is in Calls History.
  await expect
    .poll(async () => {
      const page = (await apiAs(request, account, 'GET', '/client/calls?page=1&perPage=20')) as { data: { customerNumber: string; widgetId: number; url: string }[] };
      return page.data.map((call) => ({ customerNumber: call.customerNumber, widgetId: call.widgetId, url: call.url }));
    }, { timeout: 30_000 })
    .toEqual([{ customerNumber: '+14155550199', widgetId: widget.id, url }]);

  // Leaving the page sends the events (sendBeacon on pagehide); Analytics counts them.
  await page.goto('about:blank');
  await expect
    .poll(async () => {
      const range = `dateFrom=${today()}T00:00:00.000Z&dateTo=${today()}T23:59:59.999Z`;
      const { data } = (await apiAs(request, account, 'GET', `/client/analytics?${range}`)) as {
        data: { websiteId: number; usage: { pageViews: number; widgets: { typeId: number; widgetViews: number; clicks: number }[] } }[];
      };
      const entry = data.find((day) => day.websiteId === website.id);
      const icon = entry?.usage.widgets.find((usage) => usage.typeId === 3);
      return { pageViews: entry?.usage.pageViews ?? 0, widgetViews: icon?.widgetViews ?? 0, clicks: icon?.clicks ?? 0 };
    }, { timeout: 20_000 })
    .toEqual({ pageViews: 1, widgetViews: 1, clicks: 1 });
  expect(errors).toEqual([]);
});

test('a page with an unknown key shows nothing and throws nothing', async ({ page, baseURL }) => {
  pages.set('/unknown', hostPage(embedSnippet(baseURL!, 'NoSuchKeyAAAAAAAAAAAAAAA')));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const configLoaded = page.waitForResponse((response) => response.url().includes('/widget-api/config/'));
  await page.goto(`${hostOrigin}/unknown`);
  expect((await configLoaded).status()).toBe(404);
  await expect(page.locator('callback-widget')).toHaveCount(0);
  expect(errors).toEqual([]);
});
