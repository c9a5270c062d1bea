import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import {
  addDays,
  apiGet,
  columnTexts,
  DEMO,
  dayRange,
  loadedRows,
  parseCsv,
  rangeText,
  searchOf,
  setDay,
  signInDemo,
  signInFreshAccount,
  todayIn,
} from '../support/dataScreens.ts';

type CallPage = { data: { convertId: string; status: string; type: string; Website: { domain: string } }[]; count: number };
type Website = { id: number; domain: string };

const TABLE = 'Calls History';

/** Every call of the demo account for a query, all pages. */
async function allCallIds(page: Page, query: Record<string, string | number | undefined>): Promise<string[]> {
  const ids: string[] = [];
  for (let number = 1; ; number += 1) {
    const answer = await apiGet<CallPage>(page.request, '/client/calls', { ...query, page: number, perPage: 200 });
    ids.push(...answer.data.map((call) => call.convertId));
    if (ids.length >= answer.count || answer.data.length === 0) return ids;
  }
}

test.describe('Calls History', () => {
  test('filters narrow the calls exactly as the API does', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Calls History' })).toBeVisible();
    await expect(page.getByText('Inbounds calls from clients')).toBeVisible();

    // spec §9: one day before today to today, in the user's time zone; 20 per page.
    const today = todayIn(DEMO.timeZone);
    const range = dayRange(addDays(today, -1), today, DEMO.timeZone);
    await expect(page.getByLabel('Date from', { exact: true })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    const all = await apiGet<CallPage>(page.request, '/client/calls', { ...range, page: 1, perPage: 20 });
    expect(all.count, 'the demo account has calls in the last two days').toBeGreaterThan(20);
    await expect(await loadedRows(page, TABLE)).toHaveCount(20);
    expect(await columnTexts(page, TABLE, 'Call ID')).toEqual(all.data.map((call) => call.convertId));
    await expect(rangeText(page)).toHaveText(`1–20 of ${all.count}`);
    // Display formats of spec §9.
    for (const duration of await columnTexts(page, TABLE, 'Duration')) expect(duration).toMatch(/^\d{2,}:\d{2}$/);
    for (const at of await columnTexts(page, TABLE, 'Date/Time')) expect(at).toMatch(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2} (AM|PM)$/);

    await page.getByLabel('Status').selectOption({ label: 'Missed' });
    await expect(page).toHaveURL(/status=missed/);
    const missed = await apiGet<CallPage>(page.request, '/client/calls', { ...range, status: 'missed', page: 1, perPage: 20 });
    await expect.poll(() => columnTexts(page, TABLE, 'Call ID')).toEqual(missed.data.map((call) => call.convertId));
    expect(new Set(await columnTexts(page, TABLE, 'Status'))).toEqual(new Set(missed.count ? ['Missed'] : []));

    const websites = (await apiGet<{ data: Website[] }>(page.request, '/client/websites', {})).data;
    const website = websites[0]!;
    await page.getByLabel('Status').selectOption({ label: 'All' });
    await page.getByLabel('Websites').selectOption({ label: website.domain });
    await page.getByLabel('Call Type').selectOption({ label: 'Scheduled' });
    await expect(page).toHaveURL(new RegExp(`websiteId=${website.id}.*type=scheduled|type=scheduled.*websiteId=${website.id}`));
    const narrowed = await apiGet<CallPage>(page.request, '/client/calls', { ...range, websiteId: website.id, type: 'scheduled', page: 1, perPage: 20 });
    expect(narrowed.count).toBeLessThan(all.count);
    await expect.poll(() => columnTexts(page, TABLE, 'Call ID')).toEqual(narrowed.data.map((call) => call.convertId));
    for (const domain of await columnTexts(page, TABLE, 'Website')) expect(domain).toBe(website.domain);
    for (const type of await columnTexts(page, TABLE, 'Type')) expect(type).toBe('Scheduled');

    // The URL keeps the view: a reload shows the same filters and rows.
    await page.reload();
    await expect(page.getByLabel('Websites')).toHaveValue(String(website.id));
    await expect(page.getByLabel('Call Type')).toHaveValue('scheduled');
    await expect.poll(() => columnTexts(page, TABLE, 'Call ID')).toEqual(narrowed.data.map((call) => call.convertId));
  });

  test('pages through the calls; page and rows per page live in the URL', async ({ page, context }) => {
    await signInDemo(page);
    const today = todayIn(DEMO.timeZone);
    await page.goto('/calls');
    await setDay(page, 'Date from', addDays(today, -6));
    await expect(page).toHaveURL(new RegExp(`dateFrom=${addDays(today, -6)}`));
    const range = dayRange(addDays(today, -6), today, DEMO.timeZone);
    const second = await apiGet<CallPage>(page.request, '/client/calls', { ...range, page: 2, perPage: 20 });

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => columnTexts(page, TABLE, 'Call ID')).toEqual(second.data.map((call) => call.convertId));
    await expect(rangeText(page)).toHaveText(`21–40 of ${second.count}`);

    // spec §9: rows per page 5, 25, 50, 100, 150, 200 (and the default 20); back to page 1.
    const rowsPerPage = page.getByLabel('Rows per page');
    await expect(rowsPerPage.locator('option')).toHaveText(['5', '20', '25', '50', '100', '150', '200']);
    await rowsPerPage.selectOption('5');
    await expect(page).toHaveURL(/perPage=5/);
    expect(searchOf(page).get('page')).toBeNull();
    await expect(await loadedRows(page, TABLE)).toHaveCount(5);
    await page.getByRole('button', { name: 'Page 2' }).click();
    const fifth = await apiGet<CallPage>(page.request, '/client/calls', { ...range, page: 2, perPage: 5 });
    await expect.poll(() => columnTexts(page, TABLE, 'Call ID')).toEqual(fifth.data.map((call) => call.convertId));

    // A shared link opens the same view.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect.poll(() => columnTexts(shared, TABLE, 'Call ID')).toEqual(fifth.data.map((call) => call.convertId));
    await expect(shared.getByLabel('Rows per page')).toHaveValue('5');
    await shared.close();

    // Back and forward: the list follows the URL.
    await page.goto('/dashboard');
    await page.goBack();
    await expect.poll(() => columnTexts(page, TABLE, 'Call ID')).toEqual(fifth.data.map((call) => call.convertId));
  });

  test('Date from later than Date to shows the date error without a request', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/calls');
    await loadedRows(page, TABLE);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/client/calls')) requests.push(request.url());
    });
    const today = todayIn(DEMO.timeZone);
    await setDay(page, 'Date to', addDays(today, -2));
    await expect(page.getByRole('alert').filter({ hasText: 'Date from cannot be bigger than date to' })).toBeVisible();
    await expect(page.getByRole('table', { name: TABLE }).locator('tbody tr')).toHaveCount(0);
    await page.getByLabel('Status').selectOption({ label: 'Busy' });
    await expect(page.getByRole('alert').filter({ hasText: 'Date from cannot be bigger than date to' })).toBeVisible();
    expect(requests).toEqual([]);

    await setDay(page, 'Date to', today);
    // One request for the valid range (an expired access token replays it with the same URL).
    await expect.poll(() => new Set(requests).size).toBe(1);
  });

  test('exports the filtered calls as CSV', async ({ page }) => {
    await signInDemo(page);
    const today = todayIn(DEMO.timeZone);
    const from = addDays(today, -13);
    await page.goto(`/calls?dateFrom=${from}&status=missed`);
    await loadedRows(page, TABLE);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as CSV' }).click()]);
    // spec §7: calls_history-{MM-dd-yyyy-HH.mm.s}.csv in the user's time zone.
    expect(download.suggestedFilename()).toMatch(/^calls_history-\d{2}-\d{2}-\d{4}-\d{2}\.\d{2}\.\d{1,2}\.csv$/);
    const [month, day, year] = download.suggestedFilename().slice('calls_history-'.length).split('-');
    expect(`${year}-${month}-${day}`).toBe(todayIn(DEMO.timeZone));

    const rows = parseCsv(await readFile((await download.path())!, 'utf8'));
    expect(rows[0]).toEqual([
      'Call ID', 'Recording', 'Duration', 'Website', 'Call request URL', 'Type', 'Widget Type', 'Widget Name', 'Date/Time',
      'Customer Number', 'Called from', 'Agent Number', 'Status', 'Custom Field #1', 'Custom Field #2', 'Custom Field #3',
      'Source', 'Medium', 'Campaign', 'Landing page', 'Test call',
    ]);
    const expected = await allCallIds(page, { ...dayRange(from, today, DEMO.timeZone), status: 'missed' });
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected);
    expect(new Set(rows.slice(1).map((row) => row[12]))).toEqual(new Set(['Missed']));
    // The first page on screen is the start of the file.
    expect(await columnTexts(page, TABLE, 'Call ID')).toEqual(expected.slice(0, 20));
  });

  test('plays a recording and downloads it as .wav', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/calls');
    await loadedRows(page, TABLE);
    const play = page.getByRole('button', { name: /^Play recording of call / }).first();
    const callId = (await play.getAttribute('aria-label'))!.replace('Play recording of call ', '');
    // Keyboard: focus the button and open the popover with Enter.
    await play.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Recording of call ${callId}` });
    await expect(dialog).toBeVisible();
    const audio = dialog.locator('audio');
    await expect(audio).toHaveAttribute('src', /^blob:/);
    const ready = await audio.evaluate(
      (element: HTMLAudioElement) =>
        new Promise<string>((resolve, reject) => {
          if (element.readyState >= 3) resolve('canplay');
          element.addEventListener('canplay', () => resolve('canplay'), { once: true });
          element.addEventListener('error', () => reject(new Error('audio error')), { once: true });
        }),
    );
    expect(ready).toBe('canplay');
    expect(await audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(0);

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download .wav' }).click()]);
    expect(download.suggestedFilename()).toBe(`call-${callId}.wav`);
    const wav = await readFile((await download.path())!);
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a new account sees the no-data state, and filters their own message', async ({ page, request }) => {
    await signInFreshAccount(page, request);
    await page.goto('/calls');
    await expect(page.getByText("You don't have any calls, yet.")).toBeVisible();
    // Issue 21: the no-data state says what to do next; the filters' message does not.
    const noData = page.getByRole('status').filter({ hasText: "You don't have any calls, yet." });
    await expect(noData.getByRole('link', { name: 'Install your widget' })).toHaveAttribute('href', '/websites');
    await expectAccessible(page, '/calls, no data');
    await page.getByLabel('Status').selectOption({ label: 'Successful' });
    await expect(page.getByText('No data to show for selected filters')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No data to show for selected filters' }).getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('reads in German', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('dashboard.language', 'de'));
    await signIn(page);
    await page.goto('/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Anrufverlauf' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Als CSV exportieren' })).toBeVisible();
    await expect(page.getByLabel('Datum von', { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Anrufverlauf' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('thead th').first()).toHaveText('Anruf-ID');
    const statuses = await table.locator('tbody tr td:nth-child(13)').allTextContents();
    expect(statuses.every((status) => ['Angenommen', 'Verpasst', 'Leitung besetzt', 'Keine Antwort'].includes(status))).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Seitennavigation' }).getByText(/^1–20 von \d+$/)).toBeVisible();
  });
});

/** Signs the demo in on the German login page (the form labels are translated there). */
async function signIn(page: Page) {
  await page.goto('/auth/login');
  await page.locator('input[name=email]').fill(DEMO.email);
  await page.locator('input[name=password]').fill(DEMO.password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
