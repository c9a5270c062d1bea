import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { components } from '../../common/contract/dashboard.gen.ts';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { embedSnippet } from '../../src/lib/embedSnippet.ts';
import { apiAs, type Account } from './billing.ts';
import { registerVerified } from './accounts.ts';
import { uniqueEmail } from './mailbox.ts';

// issue 7: plain pages on another origin embed the snippet the dashboard shows, against the real
// server (widget API, call simulator, ledger, analytics).

type WidgetConfiguration = components['schemas']['WidgetConfiguration'];

/** metadata widget types (server/db/referenceData.ts). */
export const WIDGET_TYPES = { exitPopup: 1, timedPopup: 2, floatingIcon: 3 } as const;

/** The name clientWithWidget gives its widget (the host page's analytics report it, issue 19). */
export const WIDGET_NAME = 'Widget on the shop';

/** The simulator's test number that always connects (server/adapters/telephony/callSimulator.ts). */
export const CONNECTING_NUMBER = '+15005550004';

/** A host page whose CSS tries hard to break anything it reaches (aggressive global resets). */
const AGGRESSIVE_RESET = `<style>
  * { all: unset !important; }
  html, body { display: block !important; font: 40px "Comic Sans MS", cursive !important; color: red !important; }
  button, input, div, p { background: lime !important; width: 10px !important; height: 10px !important; font-size: 5px !important; border: 9px solid blue !important; }
  style, script { display: none !important; }
</style>`;

/**
 * A shop's page embedding `snippet`, with the aggressive reset unless `reset: false`. The names
 * on `window` are noted before anything else runs (window.__globalsBefore), to find what the
 * widget adds.
 */
export function hostPage(snippet: string, { reset = true } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
${reset ? AGGRESSIVE_RESET : ''}
<script>window.__globalsBefore = Object.getOwnPropertyNames(window);</script>
</head><body><h1>The shop</h1><p>Welcome.</p>
${snippet}
</body></html>`;
}

/** The names the page's scripts added to `window` since hostPage noted them (both ways of listing). */
export function addedGlobals(page: Page): Promise<{ keys: string[]; names: string[] }> {
  return page.evaluate(() => {
    const before = new Set((window as unknown as { __globalsBefore: string[] }).__globalsBefore);
    const added = (names: string[]) => names.filter((name) => !before.has(name) && name !== '__globalsBefore');
    return { keys: added(Object.keys(window)), names: added(Object.getOwnPropertyNames(window)) };
  });
}

/**
 * A plain web server on another local port (another origin than the product) for the spec's
 * tests: `publish(path, html)` serves a page and answers its address.
 */
export function useHostSite() {
  const pages = new Map<string, string>();
  let server: Server;
  let origin = '';
  test.beforeAll(async () => {
    server = createServer((request, response) => {
      const page = pages.get(request.url ?? '');
      if (!page) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    publish(path: string, html: string): string {
      pages.set(path, html);
      return `${origin}${path}`;
    },
  };
}

export interface ClientWidget {
  account: Account;
  website: { id: number; publicKey: string };
  widget: { id: number };
  snippet: string;
}

/**
 * A new client (20 credits from sign-up) with a website and one active widget of `typeId`
 * calling a single number; `adjust` changes the wizard's defaults first.
 */
export async function clientWithWidget(
  request: APIRequestContext,
  baseURL: string,
  { typeId = WIDGET_TYPES.floatingIcon, adjust }: { typeId?: number; adjust?: (configuration: WidgetConfiguration) => void } = {},
): Promise<ClientWidget> {
  const account: Account = { email: uniqueEmail('widget'), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Widget Client' });
  const website = (await apiAs(request, account, 'POST', '/client/websites', { domain: `${account.email.split('@')[0]!.replaceAll('.', '-')}.example.com` })) as {
    id: number;
    publicKey: string;
  };
  const settings = defaultWidgetConfiguration('+14155550123');
  adjust?.(settings);
  const widget = (await apiAs(request, account, 'POST', '/client/widgets', {
    name: WIDGET_NAME,
    typeId,
    websiteId: website.id,
    isActive: true,
    notifications: defaultNotifications(),
    settings,
  })) as { id: number };
  return { account, website, widget, snippet: embedSnippet(baseURL, website.publicKey) };
}

/** Collects the errors the page throws (the widget must never throw into the host page). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The widget's host elements on the page (each draws into its shadow root). */
export function widgetHosts(page: Page): Locator {
  return page.locator('callback-widget');
}

type CallPage = { data: { id: number; convertId: string; status: string; customerNumber: string; widgetId: number; url: string; TwilioCalls: unknown[] }[]; count: number };

/** The account's calls, newest first (GET /client/calls, the list Calls History shows). */
export async function callsOf(request: APIRequestContext, account: Account): Promise<CallPage['data']> {
  return ((await apiAs(request, account, 'GET', '/client/calls?page=1&perPage=200')) as CallPage).data;
}

/** The account's credit balance (GET /client/credits). */
export async function creditsOf(request: APIRequestContext, account: Account): Promise<number> {
  return ((await apiAs(request, account, 'GET', '/client/credits')) as { credits: number }).credits;
}

/**
 * A visitor at `address` (a loopback address other than 127.0.0.1, so each visitor has its own
 * per-address limit, as real visitors do) asks for a call through the public widget API, as the
 * embed script does. Answers the HTTP status.
 */
export function requestCallFrom(baseURL: string, address: string, body: { key: string; widgetId: number; phone: string; url: string }): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      `${baseURL}/widget-api/calls`,
      { method: 'POST', localAddress: address, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/**
 * Spends every credit of a client the one way the product spends them: visitors' calls that
 * connect (one credit each), through the public widget API. The client's widget must ring once
 * (numberOfTries 1), so a call has ended once its legs are recorded. Outcomes are the
 * simulator's realistic random ones, so each round asks for more calls than the balance, and
 * rounds go on until it is zero; a request that finds every credit held by calls in progress is
 * refused (422). The client first raises its call request limits (Account Settings, Call Request
 * Limits), which would otherwise stop the burst after 10 requests.
 */
export async function spendAllCredits(request: APIRequestContext, baseURL: string, client: ClientWidget, url: string): Promise<void> {
  await apiAs(request, client.account, 'PUT', '/client/call-limits', { perWidget: 10_000, perAccount: 10_000 });
  let visitor = 0;
  for (let round = 1; round <= 6; round += 1) {
    const balance = await creditsOf(request, client.account);
    if (balance === 0) return;
    const statuses = await Promise.all(
      Array.from({ length: Math.ceil(balance * 1.6) + 1 }, () => {
        visitor += 1;
        // Each visitor has its own number and address (per-number and per-address limits).
        const phone = `+1415555${String(1000 + visitor)}`;
        return requestCallFrom(baseURL, `127.0.${Math.floor(visitor / 200) + 1}.${(visitor % 200) + 10}`, { key: client.website.publicKey, widgetId: client.widget.id, phone, url });
      }),
    );
    expect(statuses.filter((status) => status !== 202 && status !== 422), `call requests answered ${statuses.join(', ')}`).toEqual([]);
    await expect.poll(async () => (await callsOf(request, client.account)).filter((call) => call.TwilioCalls.length === 0).length, { timeout: 90_000 }).toBe(0);
  }
  await expect.poll(() => creditsOf(request, client.account)).toBe(0);
}

/** The account's page visits, widget views and clicks of one widget type today (GET /client/analytics). */
export async function analyticsToday(request: APIRequestContext, account: Account, websiteId: number, typeId: number) {
  const today = new Date().toISOString().slice(0, 10);
  const range = `dateFrom=${today}T00:00:00.000Z&dateTo=${today}T23:59:59.999Z`;
  const { data } = (await apiAs(request, account, 'GET', `/client/analytics?${range}`)) as {
    data: { websiteId: number; usage: { pageViews: number; widgets: { typeId: number; widgetViews: number; clicks: number }[] } }[];
  };
  const entry = data.find((day) => day.websiteId === websiteId);
  const usage = entry?.usage.widgets.find((widget) => widget.typeId === typeId);
  return { pageViews: entry?.usage.pageViews ?? 0, widgetViews: usage?.widgetViews ?? 0, clicks: usage?.clicks ?? 0 };
}
