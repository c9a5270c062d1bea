import { expect, test } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { apiAs, balance, chooseOneTime, enterCard } from '../support/billing.ts';
import { columnTexts } from '../support/dataScreens.ts';
import { callsOf, clientWithWidget, hostPage, pageErrors, useHostSite } from '../support/embeddedWidget.ts';
import { mailboxKey } from '../support/mailbox.ts';

// issue 18: a visitor's Call now that no agent answers is recovered as the widget's defaults say —
// the visitor gets a text message (the local outbox, /dev/messages), a callback is scheduled at
// the next time an agent is available (Upcoming Calls), and Calls History shows both.

/** The simulator's test number whose calls no agent answers (server/adapters/telephony/callSimulator.ts). */
const MISSED_NUMBER = '+15005550003';

const site = useHostSite();

type OutboxText = { to: string; from: string; body: string };

test("a missed call: the visitor's text in the outbox, the callback in Upcoming Calls and both in Calls History", async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!, { adjust: (configuration) => (configuration.settings.numberOfTries = 1) });
  // Texts to others than the account itself go out once the account has paid.
  await signIn(page, client.account.email, client.account.password);
  await page.goto('/billing');
  await chooseOneTime(page);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Purchase Credits' }).click();
  await expect(page.getByText("You've successfully bought credits.")).toBeVisible();
  await expect.poll(() => balance(page)).toBeGreaterThan(20);

  // The visitor on the shop's page (another origin) asks for a call that nobody will answer.
  const url = site.publish('/missed', hostPage(client.snippet));
  const visitor = await page.context().newPage();
  const errors = pageErrors(visitor);
  await visitor.goto(url);
  await visitor.getByRole('button', { name: 'Call me' }).click();
  const dialog = visitor.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+1 (500) 555-0003');
  await dialog.getByRole('button', { name: 'Call Me Now' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! We will call you within 10 seconds.');
  expect(errors).toEqual([]);
  await visitor.close();

  await expect.poll(async () => (await callsOf(request, client.account)).map((call) => call.status), { timeout: 60_000 }).toEqual(['missed']);

  // The visitor's text, in the browser's language (English), in the local text outbox.
  const outbox = `/dev/messages.json?key=${encodeURIComponent(mailboxKey())}`;
  await expect
    .poll(async () => ((await (await request.get(outbox)).json()) as OutboxText[]).filter((text) => text.to === MISSED_NUMBER).map((text) => text.body), { timeout: 30_000 })
    .toEqual(['Sorry we missed your call. We will call you back as soon as we can.']);
  await page.goto(`/dev/messages?key=${encodeURIComponent(mailboxKey())}`);
  await expect(page.getByText('Sorry we missed your call. We will call you back as soon as we can.').first()).toBeVisible();

  // The callback, in Upcoming Calls (today to tomorrow: it is due in 5 to 10 minutes).
  const pending = (await apiAs(request, client.account, 'GET', '/client/scheduled-calls?page=1&perPage=10&status=pending')) as { data: { customerNumber: string; scheduledAt: string }[] };
  expect(pending.data.map((call) => call.customerNumber)).toEqual([MISSED_NUMBER]);
  const due = Date.parse(pending.data[0]!.scheduledAt) - Date.now();
  expect(due).toBeGreaterThan(4 * 60_000);
  expect(due).toBeLessThan(11 * 60_000);
  await page.goto('/upcoming-calls');
  expect(await columnTexts(page, 'Upcoming Calls', 'Customer Number')).toEqual([MISSED_NUMBER]);

  // Calls History: the missed call, with what followed it under its status.
  await page.goto('/calls');
  const [status] = await columnTexts(page, 'Calls History', 'Status');
  expect(status).toMatch(/^Missed\s*Visitor texted · Callback .+$/);
});
