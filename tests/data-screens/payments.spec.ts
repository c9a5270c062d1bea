import { expect, test, type Page } from '@playwright/test';
import { addDays, apiGet, columnTexts, DEMO, dayRange, loadedRows, pickerText, rangeText, setDay, signInDemo, signInFreshAccount, todayIn } from '../support/dataScreens.ts';

type Payment = {
  convertId: string;
  status: string;
  isAutomatic: boolean;
  CreditPack: { credits: number; price: number };
  webhookEvent: { data: { object: { charges: { data: { receipt_url: string | null }[] } } } } | null;
};

const TABLE = 'Payment History';

/** The screen's default range: a year back to today (spec §9 leaves DATE_FROM open). */
function defaultRange() {
  const today = todayIn(DEMO.timeZone);
  return { from: addDays(today, -365), to: today };
}

async function expectedPayments(page: Page, query: Record<string, string | number> = {}) {
  const { from, to } = defaultRange();
  return apiGet<{ data: Payment[]; count: number }>(page.request, '/client/payments', { ...dayRange(from, to, DEMO.timeZone), page: 1, perPage: 200, ...query });
}

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

test.describe('Payment History', () => {
  test('lists the payments with their columns, filters by status and pages', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment History' })).toBeVisible();
    await expect(page.getByText('List of all payments on the account')).toBeVisible();
    const all = await expectedPayments(page);
    expect(all.count, 'the demo account has a payment history').toBeGreaterThan(5);

    await expect(await loadedRows(page, TABLE)).toHaveCount(Math.min(10, all.count));
    const shown = all.data.slice(0, 10);
    expect(await columnTexts(page, TABLE, 'Payment ID')).toEqual(shown.map((payment) => payment.convertId));
    // spec §3: Credit pack "{credits} for ${price}"; Automatic; the receipt link.
    expect(await columnTexts(page, TABLE, 'Credit Pack')).toEqual(shown.map((payment) => `${payment.CreditPack.credits} for $${dollars(payment.CreditPack.price)}`));
    expect(await columnTexts(page, TABLE, 'Automatic')).toEqual(shown.map((payment) => (payment.isAutomatic ? 'Yes' : 'No')));
    const receipts = shown.map((payment) => payment.webhookEvent?.data.object.charges.data[0]?.receipt_url ?? null).filter(Boolean);
    const links = page.getByRole('table', { name: TABLE }).getByRole('link', { name: /^Receipt / });
    await expect(links).toHaveCount(receipts.length);
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(receipts);
    await expect(links.first()).toHaveAttribute('target', '_blank');

    await page.getByLabel('Status').selectOption({ label: 'Successful' });
    await expect(page).toHaveURL(/status=successful/);
    const successful = await expectedPayments(page, { status: 'successful' });
    await expect.poll(() => columnTexts(page, TABLE, 'Payment ID')).toEqual(successful.data.slice(0, 10).map((payment) => payment.convertId));
    for (const status of await columnTexts(page, TABLE, 'Status')) expect(status).toBe('Successful');

    await page.getByLabel('Status').selectOption({ label: 'All' });
    await page.getByLabel('Rows per page').selectOption('5');
    await expect(rangeText(page)).toHaveText(`1–5 of ${all.count}`);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(rangeText(page)).toHaveText(`6–${Math.min(10, all.count)} of ${all.count}`);
    expect(await columnTexts(page, TABLE, 'Payment ID')).toEqual(all.data.slice(5, 10).map((payment) => payment.convertId));
  });

  test('refuses future dates and shows the date error without a request', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/payments');
    await loadedRows(page, TABLE);
    const today = todayIn(DEMO.timeZone);
    // spec §5: no future dates on payments.
    const dateTo = page.getByLabel('Date to', { exact: true });
    await dateTo.fill(pickerText(addDays(today, 2)));
    await dateTo.press('Enter');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(dateTo).toHaveValue(pickerText(today));

    const requests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/client/payments') requests.push(request.url());
    });
    await setDay(page, 'Date to', addDays(defaultRange().from, -1));
    await expect(page.getByRole('alert').filter({ hasText: 'Date from cannot be bigger than date to' })).toBeVisible();
    expect(requests).toEqual([]);
  });

  test('a new account has no payments', async ({ page, request }) => {
    await signInFreshAccount(page, request);
    await page.goto('/payments');
    await expect(page.getByText("You don't have any payments, yet.")).toBeVisible();
    // Issue 21: the no-data state says what to do next (the credit banner may link there too).
    const noData = page.getByRole('status').filter({ hasText: "You don't have any payments, yet." });
    await expect(noData.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/billing');
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await expect(page.getByText('No data to show for selected filters')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No data to show for selected filters' }).getByRole('link')).toHaveCount(0);
  });

  test('reads in French', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('dashboard.language', 'fr'));
    await page.goto('/auth/login');
    await page.locator('input[name=email]').fill(DEMO.email);
    await page.locator('input[name=password]').fill(DEMO.password);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Historique des paiements' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Historique des paiements' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('thead th')).toHaveText(['ID du paiement', 'Créé le', 'Reçu', 'Automatique', 'Statut', 'Pack de crédits']);
    await expect(table.locator('tbody tr td:nth-child(6)').first()).toHaveText(/^\d+ pour \$\d+(\.\d{2})?$/);
    await expect(page.getByLabel('Lignes par page')).toBeVisible();
  });
});
