import { expect, test, type Page } from '@playwright/test';
import { addDays, apiGet, columnTexts, DEMO, dayRange, loadedRows, pickerText, rangeText, searchOf, setDay, signInDemo, signInFreshAccount, todayIn } from '../support/dataScreens.ts';

type ScheduledCall = {
  id: number;
  customerNumber: string;
  scheduledAt: string;
  agentId: number | null;
  Website: { domain: string };
  customFields: Record<'customField1' | 'customField2' | 'customField3', string | null>;
};
type Agent = { id: number; name: string | null; phone: string; isRegular: boolean };

const TABLE = 'Upcoming Calls';

/** The pending callbacks the screen must list (spec §7: client-side filter on scheduledAt), soonest first. */
async function expectedCalls(page: Page, from: string, to: string, filters: { agentId?: number } = {}): Promise<ScheduledCall[]> {
  const range = dayRange(from, to, DEMO.timeZone);
  const answer = await apiGet<{ data: ScheduledCall[]; count: number }>(page.request, '/client/scheduled-calls', {
    ...range,
    ...filters,
    status: 'pending',
    page: 1,
    perPage: 200,
  });
  const [start, end] = [Date.parse(range.dateFrom), Date.parse(range.dateTo)];
  return answer.data.filter((call) => Date.parse(call.scheduledAt) >= start && Date.parse(call.scheduledAt) <= end);
}

test.describe('Upcoming Calls', () => {
  test('lists the pending callbacks of the range, by website and regular agent, with pages', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/upcoming-calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Calls' })).toBeVisible();
    await expect(page.getByText('Upcoming calls from clients')).toBeVisible();
    // spec §9: today to the next day.
    const today = todayIn(DEMO.timeZone);
    await expect(page.getByLabel('Date from', { exact: true })).toHaveValue(pickerText(today));
    await expect(page.getByLabel('Date to', { exact: true })).toHaveValue(pickerText(addDays(today, 1)));

    // spec §6: only regular agents in the Agent filter.
    const agents = (await apiGet<{ data: Agent[] }>(page.request, '/client/agents', {})).data;
    const regular = agents.filter((agent) => agent.isRegular);
    expect(regular.length).toBeLessThan(agents.length);
    await expect(page.getByLabel('Agent').locator('option')).toHaveText(['All', ...regular.map((agent) => agent.name!)]);

    // spec §5: no past dates on upcoming calls.
    const dateFrom = page.getByLabel('Date from', { exact: true });
    await dateFrom.fill(pickerText(addDays(today, -1)));
    await dateFrom.press('Enter');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(dateFrom).toHaveValue(pickerText(today));
    expect(searchOf(page).get('dateFrom')).toBeNull();

    const to = addDays(today, 7);
    await setDay(page, 'Date to', to);
    const week = await expectedCalls(page, today, to);
    expect(week.length, 'the demo account has callbacks in the coming week').toBeGreaterThan(5);
    await expect(await loadedRows(page, TABLE)).toHaveCount(Math.min(20, week.length));
    expect(await columnTexts(page, TABLE, 'Customer Number')).toEqual(week.slice(0, 20).map((call) => call.customerNumber));
    for (const at of await columnTexts(page, TABLE, 'Scheduled At')) expect(at).toMatch(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2} (AM|PM)$/);
    // spec §2: a slash for an empty custom field.
    const empties = week.slice(0, 20).filter((call) => call.customFields.customField2 === null).length;
    expect((await columnTexts(page, TABLE, 'Custom Field #2')).filter((text) => text === '/')).toHaveLength(empties);

    // Pages count the rows kept by the date filter (spec §7).
    await page.getByLabel('Rows per page').selectOption('5');
    await expect(rangeText(page)).toHaveText(`1–5 of ${week.length}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    expect(await columnTexts(page, TABLE, 'Customer Number')).toEqual(week.slice(5, 10).map((call) => call.customerNumber));

    const agent = regular.find((candidate) => week.some((call) => call.agentId === candidate.id))!;
    await page.getByLabel('Agent').selectOption({ label: agent.name! });
    await expect(page).toHaveURL(new RegExp(`agentId=${agent.id}`));
    expect(searchOf(page).get('page')).toBeNull();
    const own = await expectedCalls(page, today, to, { agentId: agent.id });
    await expect(rangeText(page)).toHaveText(`1–${Math.min(5, own.length)} of ${own.length}`);
    for (const name of await columnTexts(page, TABLE, 'Agent')) expect(name).toBe(agent.name);
  });

  test('a new account has no upcoming calls', async ({ page, request }) => {
    await signInFreshAccount(page, request);
    await page.goto('/upcoming-calls');
    await expect(page.getByText("You don't have any upcoming calls, yet.")).toBeVisible();
    await page.getByRole('link', { name: 'Install your widget' }).click();
    await expect(page).toHaveURL(/\/websites$/);
  });

  test('reads in Spanish', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('dashboard.language', 'es'));
    await page.goto('/auth/login');
    await page.locator('input[name=email]').fill(DEMO.email);
    await page.locator('input[name=password]').fill(DEMO.password);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/upcoming-calls?dateTo=${addDays(todayIn(DEMO.timeZone), 7)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Próximas llamadas' })).toBeVisible();
    await expect(page.getByLabel('Agente')).toBeVisible();
    await expect(page.getByLabel('Fecha desde', { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Próximas llamadas' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('thead th')).toContainText(['Sitio web', 'Tipo de widget', 'Número del cliente', 'Agente', 'Programada para']);
  });
});
