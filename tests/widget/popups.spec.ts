import { expect, test } from '@playwright/test';
import { clientWithWidget, hostPage, pageErrors, useHostSite, WIDGET_TYPES, widgetHosts } from '../support/embeddedWidget.ts';

// issue 7 Tests: the Timed popup appears after showsAfter seconds; the Exit popup on exit intent.

const site = useHostSite();

/** Notes (on <html>, not a global) when the first widget host element is added, in the page's clock. */
const NOTE_FIRST_WIDGET = () => {
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('callback-widget')) return;
    document.documentElement.dataset.widgetShownAt = String(Date.now());
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};

test('the timed popup appears showsAfter seconds after the widgets load, not before', async ({ page, request, baseURL }) => {
  const showsAfter = 4;
  const client = await clientWithWidget(request, baseURL!, {
    typeId: WIDGET_TYPES.timedPopup,
    adjust: (configuration) => Object.assign(configuration.settings, { showsAfter, repeatAfter: null, displaysPerVisit: 1 }),
  });
  const url = site.publish('/timed', hostPage(client.snippet));
  const errors = pageErrors(page);
  await page.addInitScript(NOTE_FIRST_WIDGET);
  // The page's clock stands still from the start and moves only when the test moves it: the
  // widget's timer is observed to the millisecond instead of waited for.
  const loadedAt = Date.now() + 1_000;
  await page.clock.install({ time: loadedAt - 1_000 });
  await page.clock.pauseAt(loadedAt);
  const configLoaded = page.waitForResponse((response) => response.url().includes('/widget-api/config/'));
  await page.goto(url);
  expect((await configLoaded).status()).toBe(200);

  // A millisecond short of showsAfter: nothing yet.
  await page.clock.runFor(showsAfter * 1000 - 1);
  await expect(widgetHosts(page)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Time runs on: the popup appears, no earlier than showsAfter seconds after the page loaded
  // and its configuration arrived (the clock stood at loadedAt until the test moved it).
  await page.clock.resume();
  const dialog = page.getByRole('dialog', { name: 'Would you like us to call you right now?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Call Me Now' })).toBeVisible();
  const shownAt = Number(await page.evaluate(() => document.documentElement.dataset.widgetShownAt));
  expect(shownAt - loadedAt).toBeGreaterThanOrEqual(showsAfter * 1000);

  // Closed, it does not come back on this visit (displaysPerVisit 1).
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(widgetHosts(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the exit popup appears when the mouse leaves through the top of the window, and only then', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!, { typeId: WIDGET_TYPES.exitPopup });
  const url = site.publish('/exit', hostPage(client.snippet));
  const errors = pageErrors(page);
  const configLoaded = page.waitForResponse((response) => response.url().includes('/widget-api/config/'));
  await page.goto(url);
  expect((await configLoaded).status()).toBe(200);

  // Moving about the page, and leaving through a side, is no exit intent.
  await page.mouse.move(200, 200);
  await page.mouse.move(400, 300, { steps: 5 });
  await page.mouse.move(-20, 300, { steps: 5 });
  await page.mouse.move(400, 300, { steps: 5 });
  await expect(widgetHosts(page)).toHaveCount(0);

  // Heading for the tabs or the address bar: out through the top.
  await page.mouse.move(400, -20, { steps: 5 });
  const dialog = page.getByRole('dialog', { name: 'Would you like us to call you right now?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(widgetHosts(page)).toHaveCount(0);

  // Once per visit.
  await page.mouse.move(400, 300, { steps: 5 });
  await page.mouse.move(400, -20, { steps: 5 });
  // The popup opens in the mouseout handler itself, so it would be there already.
  expect(await widgetHosts(page).count()).toBe(0);
  expect(errors).toEqual([]);
});
