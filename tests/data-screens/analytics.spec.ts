import { expect, test, type Page } from '@playwright/test';
import { addDays, apiGet, DEMO, searchOf, setDay, signInDemo, signInFreshAccount, todayIn } from '../support/dataScreens.ts';

type Usage = { typeId: number; widgetViews: number; clicks: number; calls: number; scheduledCalls: Record<'successful' | 'missed' | 'busy' | 'no-answer', number> };
type AnalyticsList = { data: { date: string; websiteId: number | null; usage: { pageViews: number; widgets: Usage[] } }[] };
type Website = { id: number; domain: string };

const numbers = new Intl.NumberFormat('en');

/** What the screen must show for a range, computed from the API (spec §2, §9). */
async function expectedFigures(page: Page, from: string, to: string, filters: { websiteId?: number; typeId?: number } = {}) {
  // The contract counts analytics per UTC day; the screen asks for the chosen days as UTC days.
  const answer = await apiGet<AnalyticsList>(page.request, '/client/analytics', {
    dateFrom: `${from}T00:00:00.000Z`,
    dateTo: `${to}T23:59:59.999Z`,
    ...filters,
  });
  const widgets = answer.data.flatMap((day) => day.usage.widgets);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const views = sum(widgets.map((widget) => widget.widgetViews));
  const calls = sum(widgets.map((widget) => widget.calls));
  const byType = (typeId: number) => {
    const own = widgets.filter((widget) => widget.typeId === typeId);
    return { calls: sum(own.map((widget) => widget.calls)), clicks: sum(own.map((widget) => widget.clicks)) };
  };
  return {
    pageVisits: numbers.format(sum(answer.data.map((day) => day.usage.pageViews))),
    widgetViews: numbers.format(views),
    calls: numbers.format(calls),
    // spec §9: calls / widget views × 100, two decimals, or 0.
    conversionRate: views ? `${(Math.round((calls / views) * 10000) / 100).toFixed(2)}%` : '0%',
    byType,
  };
}

function figure(page: Page, label: string) {
  return page.locator('dl dt', { hasText: new RegExp(`^${label}$`) }).first().locator('xpath=following-sibling::dd[1]');
}

function typeCard(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

function cardValue(page: Page, title: string, label: string) {
  return typeCard(page, title).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

test.describe('Analytics', () => {
  test('shows the figures, the chart of three series and the widget type cards', async ({ page }) => {
    await signInDemo(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByText('Your Conversion Statistics')).toBeVisible();
    const today = todayIn(DEMO.timeZone);
    const expected = await expectedFigures(page, addDays(today, -1), today);

    await expect(figure(page, 'Page Visits')).toHaveText(expected.pageVisits);
    await expect(figure(page, 'Widget Views')).toHaveText(expected.widgetViews);
    await expect(figure(page, 'Calls')).toHaveText(expected.calls);
    await expect(figure(page, 'Conversion Rate')).toHaveText(expected.conversionRate);

    // The chart: three lines, a legend and a tooltip with the three values of a day.
    const chart = page.getByRole('figure', { name: 'Page Visits, Widget Views and Calls over time' });
    await expect(chart).toBeVisible();
    await expect(chart.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText(['Page Visits', 'Widget Views', 'Calls']);
    const lines = chart.locator('svg path[fill="none"][stroke-width="2"]');
    await expect(lines).toHaveCount(3);
    expect(new Set(await lines.evaluateAll((paths) => paths.map((path) => path.getAttribute('stroke'))))).toEqual(new Set(['#2563eb', '#16a34a', '#c2410c']));
    const plot = chart.getByTestId('analytics-chart');
    const labels = plot.getByText('Widget Views', { exact: true });
    await page.mouse.move(0, 0);
    await expect(labels).toHaveCount(0);
    await expect(async () => {
      const box = (await plot.boundingBox())!;
      await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2, { steps: 3 });
      await expect(labels).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(plot.getByText('Page Visits', { exact: true })).toBeVisible();

    const types = { 'Floating Icon': 3, 'Timed Popup': 2, 'Exit Popup': 1 } as const;
    for (const [title, typeId] of Object.entries(types)) {
      await expect(typeCard(page, title)).toBeVisible();
      await expect(cardValue(page, title, 'Calls')).toHaveText(numbers.format(expected.byType(typeId).calls));
      await expect(cardValue(page, title, 'Times Clicked')).toHaveText(numbers.format(expected.byType(typeId).clicks));
      for (const label of ['Successful', 'Missed', 'Busy', 'No Answer']) await expect(cardValue(page, title, label)).toHaveText(/^\d[\d,]*$/);
    }
  });

  test('filters narrow the figures and stay in the URL', async ({ page }) => {
    await signInDemo(page);
    const today = todayIn(DEMO.timeZone);
    const from = addDays(today, -6);
    await setDay(page, 'Date from', from);
    const week = await expectedFigures(page, from, today);
    await expect(figure(page, 'Page Visits')).toHaveText(week.pageVisits);

    const website = (await apiGet<{ data: Website[] }>(page.request, '/client/websites', {})).data[1]!;
    await page.getByLabel('Websites').selectOption({ label: website.domain });
    const oneSite = await expectedFigures(page, from, today, { websiteId: website.id });
    await expect(figure(page, 'Page Visits')).toHaveText(oneSite.pageVisits);
    await expect(figure(page, 'Calls')).toHaveText(oneSite.calls);
    expect(oneSite.pageVisits).not.toBe(week.pageVisits);

    await page.getByLabel('Widget type').selectOption({ label: 'Exit popup' });
    const exitOnly = await expectedFigures(page, from, today, { websiteId: website.id, typeId: 1 });
    await expect(figure(page, 'Widget Views')).toHaveText(exitOnly.widgetViews);
    await expect(typeCard(page, 'Exit Popup')).toBeVisible();
    await expect(typeCard(page, 'Floating Icon')).toHaveCount(0);
    expect(Object.fromEntries(searchOf(page))).toEqual({ dateFrom: from, websiteId: String(website.id), typeId: '1' });

    await page.reload();
    await expect(page.getByLabel('Widget type')).toHaveValue('1');
    await expect(figure(page, 'Widget Views')).toHaveText(exitOnly.widgetViews);
  });

  test('Date from later than Date to shows the date error without a request', async ({ page }) => {
    await signInDemo(page);
    const today = todayIn(DEMO.timeZone);
    await setDay(page, 'Date from', today);
    await expect(figure(page, 'Page Visits')).toHaveText(/\d/);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/client/analytics') requests.push(request.url());
    });
    await setDay(page, 'Date to', addDays(today, -3));
    await expect(page.getByRole('alert').filter({ hasText: 'Date from cannot be bigger than date to' })).toBeVisible();
    await expect(page.getByRole('figure')).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test('the chart follows the window size', async ({ page }) => {
    await signInDemo(page);
    const svg = page.getByTestId('analytics-chart').locator('svg').first();
    await expect(svg).toBeVisible();
    const wide = Number(await svg.getAttribute('width'));
    await page.setViewportSize({ width: 700, height: 900 });
    await expect.poll(async () => Number(await svg.getAttribute('width'))).toBeLessThan(wide);
    await page.setViewportSize({ width: 360, height: 780 });
    await expect.poll(async () => Number(await svg.getAttribute('width'))).toBeLessThan(330);
  });

  test('a new account sees the empty state with its two buttons', async ({ page, request }) => {
    await signInFreshAccount(page, request);
    await expect(page.getByText("You don't have any statistic data to present, yet")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Widget' })).toHaveAttribute('href', '/widgets/manage');
    await expect(page.getByRole('link', { name: 'Create New Agent' })).toHaveAttribute('href', '/agents/manage');
    await page.getByLabel('Widget type').selectOption({ label: 'Timed popup' });
    await expect(page.getByText('No data to show for selected filters')).toBeVisible();
    await page.getByRole('link', { name: 'Calls History' }).click();
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('link', { name: 'Create New Agent' }).click();
    await expect(page).toHaveURL(/\/agents\/manage$/);
  });

  test('reads in Japanese', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('dashboard.language', 'ja'));
    await page.goto('/auth/login');
    await page.locator('input[name=email]').fill(DEMO.email);
    await page.locator('input[name=password]').fill(DEMO.password);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'アナリティクス' })).toBeVisible();
    await expect(figure(page, 'ページ訪問数')).toHaveText(/\d/);
    await expect(figure(page, 'コンバージョン率')).toHaveText(/%$/);
    const chart = page.getByRole('figure');
    await expect(chart.getByRole('listitem')).toHaveText(['ページ訪問数', 'ウィジェット表示数', '通話']);
    // Axis days in the reader's language.
    await expect(chart.locator('svg text').filter({ hasText: /^\d{1,2}月\d{1,2}日$/ }).first()).toBeVisible();
    await expect(typeCard(page, 'フローティングアイコン')).toBeVisible();
  });
});
