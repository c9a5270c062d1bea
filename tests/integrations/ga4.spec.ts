import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectAnnouncedError, expectNoSidewaysScroll, settled, tabTo } from '../support/accessibility.ts';
import { apiGet, signInFreshAccount } from '../support/dataScreens.ts';

// issue 19, "Analytics events" and "In the dashboard": the client connects its GA4 property on the
// Integrations screen (measurement id and Measurement Protocol API secret), sees the connection
// with the secret's last characters only, changes it keeping the stored secret, and disconnects it
// after a confirmation. By keyboard, axe-clean, from a phone to a wide desktop.

const SECRET = 'mP7kQ2vLr9TzWx3Xy9Q';

/** The GA4 section (its heading names it; the guide's heading says more). */
const section = (page: Page) => page.getByRole('region', { name: 'Google Analytics 4', exact: true });

/** What the connection shows for a term ("Measurement ID", "API secret"…). */
const shown = (connection: Locator, term: string) => connection.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

test('GA4 by keyboard: connected with the secret shown by its end only, changed keeping the secret, disconnected after a confirmation', async ({ page, request }) => {
  const account = await signInFreshAccount(page, request);
  await page.goto('/integrations');
  await settled(page, 'Integrations');
  const ga4 = section(page);
  await expect(ga4.getByText('Not connected: enter your measurement ID and an API secret below to send call outcomes.')).toBeVisible();
  await expect(ga4.getByRole('region', { name: 'What Google Analytics 4 receives' })).toContainText('callback_call_completed');
  // The section's one form, named by its heading: "Connect Google Analytics 4", then "Change the connection".
  const form = ga4.getByRole('form');
  await expect(form).toHaveAccessibleName('Connect Google Analytics 4');
  const measurementId = form.getByRole('textbox', { name: 'Measurement ID' });
  const secret = form.getByLabel('API secret');
  const sending = form.getByRole('switch', { name: 'Send call outcomes' });
  await expect(secret).toHaveAttribute('type', 'password');
  await expect(form.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);

  // The contract's rules, said at the fields: a measurement id is G- and capitals or digits; the first secret is required.
  await measurementId.focus();
  await page.keyboard.type('ua-1234');
  await page.keyboard.press('Enter');
  await expectAnnouncedError(measurementId, 'Enter the measurement ID as GA4 shows it: G- and 4 to 20 capital letters or digits, such as G-ABC123XYZ9.');
  await expectAnnouncedError(secret, 'API secret is required.');
  await measurementId.fill('');
  await page.keyboard.type('G-TEST1234');
  await expect(measurementId).not.toHaveAttribute('aria-invalid', 'true');
  await tabTo(page, secret);
  await page.keyboard.type('has space');
  await expectAnnouncedError(secret, 'Paste the API secret as GA4 shows it, without spaces.');
  await secret.fill('');
  await page.keyboard.type(SECRET);
  await expect(sending).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');

  // Connected: the id, the secret's last four characters (never the secret), sending on, nothing sent yet.
  await expect(page.getByText('Saved: call outcomes are sent to Google Analytics 4.')).toBeVisible();
  const connection = ga4.getByRole('region', { name: 'Connection' });
  await expect(connection).toContainText('Connected: call outcomes are sent.');
  await expect(shown(connection, 'Measurement ID')).toHaveText('G-TEST1234');
  await expect(shown(connection, 'API secret')).toHaveText('ending in Xy9Q');
  await expect(shown(connection, 'Events waiting to be sent')).toHaveText('0');
  await expect(shown(connection, 'Last sent')).toHaveText('Nothing sent yet');
  await expect(connection.locator('dt', { hasText: 'Last failure' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Save' })).toBeFocused();
  await expect(form).toHaveAccessibleName('Change the connection');
  await expect(measurementId).toHaveValue('G-TEST1234');
  await expect(secret).toHaveValue('');
  await expect(secret).toHaveAccessibleDescription('Leave empty to keep the current secret.');
  await expect(secret).not.toHaveAttribute('required', '');
  expect(await apiGet(request, '/client/integrations/ga4', {}, account)).toMatchObject({ configured: true, measurementId: 'G-TEST1234', apiSecretHint: '…Xy9Q', isActive: true });
  expect(await page.content()).not.toContain(SECRET);

  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page, 'Integrations');
    await expectAccessible(page, `/integrations with GA4 connected at ${width} px`);
    await expectNoSidewaysScroll(page, `/integrations with GA4 connected at ${width} px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Changed with the secret field left empty: the stored secret stays; sending paused by the switch (Space).
  await measurementId.fill('G-NEW5678');
  await tabTo(page, sending);
  await page.keyboard.press('Space');
  await expect(sending).not.toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved: sending call outcomes to Google Analytics 4 is paused.')).toBeVisible();
  await expect(connection).toContainText('Connected, paused: call outcomes are not sent.');
  await expect(shown(connection, 'Measurement ID')).toHaveText('G-NEW5678');
  await expect(shown(connection, 'API secret')).toHaveText('ending in Xy9Q');
  await expect(sending).not.toBeChecked();
  expect(await apiGet(request, '/client/integrations/ga4', {}, account)).toMatchObject({ measurementId: 'G-NEW5678', apiSecretHint: '…Xy9Q', isActive: false });

  // Kept after a reload: the form starts from what is stored.
  await page.reload();
  await settled(page, 'Integrations');
  await expect(connection).toContainText('Connected, paused: call outcomes are not sent.');
  await expect(measurementId).toHaveValue('G-NEW5678');
  await expect(sending).not.toBeChecked();

  // Disconnect asks first: Escape keeps the connection and gives focus back to Disconnect; "Yes, I am sure." disconnects.
  const disconnect = form.getByRole('button', { name: 'Disconnect' });
  await tabTo(page, disconnect);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect Google Analytics 4?' });
  await expect(confirm).toContainText('Call outcomes are no longer sent to G-NEW5678, and the events waiting to be sent are dropped. This action is irreversible.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'the GA4 disconnect confirmation');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(disconnect).toBeFocused();
  await expect(shown(connection, 'Measurement ID')).toHaveText('G-NEW5678');
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Yes, I am sure.' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Google Analytics 4 is disconnected: call outcomes are no longer sent.')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(ga4.getByText('Not connected: enter your measurement ID and an API secret below to send call outcomes.')).toBeVisible();
  await expect(ga4.getByRole('heading', { level: 3, name: 'Connect Google Analytics 4' })).toBeFocused();
  await expect(form.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await expect(measurementId).toHaveValue('');
  await expect(sending).toBeChecked();
  expect(await apiGet(request, '/client/integrations/ga4', {}, account)).toMatchObject({ configured: false, measurementId: null, apiSecretHint: null });
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page, 'Integrations');
    await expectAccessible(page, `/integrations with GA4 not connected at ${width} px`);
    await expectNoSidewaysScroll(page, `/integrations with GA4 not connected at ${width} px`);
  }
});
