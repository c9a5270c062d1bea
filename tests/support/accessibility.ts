import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** A phone, a tablet, a laptop and a wide desktop (issue 8; issue 4: long tables on 1920 px). */
export const WIDTHS = [360, 768, 1440, 1920] as const;

/** Loading a screen's data on a loaded two-core machine (server, browser and other suites at once) can take a while. */
const LOADING = { timeout: 60_000 };

/** The screen has finished loading: its title is up, no table or chart is busy, no skeleton or spinner left. */
export async function settled(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(LOADING);
  // Every sign of loading looked for at once: checked one after another, each could pass in its
  // own moment (the shell's spinner gone before the screen's skeletons came), and the test went
  // on while the rows were still to replace them. A page the build rendered shows its heading
  // before the app runs: settled once the app has taken it over (AppRoot).
  await expect
    .poll(
      () => page.locator('#root[data-prerendered], [aria-busy="true"], .chakra-skeleton, .chakra-spinner').count(),
      { message: 'nothing on the screen is still loading', ...LOADING },
    )
    .toBe(0);
  // And still: no transition or finite animation running (axe once read the Sign In button's
  // colour halfway through its transition after the app took the page over).
  await animationsDone(page);
}

/** No transition or finite animation running: colours read halfway through a fade (a dialog's, a button's) are not the page's. */
export async function animationsDone(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length,
        ),
      { message: 'no transition still running', ...LOADING },
    )
    .toBe(0);
}

/** The rows of a data table (by its accessible name) once it has loaded. */
export async function loadedRows(page: Page, table: string): Promise<Locator> {
  const root = page.getByRole('table', { name: table });
  await expect(root).toHaveAttribute('aria-busy', 'false', LOADING);
  return root.locator('tbody tr');
}

/**
 * axe-core on the whole page (WCAG 2.1 A and AA plus best practices), keeping only what it rates
 * serious or critical, one readable line per rule and element.
 */
export async function seriousViolations(page: Page, { disableRules = [] }: { disableRules?: string[] } = {}): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .disableRules(disableRules)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`),
    );
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, where: string, options?: { disableRules?: string[] }): Promise<void> {
  // A dialog that has just opened is still fading in (axe read its red button at 3.8:1 halfway).
  await animationsDone(page);
  expect.soft(await seriousViolations(page, options), `axe on ${where}`).toEqual([]);
}

/** The page itself never scrolls sideways (a table may scroll inside its own card). */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest: [] };
    // The innermost elements reaching past the right edge, to name the culprit.
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5);
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest: innermost.slice(0, 5).map(describe) };
  });
  expect.soft(scrollWidth, `page width on ${where} (viewport ${clientWidth} px; past the edge: ${widest.join(' | ')})`).toBeLessThanOrEqual(clientWidth);
}

/**
 * How an element shows focus: its outline and shadow. A visually hidden input (the switches' and
 * checkboxes') shows focus on the control beside it, so for those it is the label's parts.
 */
function focusLook(element: Element): string {
  const look = (node: Element) => {
    const style = getComputedStyle(node);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.boxShadow}`;
  };
  const hidden = element instanceof HTMLInputElement && element.getBoundingClientRect().width <= 1;
  const parts = hidden && element.parentElement ? [...element.parentElement.querySelectorAll('*')] : [element];
  return parts.map(look).join(' | ');
}

/** Presses Tab until `target` has focus (it must be reachable so), then checks the focus shows. */
export async function tabTo(page: Page, target: Locator, { limit = 60, key = 'Tab' } = {}): Promise<void> {
  await expect(target).toBeVisible();
  await expect(target).not.toBeFocused();
  const unfocused = await target.evaluate(focusLook);
  for (let presses = 0; presses < limit && !(await target.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
  await expect.poll(() => target.evaluate(focusLook), { message: 'the focused element looks different from when it is not focused' }).not.toBe(unfocused);
}

/**
 * Tabs through the whole page from the top: every stop is on screen and shows its focus (its
 * outline or shadow differ from its look before anything had focus). Returns the stops.
 */
export async function expectEveryTabStopVisible(page: Page, limit = 120): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Each focusable element's look before anything has focus, by a number written on it.
  const unfocused: string[] = [];
  for (const element of await page.locator('a[href], button, input, select, textarea, summary, audio, [tabindex]').all()) {
    await element.evaluate((node, index) => node.setAttribute('data-focus-probe', String(index)), unfocused.length);
    unfocused.push(await element.evaluate(focusLook));
  }
  const focused = page.locator(':focus');
  const stops: string[] = [];
  for (let stop = 0; stop < limit; stop += 1) {
    await page.keyboard.press('Tab');
    const now = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const shown = element instanceof HTMLInputElement && element.getBoundingClientRect().width <= 1 ? element.parentElement! : element;
      const box = shown.getBoundingClientRect();
      return {
        description: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
        onScreen: box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth,
        probe: element.getAttribute('data-focus-probe'),
      };
    });
    if (now === null || (stops.length > 1 && now.description === stops[0])) break;
    stops.push(now.description);
    expect.soft(now.onScreen, `${now.description} is on screen when focused`).toBe(true);
    expect.soft(now.probe, `${now.description} was on the page before`).not.toBeNull();
    const before = unfocused[Number(now.probe)];
    await expect.soft.poll(() => focused.evaluate(focusLook), { message: `${now.description} shows focus`, timeout: 5_000 }).not.toBe(before);
  }
  return stops;
}

/**
 * A form field announces its error: it is aria-invalid and described by (or sits next to an
 * alert with) the message.
 */
export async function expectAnnouncedError(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}
