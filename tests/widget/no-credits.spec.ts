import { expect, test } from '@playwright/test';
import { clientWithWidget, creditsOf, hostPage, pageErrors, spendAllCredits, useHostSite, widgetHosts } from '../support/embeddedWidget.ts';

// issue 7 Tests: with zero credits (and no overdraft) the widget does not render.

const site = useHostSite();

test('once visitors\' calls have spent every credit, the widget shows nothing', async ({ browser, page, request, baseURL }) => {
  // One try per call, so a call has ended once its first attempt has (support.ts spendAllCredits).
  const client = await clientWithWidget(request, baseURL!, { adjust: (configuration) => Object.assign(configuration.settings, { numberOfTries: 1 }) });
  const url = site.publish('/spent', hostPage(client.snippet));
  const errors = pageErrors(page);

  // With credits, the icon shows.
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'Call me' })).toBeVisible();

  await spendAllCredits(request, baseURL!, client, url);
  expect(await creditsOf(request, client.account)).toBe(0);
  // The server serves the configuration from memory and sees the balance change at its next check (within a second).
  const configUrl = `${baseURL}/widget-api/config/${client.website.publicKey}`;
  await expect.poll(async () => ((await (await request.get(configUrl)).json()) as { available: boolean }).available).toBe(false);

  // A new visitor (the first one's browser may keep the configuration for its max-age of 30 s):
  // the configuration says unavailable, and nothing is drawn.
  const visitor = await browser.newContext();
  const newcomer = await visitor.newPage();
  const newcomerErrors = pageErrors(newcomer);
  const configLoaded = newcomer.waitForResponse((response) => response.url().includes('/widget-api/config/'));
  await newcomer.goto(url);
  const config = await configLoaded;
  expect(config.status()).toBe(200);
  expect(await config.json()).toMatchObject({ available: false, widgets: [] });
  // The script has finished with the answer when the page has loaded and is idle.
  await newcomer.waitForLoadState('networkidle');
  await expect(widgetHosts(newcomer)).toHaveCount(0);
  await expect(newcomer.getByRole('button', { name: 'Call me' })).toHaveCount(0);
  expect([...errors, ...newcomerErrors]).toEqual([]);
  await visitor.close();
});
