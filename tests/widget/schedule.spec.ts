import { expect, test } from '@playwright/test';
import { apiAs } from '../support/billing.ts';
import { clientWithWidget, CONNECTING_NUMBER, hostPage, pageErrors, useHostSite } from '../support/embeddedWidget.ts';

// issue 7: the schedule option, custom fields and the redirection after Schedule, in a real page
// on another origin; the callback lands in the client's Upcoming Calls (GET /client/scheduled-calls).

const site = useHostSite();

type ScheduledCall = { widgetId: number; customerNumber: string; scheduledAt: string; status: string; customFields: Record<string, string | null> };

test('a visitor schedules a callback with a custom field; the widget confirms it, then opens the redirection page; the client has it pending', async ({ page, request, baseURL }) => {
  const thanks = site.publish('/thanks', '<!doctype html><html lang="en"><title>Thanks</title><h1>Thanks for your request</h1></html>');
  const client = await clientWithWidget(request, baseURL!, {
    adjust: (configuration) => {
      configuration.scheduleSetup.customField1 = { isActive: true, text: 'Your name' };
      configuration.settings.redirections.scheduleCall = { isActive: true, value: thanks };
    },
  });
  const url = site.publish('/contact', hostPage(client.snippet));
  const errors = pageErrors(page);
  await page.goto(url);

  await page.getByRole('button', { name: 'Call me' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Schedule a call instead' }).click();
  // The first offered day and time are chosen. Today may have a single time left (late in the
  // working day), so the visitor takes the next day offered, a whole one, and its second time.
  const day = dialog.getByRole('combobox', { name: 'Day' });
  const days = await day.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(days.length).toBeGreaterThan(1);
  await day.selectOption(days[1]!);
  const time = dialog.getByRole('combobox', { name: 'Time' });
  const offered = await time.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(offered.length).toBeGreaterThan(1);
  await time.selectOption(offered[1]!);
  await dialog.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+1 (500) 555-0004');
  await dialog.getByRole('button', { name: 'Schedule call' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! We will call you back at the chosen time.');

  // The confirmation stays long enough to be read, then the redirection opens.
  await page.waitForURL(thanks);
  await expect(page.getByRole('heading', { name: 'Thanks for your request' })).toBeVisible();
  expect(errors).toEqual([]);

  const { data } = (await apiAs(request, client.account, 'GET', '/client/scheduled-calls?page=1&perPage=20&status=pending')) as { data: ScheduledCall[] };
  expect(data).toHaveLength(1);
  expect(data[0]).toMatchObject({ widgetId: client.widget.id, customerNumber: CONNECTING_NUMBER, status: 'pending', customFields: { customField1: 'Ada Lovelace' } });
  expect(Date.parse(data[0]!.scheduledAt)).toBeGreaterThan(Date.now());
});
