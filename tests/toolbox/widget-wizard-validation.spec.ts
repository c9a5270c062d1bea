import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

/**
 * spec §5 Widget general and Widget design: every rule not already walked by widget-wizard.spec.ts,
 * each as the invalid input and the exact message beside its field (`data-field` = draft path),
 * and spec §4 Switch behaviour: a switch turned off takes its field, value and message away.
 */

async function signUp(page: Page, request: APIRequestContext, prefix: string): Promise<void> {
  const account = { email: uniqueEmail(prefix), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Widget Checker' });
  await signIn(page, account.email, account.password);
}

const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`);
/** The switch drawn for `<path>.isActive` (or any switch path). */
const toggle = (page: Page, path: string) => field(page, path).getByRole('switch');
/** The text input or textarea of a draft path. */
const input = (page: Page, path: string) => field(page, path).locator(`[name="${path}"]`);

/** The message shown under a field: exactly one error text, with exactly this wording. */
async function expectMessage(page: Page, path: string, message: string) {
  await expect(field(page, path).getByText(message, { exact: true })).toBeVisible();
}

/** No message of spec §5 under the field. */
async function expectNoMessage(page: Page, path: string) {
  await expect(field(page, path).getByText(MESSAGES)).toHaveCount(0);
}

const MESSAGES = /^(Required field|Must be a valid URL|Must be positive|Invalid email|Wrong phone number format)$/;

/** A text field behind a switch: on + empty is required; off takes the field and its message away, and clears the text. */
async function walkToggleRequired(page: Page, base: string, textPath = `${base}.text`) {
  await toggle(page, `${base}.isActive`).check();
  await input(page, textPath).fill('');
  await expectMessage(page, textPath, 'Required field');
  await input(page, textPath).fill('Something to say');
  await expectNoMessage(page, textPath);
  await input(page, textPath).fill('');
  await expectMessage(page, textPath, 'Required field');
}

test('General step: agents, tries, notifications, redirections and waiting audio rules', async ({ page, request }) => {
  await signUp(page, request, 'wizard-general-rules');
  await page.goto('/widgets/manage');
  await expect(page).toHaveURL(/\/widgets\/manage\/general$/);
  // Next shows every message of the step from now on.
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expectMessage(page, 'name', 'Required field');

  // Use agents: at least one agent and a calling rule are required; the phone number goes away.
  await toggle(page, 'settings.settings.useAgents').check();
  await expect(field(page, 'settings.settings.agentNumber')).toHaveCount(0);
  await expectMessage(page, 'agentIds', 'Required field');
  await expectMessage(page, 'callingRuleId', 'Required field');
  await toggle(page, 'settings.settings.useAgents').uncheck();
  await expect(field(page, 'agentIds')).toHaveCount(0);
  await expect(field(page, 'callingRuleId')).toHaveCount(0);
  await expectMessage(page, 'settings.settings.agentNumber', 'Required field');

  // Retries: required, and greater than -1.
  for (const path of ['settings.settings.numberOfTries', 'settings.settings.minutesBetweenTries']) {
    await input(page, path).fill('');
    await expectMessage(page, path, 'Required field');
    await input(page, path).fill('-1');
    await expectMessage(page, path, 'Must be positive');
    await input(page, path).fill('0');
    await expectNoMessage(page, path);
  }

  // Notification e-mail: required and a valid address while its switch is on.
  const email = 'notifications.email.value';
  await toggle(page, 'notifications.email.isActive').check();
  await input(page, email).fill('not-an-address');
  await expectMessage(page, email, 'Invalid email');
  await input(page, email).fill('');
  await expectMessage(page, email, 'Required field');
  await input(page, email).fill('still@wrong');
  await expectMessage(page, email, 'Invalid email');
  // Off: field and message go; on again: the address was cleared.
  await toggle(page, 'notifications.email.isActive').uncheck();
  await expect(field(page, email)).toHaveCount(0);
  await expect(page.getByText('Invalid email')).toHaveCount(0);
  await toggle(page, 'notifications.email.isActive').check();
  await expect(input(page, email)).toHaveValue('');
  await expectMessage(page, email, 'Required field');
  await input(page, email).fill('owner@example.com');
  await expectNoMessage(page, email);

  // Notification text message: the number is required while its switch is on.
  const phone = 'notifications.phoneNumber.value';
  await toggle(page, 'notifications.phoneNumber.isActive').check();
  await expect(field(page, phone).getByLabel('Phone Number')).toHaveValue('');
  await expectMessage(page, phone, 'Required field');
  await toggle(page, 'notifications.phoneNumber.isActive').uncheck();
  await expect(field(page, phone)).toHaveCount(0);

  // Redirections: a web address while the switch is on.
  for (const name of ['callNow', 'scheduleCall']) {
    const path = `settings.settings.redirections.${name}.value`;
    await toggle(page, `settings.settings.redirections.${name}.isActive`).check();
    await input(page, path).fill('not a url');
    await expectMessage(page, path, 'Must be a valid URL');
    await input(page, path).fill('ftp://files.example.com/thanks');
    await expectMessage(page, path, 'Must be a valid URL');
    await input(page, path).fill('');
    await expectMessage(page, path, 'Required field');
    await input(page, path).fill('https://example.com/thanks');
    await expectNoMessage(page, path);
    await input(page, path).fill('nope');
    await expectMessage(page, path, 'Must be a valid URL');
    await toggle(page, `settings.settings.redirections.${name}.isActive`).uncheck();
    await expect(field(page, path)).toHaveCount(0);
    await toggle(page, `settings.settings.redirections.${name}.isActive`).check();
    await expect(input(page, path)).toHaveValue('');
    await toggle(page, `settings.settings.redirections.${name}.isActive`).uncheck();
  }
  await expect(page.getByText('Must be a valid URL')).toHaveCount(0);

  // Waiting audio: a file is required while the switch is on.
  await toggle(page, 'settings.settings.waitingAudio.isActive').check();
  await expectMessage(page, 'settings.settings.waitingAudio.url', 'Required field');
  await toggle(page, 'settings.settings.waitingAudio.isActive').uncheck();
  await expect(field(page, 'settings.settings.waitingAudio.url')).toHaveCount(0);

  // A fresh account has no displayCustomNumberToCustomers: the custom caller ID is not offered.
  await expect(field(page, 'settings.settings.customCallerId.value')).toHaveCount(0);

  // Still on General: the step is invalid (name, website, type, number).
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/general$/);
});

test('Design step: call and schedule texts, toggled texts, picture and custom fields', async ({ page, request }) => {
  await signUp(page, request, 'wizard-design-rules');
  await page.goto('/widgets/manage');
  await page.getByLabel('Widget Name').fill('Design rules');
  await page.getByLabel('Website URL').fill(`design-${Date.now().toString(36)}.example.com`);
  await page.getByLabel('Widget Type').selectOption({ label: 'Exit popup' });
  await page.getByLabel('Phone number to call').fill('415 555 0100');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/design$/);

  // Create Widget with an empty required text: refused, and every message of the step shows from now on.
  await input(page, 'settings.callSetup.callBackText').fill('');
  await page.getByRole('button', { name: 'Create Widget' }).click();
  await expectMessage(page, 'settings.callSetup.callBackText', 'Required field');
  await expect(page).toHaveURL(/\/widgets\/manage\/design$/);

  for (const path of ['settings.scheduleSetup.timeToCallText', 'settings.scheduleSetup.buttonText']) {
    await input(page, path).fill('');
    await expectMessage(page, path, 'Required field');
  }

  // Picture: a picture is required while "Show a picture" is on.
  await toggle(page, 'settings.callSetup.picture.isActive').check();
  await expectMessage(page, 'settings.callSetup.picture.src', 'Required field');
  await toggle(page, 'settings.callSetup.picture.isActive').uncheck();
  await expect(field(page, 'settings.callSetup.picture.src')).toHaveCount(0);

  // Main texts, disclaimers and custom field labels: required while their switch is on.
  const toggled = [
    'settings.callSetup.main',
    'settings.callSetup.disclaimer',
    'settings.scheduleSetup.main',
    'settings.scheduleSetup.disclaimer',
    'settings.scheduleSetup.customField1',
    'settings.scheduleSetup.customField2',
    'settings.scheduleSetup.customField3',
  ];
  for (const base of toggled) await walkToggleRequired(page, base);
  // Seven toggled texts, plus callBackText, timeToCallText and the schedule button text.
  await expect(page.getByText('Required field', { exact: true })).toHaveCount(toggled.length + 3);

  // Off takes each message away, and on again shows the text was cleared.
  for (const base of toggled) {
    await toggle(page, `${base}.isActive`).uncheck();
    await expect(field(page, `${base}.text`)).toHaveCount(0);
  }
  await expect(page.getByText('Required field', { exact: true })).toHaveCount(3);
  await toggle(page, 'settings.scheduleSetup.customField2.isActive').check();
  await expect(input(page, 'settings.scheduleSetup.customField2.text')).toHaveValue('');
  await expectMessage(page, 'settings.scheduleSetup.customField2.text', 'Required field');
  await toggle(page, 'settings.scheduleSetup.customField2.isActive').uncheck();

  // Fixed, the widget is created.
  await input(page, 'settings.callSetup.callBackText').fill('Schedule a call instead');
  await input(page, 'settings.scheduleSetup.timeToCallText').fill('When should we call?');
  await input(page, 'settings.scheduleSetup.buttonText').fill('Schedule');
  await expect(page.getByText('Required field', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/code$/);
});
