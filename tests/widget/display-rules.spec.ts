import { expect, test, type Page } from '@playwright/test';
import type { DisplayRules } from '../../common/rules/displayRules.ts';
import { DEFAULT_DISPLAY_RULES } from '../../common/rules/displayRules.ts';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { apiAs } from '../support/billing.ts';
import { clientWithWidget, hostPage, pageErrors, useHostSite, WIDGET_TYPES, widgetHosts } from '../support/embeddedWidget.ts';

// issue 20 Display rules per widget, on a plain page of another origin against the real server:
// the script evaluates the widget's rules on the host page (pages, UTM source, scroll depth, time
// on the page, new or returning visitors), and sends the visitor's first-touch source.

const site = useHostSite();

/** A client whose one widget (a floating icon unless told) has these display rules. */
function clientWithRules(request: Parameters<typeof clientWithWidget>[0], baseURL: string, rules: Partial<DisplayRules>, typeId: number = WIDGET_TYPES.floatingIcon) {
  return clientWithWidget(request, baseURL, {
    typeId,
    adjust: (configuration) => Object.assign(configuration.settings, { showsAfter: 0, repeatAfter: null, displaysPerVisit: 1, displayRules: { ...DEFAULT_DISPLAY_RULES, ...rules } }),
  });
}

/** Opens `url` and waits until the widget's configuration has arrived and been acted on. */
async function visit(page: Page, url: string): Promise<void> {
  const configLoaded = page.waitForResponse((response) => response.url().includes('/widget-api/config/'));
  await page.goto(url);
  expect((await configLoaded).status()).toBe(200);
  // Two frames: the script has read the answer and shown what it shows at once.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('include and exclude page patterns: shown on the shop’s pages, never on its checkout, nowhere else', async ({ page, request, baseURL }) => {
  const client = await clientWithRules(request, baseURL!, { includePages: ['/shop/*', '/pricing'], excludePages: ['*/checkout*'] });
  const errors = pageErrors(page);
  for (const [path, shown] of [['/shop/shoes', true], ['/pricing/?plan=pro', true], ['/shop/checkout/pay', false], ['/about', false]] as const) {
    await visit(page, site.publish(path, hostPage(client.snippet)));
    await expect(widgetHosts(page), path).toHaveCount(shown ? 1 : 0);
  }
  expect(errors).toEqual([]);
});

test('UTM sources: shown to a visit from Google on each of its pages, not to a direct one; the first touch goes with events and calls', async ({ page, request, baseURL, browser }) => {
  const client = await clientWithRules(request, baseURL!, { utmSources: ['google'] });
  const landing = site.publish('/utm/landing?utm_source=Google&utm_medium=cpc&utm_campaign=spring', hostPage(client.snippet));
  const next = site.publish('/utm/next', hostPage(client.snippet));
  const firstTouch = { source: 'google', medium: 'cpc', campaign: 'spring', landingPage: '/utm/landing?utm_source=Google&utm_medium=cpc&utm_campaign=spring' };
  const sent: { path: string; body: { source?: unknown } }[] = [];
  page.on('request', (request) => {
    const path = /\/widget-api\/(events|calls)$/.exec(request.url())?.[1];
    if (path) sent.push({ path, body: JSON.parse(request.postData() ?? '{}') });
  });

  await visit(page, landing);
  await expect(widgetHosts(page)).toHaveCount(1);
  // The next page of the visit has no UTM parameters: the visit came from Google all the same.
  await visit(page, next);
  await expect(widgetHosts(page)).toHaveCount(1);
  // The events go when the page is hidden (a beacon); told so here, the page stays to be watched.
  await page.evaluate(() => dispatchEvent(new Event('pagehide')));
  await expect.poll(() => sent.find((request) => request.path === 'events')?.body.source).toEqual(firstTouch);

  await page.getByRole('button', { name: 'Call me' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+1 (500) 555-0004');
  await dialog.getByRole('button', { name: 'Call Me Now' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! We will call you within 10 seconds.');
  expect(sent.find((request) => request.path === 'calls')?.body.source).toEqual(firstTouch);

  // Another visitor comes straight to the next page: no source listed, no widget.
  const stranger = await browser.newPage();
  try {
    await visit(stranger, next);
    await expect(widgetHosts(stranger)).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test('new and returning visitors: one widget for the first visit, the other for later visits', async ({ page, request, baseURL, context }) => {
  const client = await clientWithRules(request, baseURL!, { visitors: 'new' });
  const returningOnly = defaultWidgetConfiguration('+14155550123');
  Object.assign(returningOnly.settings, { showsAfter: 0, repeatAfter: null, displaysPerVisit: 1, displayRules: { ...DEFAULT_DISPLAY_RULES, visitors: 'returning' } });
  await apiAs(request, client.account, 'POST', '/client/widgets', {
    name: 'For returning visitors', typeId: WIDGET_TYPES.timedPopup, websiteId: client.website.id, isActive: true, notifications: defaultNotifications(), settings: returningOnly,
  });
  const home = site.publish('/visitors/home', hostPage(client.snippet));
  const other = site.publish('/visitors/other', hostPage(client.snippet));

  // The first visit, on every page of it: the new visitors' floating icon, no popup.
  for (const url of [home, other]) {
    await visit(page, url);
    await expect(page.getByRole('button', { name: 'Call me' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  // A new tab during the first visit (a new session within its first 30 minutes) is still that visit.
  const secondTab = await context.newPage();
  await visit(secondTab, other);
  await expect(secondTab.getByRole('button', { name: 'Call me' })).toBeVisible();
  await expect(secondTab.getByRole('dialog')).toHaveCount(0);
  await secondTab.close();
  // A later visit (a new tab an hour on: a new session, the same site storage): the returning visitors' popup only.
  const later = await context.newPage();
  await later.clock.install({ time: Date.now() + 60 * 60_000 });
  await visit(later, home);
  await expect(later.getByRole('dialog', { name: 'Would you like us to call you right now?' })).toBeVisible();
  await expect(widgetHosts(later)).toHaveCount(1);
  await later.close();
});

test('scroll depth: the floating icon appears once the visitor has seen half of the page', async ({ page, request, baseURL }) => {
  const client = await clientWithRules(request, baseURL!, { minScrollPercent: 50 });
  const errors = pageErrors(page);
  const tall = hostPage(client.snippet, { reset: false }).replace('<p>Welcome.</p>', '<p>Welcome.</p><div style="height: 4000px"></div>');
  await page.setViewportSize({ width: 1000, height: 800 });
  await visit(page, site.publish('/long-read', tall));
  const scrollTo = async (y: number) => {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await expect(widgetHosts(page)).toHaveCount(0);
  // The bottom of the window a little short of half the page.
  await scrollTo(height / 2 - 800 - 50);
  await expect(widgetHosts(page)).toHaveCount(0);
  await scrollTo(height / 2 - 800 + 50);
  await expect(widgetHosts(page)).toHaveCount(1);
  // Scrolled back up, it stays.
  await scrollTo(0);
  await expect(widgetHosts(page)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('time on the page: the Timed popup due at 2 s waits for the 6 s its rules ask, counted from the page load', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!, {
    typeId: WIDGET_TYPES.timedPopup,
    adjust: (configuration) => Object.assign(configuration.settings, { showsAfter: 2, repeatAfter: null, displaysPerVisit: 1, displayRules: { ...DEFAULT_DISPLAY_RULES, minSecondsOnPage: 6 } }),
  });
  const url = site.publish('/timed-rules', hostPage(client.snippet));
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (!document.querySelector('callback-widget')) return;
      document.documentElement.dataset.widgetShownAt = String(Date.now());
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  // The page's clock stands still until the test moves it (as popups.spec.ts): observed, not waited for.
  const loadedAt = Date.now() + 1_000;
  await page.clock.install({ time: loadedAt - 1_000 });
  await page.clock.pauseAt(loadedAt);
  const configLoaded = page.waitForResponse((response) => response.url().includes('/widget-api/config/'));
  await page.goto(url);
  expect((await configLoaded).status()).toBe(200);

  // Past showsAfter, a millisecond short of the rule's 6 s: nothing yet.
  await page.clock.runFor(6_000 - 1);
  await expect(widgetHosts(page)).toHaveCount(0);
  await page.clock.resume();
  await expect(page.getByRole('dialog', { name: 'Would you like us to call you right now?' })).toBeVisible();
  const shownAt = Number(await page.evaluate(() => document.documentElement.dataset.widgetShownAt));
  expect(shownAt - loadedAt).toBeGreaterThanOrEqual(6_000);
});
