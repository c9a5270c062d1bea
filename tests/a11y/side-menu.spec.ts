import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, settled } from '../support/accessibility.ts';
import { addDays, DEMO, signInDemo, todayIn } from '../support/dataScreens.ts';

/** The side menu's box against the window's (issue 21: it once ended partway down long pages). */
async function menuBox(menu: Locator) {
  const box = await menu.boundingBox();
  expect(box, 'the side menu is laid out').not.toBeNull();
  return box!;
}

async function scrollToBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => window.scrollY);
}

// Long pages of the demo account: a month of calls at 100 a page, and the agents (in a low
// window: the demo's few agents fit in a tall one).
const LONG_PAGES = [
  { path: () => `/calls?dateFrom=${addDays(todayIn(DEMO.timeZone), -30)}&perPage=100`, heading: 'Calls History', height: 800 },
  { path: () => '/agents', heading: 'Agents', height: 400 },
];

for (const { path, heading, height } of LONG_PAGES) {
  test(`${heading}: the side menu spans the window and stays in place down to the bottom of the page`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height });
    await signInDemo(page);
    await page.goto(path());
    await settled(page, heading);
    const aside = page.locator('#side-menu');
    const menu = page.getByRole('navigation', { name: 'Main menu' });

    expect(await menuBox(aside)).toMatchObject({ x: 0, y: 0, height });
    // The page is long enough for the check to mean something (the agents' page scrolls a little).
    expect(await scrollToBottom(page)).toBeGreaterThan(heading === 'Agents' ? 0 : height);
    expect(await menuBox(aside)).toMatchObject({ x: 0, y: 0, height });
    // Its entries are on the screen, not scrolled away with the page; the last ones, in a window
    // lower than the menu, once the menu has scrolled on its own, which leaves it in place.
    for (const name of ['Analytics', 'Calls History', 'Agents']) await expect(menu.getByRole('link', { name })).toBeInViewport();
    const signOut = menu.getByRole('link', { name: 'Sign Out' });
    await signOut.scrollIntoViewIfNeeded();
    await expect(signOut).toBeInViewport();
    expect(await menuBox(aside)).toMatchObject({ x: 0, y: 0, height });
    await expectNoSidewaysScroll(page, `${heading} at 1440 px`);
  });
}

test('at 360 px the drawer covers the window at the bottom of a long page, and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInDemo(page);
  await page.goto(LONG_PAGES[0]!.path());
  await settled(page, 'Calls History');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeHidden();
  await scrollToBottom(page);
  await expectNoSidewaysScroll(page, 'Calls History at 360 px');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
  expect(await menuBox(page.locator('#side-menu'))).toMatchObject({ y: 0, height: 740 });
  await expect(menu.getByRole('link', { name: 'Analytics' })).toBeInViewport();
  await expectNoSidewaysScroll(page, 'Calls History at 360 px, menu open');
  await menu.getByRole('link', { name: 'Agents' }).click();
  await settled(page, 'Agents');
  await expect(menu).toBeHidden();
});
