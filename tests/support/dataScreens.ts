import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, endOfDayUtc, startOfDayUtc, todayIn } from '../../src/lib/dateTime.ts';
import { registerVerified, signIn } from './accounts.ts';
import { uniqueEmail } from './mailbox.ts';

/** The seeded demo account (server/demo/demoAccount.ts). */
export const DEMO = { email: 'demo@example.com', password: 'demo-password', timeZone: 'America/New_York' } as const;

export type Account = { email: string; password: string; timeZone: string };

export { addDays, todayIn };

/** A calendar day as the date pickers show it (spec §5: MM/dd/yyyy). */
export function pickerText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

/** The API's bounds for a range of days in a time zone (spec §9: start of day to 23:59:59). */
export function dayRange(from: string, to: string, timeZone: string) {
  return { dateFrom: startOfDayUtc(from, timeZone), dateTo: endOfDayUtc(to, timeZone) };
}

/**
 * A GET on the API as the account, to check what the screens show; each call signs in afresh, so
 * it never holds a token that a test has expired.
 */
export async function apiGet<T>(request: APIRequestContext, path: string, query: Record<string, string | number | undefined>, account: Account = DEMO): Promise<T> {
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: account.email, password: account.password, client_id: 'dashboard' },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { accessToken } = (await token.json()) as { accessToken: string };
  const params = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
  const answer = await request.get(`/api${path}`, { params, headers: { Authorization: `Bearer ${accessToken}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

export async function signInDemo(page: Page): Promise<void> {
  await signIn(page, DEMO.email, DEMO.password);
}

/** A new, verified account without any data (UTC), signed in. */
export async function signInFreshAccount(page: Page, request: APIRequestContext): Promise<Account> {
  const account = { email: uniqueEmail('empty'), password: 'fresh-password', fullname: 'Fresh Client', timezone: 'UTC' };
  await registerVerified(request, account);
  await signIn(page, account.email, account.password);
  return { email: account.email, password: account.password, timeZone: 'UTC' };
}

/** Types a day into a date filter (its label, e.g. "Date from") and confirms it. */
export async function setDay(page: Page, label: string, day: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(pickerText(day));
  await input.press('Enter');
  await expect(input).toHaveValue(pickerText(day));
}

/** The rows of a data table (by its accessible name) once it has stopped loading. */
export async function loadedRows(page: Page, table: string): Promise<Locator> {
  const root = page.getByRole('table', { name: table });
  await expect(root).toHaveAttribute('aria-busy', 'false');
  return root.locator('tbody tr');
}

/** The texts of one column (by its header) of a loaded data table. */
export async function columnTexts(page: Page, table: string, header: string): Promise<string[]> {
  const root = page.getByRole('table', { name: table });
  await expect(root).toHaveAttribute('aria-busy', 'false');
  const headers = (await root.locator('thead th').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return (await root.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents()).map((text) => text.trim());
}

/** The pagination's "from–to of count" text. */
export function rangeText(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Pagination' }).getByText(/^\d+–\d+ of \d+$/);
}

/** The search params of the page's URL. */
export function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** Reads RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}
