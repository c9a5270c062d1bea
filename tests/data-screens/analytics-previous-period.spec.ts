import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from '../support/accessibility.ts';
import { addDays, apiGet, DEMO, signInDemo, todayIn } from '../support/dataScreens.ts';

// Issue 21: each Analytics summary card shows its change against the previous period of the
// same length (common/rules/periodComparison.ts), from GET /client/analytics `previousPeriod`.

type Usage = { widgetViews: number; calls: number };
type Answer = {
  data: { usage: { pageViews: number; widgets: Usage[] } }[];
  previousPeriod: { dateFrom: string; dateTo: string; days: number; pageViews: number; widgetViews: number; calls: number };
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The answer for a range of UTC days, as the screen asks for it. */
async function answerFor(page: Page, from: string, to: string): Promise<Answer> {
  return apiGet<Answer>(page.request, '/client/analytics', { dateFrom: `${from}T00:00:00.000Z`, dateTo: `${to}T23:59:59.999Z` });
}

/** A count's change as a card words it (whole percent, signed): "+12%", "-5%", "0%". */
function percentText(current: number, previous: number): string {
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

function change(page: Page, label: string) {
  // The figure's first dd is its value; the second its change.
  return page.locator('dl dt', { hasText: new RegExp(`^${label}$`) }).first().locator('xpath=following-sibling::dd[2]');
}

test.describe('Analytics against the previous period', () => {
  // The demo account has 90 days of history up to the day it was seeded: a week well inside it,
  // and the week before, both have traffic. The range is named in the URL, not picked.
  test('each card shows its change for a fixed 7-day range, in words and with its sign', async ({ page }) => {
    await signInDemo(page);
    const today = todayIn(DEMO.timeZone);
    const from = addDays(today, -20);
    const to = addDays(today, -14);
    const answer = await answerFor(page, from, to);
    expect(answer.previousPeriod).toMatchObject({ dateFrom: addDays(from, -7), dateTo: addDays(from, -1), days: 7 });
    const previous = answer.previousPeriod;
    expect(previous.pageViews * previous.widgetViews * previous.calls).toBeGreaterThan(0);
    const widgets = answer.data.flatMap((day) => day.usage.widgets);
    const pageVisits = sum(answer.data.map((day) => day.usage.pageViews));

    await page.goto(`/dashboard?dateFrom=${from}&dateTo=${to}`);
    const pageVisitsChange = change(page, 'Page Visits');
    await expect(pageVisitsChange).toContainText(`${percentText(pageVisits, previous.pageViews)} vs previous 7 days`);
    const direction = pageVisits > previous.pageViews ? 'up' : pageVisits < previous.pageViews ? 'down' : 'flat';
    await expect(pageVisitsChange).toHaveAttribute('data-direction', direction);
    // Heard without the arrow or the sign: "up 12% vs previous 7 days".
    const spoken = await pageVisitsChange.locator(':not([aria-hidden])').textContent();
    expect(spoken).toMatch(direction === 'flat' ? /^no change vs previous 7 days$/ : new RegExp(`^${direction} \\d+% vs previous 7 days$`));

    await expect(change(page, 'Widget Views')).toContainText(`${percentText(sum(widgets.map((w) => w.widgetViews)), previous.widgetViews)} vs previous 7 days`);
    await expect(change(page, 'Calls')).toContainText(`${percentText(sum(widgets.map((w) => w.calls)), previous.calls)} vs previous 7 days`);
    // The conversion rate moves in percentage points.
    await expect(change(page, 'Conversion Rate')).toContainText(/(^|\s)([+-][\d.]+|0) pp vs previous 7 days/);
  });

  test('a one-day range compares with the day before', async ({ page }) => {
    await signInDemo(page);
    const day = addDays(todayIn(DEMO.timeZone), -10);
    await page.goto(`/dashboard?dateFrom=${day}&dateTo=${day}`);
    await expect(change(page, 'Page Visits')).toContainText(/ vs previous day$/);
    await expect(change(page, 'Calls')).toContainText(/vs previous day/);
  });

  test('the cards with their changes are axe-clean and fit 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInDemo(page);
    const today = todayIn(DEMO.timeZone);
    await page.goto(`/dashboard?dateFrom=${addDays(today, -20)}&dateTo=${addDays(today, -14)}`);
    await expect(change(page, 'Conversion Rate')).toContainText('vs previous 7 days');
    await expectAccessible(page, 'Analytics with changes at 360 px');
    await expectNoSidewaysScroll(page, 'Analytics with changes at 360 px');
  });
});
