import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from '../support/accessibility.ts';
import { addDays, apiGet, columnTexts, DEMO, setDay, signInDemo, todayIn } from '../support/dataScreens.ts';

// Issue 20: the Analytics screen's Calls by source card, on the demo account's sources.

type SourceUsage = { source: string; medium: string | null; campaign: string | null; widgetViews: number; calls: number; scheduledCalls: number; conversionRate: number };
type CallsBySource = { data: SourceUsage[]; others: unknown };
type Website = { id: number; domain: string };

const numbers = new Intl.NumberFormat('en');
const TABLE = 'Calls by source';

async function expectedSources(request: Parameters<typeof apiGet>[0], from: string, to: string, websiteId?: number) {
  const answer = await apiGet<CallsBySource>(request, '/client/analytics/sources', { dateFrom: `${from}T00:00:00.000Z`, dateTo: `${to}T23:59:59.999Z`, websiteId });
  return answer.data;
}

test.describe('Calls by source', () => {
  test('lists the sources of the range, most calls first, and follows the filters', async ({ page }) => {
    await signInDemo(page);
    const today = todayIn(DEMO.timeZone);
    const from = addDays(today, -29);
    await setDay(page, 'Date from', from);
    const card = page.getByRole('region', { name: TABLE });
    await expect(card.getByRole('heading', { level: 2, name: TABLE })).toBeVisible();
    const expected = await expectedSources(page.request, from, today);
    expect(expected.length).toBeGreaterThan(5);
    await expect.poll(() => columnTexts(page, TABLE, 'Source')).toEqual(expected.map((row) => row.source));
    expect(await columnTexts(page, TABLE, 'Calls')).toEqual(expected.map((row) => numbers.format(row.calls)));
    expect(await columnTexts(page, TABLE, 'Campaign')).toEqual(expected.map((row) => row.campaign ?? '—'));
    const first = expected[0]!;
    const rate = first.conversionRate ? `${first.conversionRate.toFixed(2)}%` : '0%';
    expect((await columnTexts(page, TABLE, 'Conversion Rate'))[0]).toBe(rate);
    const headers = (await page.getByRole('table', { name: TABLE }).locator('thead th').allTextContents()).map((text) => text.trim());
    expect(headers).toEqual(['Source', 'Medium', 'Campaign', 'Widget Views', 'Calls', 'Scheduled calls', 'Conversion Rate']);

    // The screen's website filter applies to the card too.
    const websites = (await apiGet<{ data: Website[] }>(page.request, '/client/websites', {})).data;
    const website = websites[0]!;
    await page.getByLabel('Websites').selectOption({ label: website.domain });
    const filtered = await expectedSources(page.request, from, today, website.id);
    await expect.poll(() => columnTexts(page, TABLE, 'Calls')).toEqual(filtered.map((row) => numbers.format(row.calls)));
  });

  test('shows a failed load with a retry, and the date error hides it', async ({ page }) => {
    let fail = true;
    await page.route('**/api/client/analytics/sources?**', (route) => (fail ? route.fulfill({ status: 500, json: { error: 'server_error', error_description: 'boom' } }) : route.fallback()));
    await signInDemo(page);
    const card = page.getByRole('region', { name: TABLE });
    await expect(card.getByText('Failed to get calls by source.')).toBeVisible();
    fail = false;
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(card.getByText('Failed to get calls by source.')).toHaveCount(0);
    await expect(page.getByRole('table', { name: TABLE }).locator('tbody tr').first()).toBeVisible();
    // Date from (yesterday, the default) after Date to: the screen's date error, no card.
    const today = todayIn(DEMO.timeZone);
    await setDay(page, 'Date to', addDays(today, -2));
    await expect(page.getByText('Date from cannot be bigger than date to')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('fits a 360 px phone, is accessible, and its table scrolls in its own box by keyboard', async ({ page }) => {
    await signInDemo(page);
    const card = page.getByRole('region', { name: TABLE });
    await expect(card.getByRole('heading', { level: 2, name: TABLE })).toBeVisible();
    await expect(page.getByRole('table', { name: TABLE })).toHaveAttribute('aria-busy', 'false');
    await expectAccessible(page, 'Analytics with Calls by source at 1440 px');
    // The scroll area is a focusable region of its own (keyboard users scroll it with the arrows).
    const scroller = card.locator('[role="region"][tabindex="0"]').first();
    await scroller.focus();
    await expect(scroller).toBeFocused();
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(card.getByText('Source').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'Analytics at 360 px');
    await expectAccessible(page, 'Analytics with Calls by source at 360 px');
  });
});
