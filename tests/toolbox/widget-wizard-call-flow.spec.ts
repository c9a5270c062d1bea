import { expect, test, type Page } from '@playwright/test';
import { defaultCallFlow } from '../../common/rules/callFlow.ts';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { registerVerified, signIn } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { expectAccessible, expectNoSidewaysScroll, WIDTHS } from '../support/accessibility.ts';
import { uniqueEmail } from '../support/mailbox.ts';

type Settings = ReturnType<typeof defaultWidgetConfiguration>['settings'];
interface ApiWidget {
  id: number;
  name: string;
  settings: { settings: Settings };
}

const switchNamed = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });
const TEXT = 'Text message to the visitor';

test('the General step edits the call flow of a widget saved before it, and the server keeps it', async ({ page, request }) => {
  const account = { email: uniqueEmail('wizard-call-flow'), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Flow Builder' });
  await signIn(page, account.email, account.password);

  // A widget as it was saved before issue 18: no agentWhisper, missedCallRecovery or recording.
  const website = await api<{ id: number }>(request, account, 'POST', '/client/websites', { domain: `flow-${Date.now().toString(36)}.example.com` });
  const configuration = defaultWidgetConfiguration('+14155550100');
  const { agentWhisper: _whisper, missedCallRecovery: _recovery, recording: _recording, ...before } = configuration.settings;
  const created = await api<ApiWidget>(request, account, 'POST', '/client/widgets', {
    name: 'Saved before',
    typeId: 1,
    websiteId: website.id,
    isActive: true,
    notifications: defaultNotifications(),
    settings: { ...configuration, settings: before },
  });
  expect(created.settings.settings).not.toHaveProperty('agentWhisper');

  await page.goto(`/widgets/manage/general/${created.id}`);
  await expect(page.getByLabel('Widget Name')).toHaveValue('Saved before');
  // It shows how calls read it: no whisper (its agents were never told to press 1), every recovery.
  await expect(switchNamed(page, 'Agent hears who is calling and presses 1 to accept')).not.toBeChecked();
  await expect(switchNamed(page, 'Text the visitor')).toBeChecked();
  await expect(page.getByLabel(TEXT)).toHaveValue('');
  await expect(page.getByLabel(TEXT)).toHaveAttribute('placeholder', 'Sorry we missed your call. We will call you back as soon as we can.');
  await expect(switchNamed(page, 'Schedule a callback at the next available time')).toBeChecked();
  await expect(switchNamed(page, "Notify me (the widget's notifications)")).toBeChecked();
  await expect(switchNamed(page, 'Record calls')).toBeChecked();
  await expect(switchNamed(page, 'Play a recording notice to both parties')).not.toBeChecked();

  // Over 300 characters the text says so and Next stays on General.
  const textField = page.locator('[data-field="settings.settings.missedCallRecovery.textVisitor.text"]');
  await page.getByLabel(TEXT).fill('x'.repeat(301));
  await expect(textField).toContainText('Maximum field length 300');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/general/${created.id}$`));
  // The sections with their message, axe-clean and without sideways scrolling from 360 to 1920 px.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 360 || width === 1440) await expectAccessible(page, `the call flow at ${width} px`);
    await expectNoSidewaysScroll(page, `the call flow at ${width} px`);
  }

  // spec §4 Switch behaviour: off clears the text.
  await switchNamed(page, 'Text the visitor').click();
  await expect(page.getByLabel(TEXT)).toHaveCount(0);
  await switchNamed(page, 'Text the visitor').click();
  await expect(page.getByLabel(TEXT)).toHaveValue('');
  await expect(textField).not.toContainText('Maximum field length');

  const message = 'Sorry we missed you! We call you back within the hour.';
  await page.getByLabel(TEXT).fill(message);
  await switchNamed(page, 'Agent hears who is calling and presses 1 to accept').click();
  await switchNamed(page, 'Schedule a callback at the next available time').click();
  // Keyboard: Space toggles a focused switch.
  await switchNamed(page, 'Play a recording notice to both parties').focus();
  await page.keyboard.press('Space');
  await expect(switchNamed(page, 'Play a recording notice to both parties')).toBeChecked();

  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/design/${created.id}$`));
  await page.getByRole('button', { name: 'Update Widget' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/code/${created.id}$`));
  await expect(page.getByText('Widget saved!')).toBeVisible();

  // The server stored the call flow explicitly.
  const expected = {
    agentWhisper: true,
    missedCallRecovery: { textVisitor: { isActive: true, text: message }, scheduleCallback: false, notifyClient: true },
    recording: { notice: true, isActive: true },
  };
  const stored = (await api<{ data: ApiWidget[] }>(request, account, 'GET', '/client/widgets')).data.find((widget) => widget.id === created.id);
  expect(stored?.settings.settings).toMatchObject(expected);
  expect(defaultCallFlow()).not.toMatchObject(expected);

  // Reopened after a reload, the wizard shows what was saved.
  await page.goto(`/widgets/manage/general/${created.id}`);
  await page.reload();
  await expect(page.getByLabel('Widget Name')).toHaveValue('Saved before');
  await expect(switchNamed(page, 'Agent hears who is calling and presses 1 to accept')).toBeChecked();
  await expect(switchNamed(page, 'Text the visitor')).toBeChecked();
  await expect(page.getByLabel(TEXT)).toHaveValue(message);
  await expect(switchNamed(page, 'Schedule a callback at the next available time')).not.toBeChecked();
  await expect(switchNamed(page, "Notify me (the widget's notifications)")).toBeChecked();
  await expect(switchNamed(page, 'Record calls')).toBeChecked();
  await expect(switchNamed(page, 'Play a recording notice to both parties')).toBeChecked();
});
