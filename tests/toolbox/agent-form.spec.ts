import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

type Account = { email: string; password: string };
type WorkingHours = { day: string; isActive: boolean; times: { from: string; to: string }[] };
type Agent = {
  id: number;
  name: string | null;
  phone: string;
  availability: { activeHours: WorkingHours[] };
  isActive: boolean;
  isVerified: boolean;
  isRegular: boolean;
};

/** Calls the API as the account, signed in afresh for each call. */
async function api(request: APIRequestContext, account: Account, method: 'GET' | 'PUT', path: string, data?: unknown) {
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: account.email, password: account.password, client_id: 'dashboard' },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { accessToken } = (await token.json()) as { accessToken: string };
  const answer = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${accessToken}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return answer.json();
}

async function agents(request: APIRequestContext, account: Account): Promise<Agent[]> {
  return ((await api(request, account, 'GET', '/client/agents')) as { data: Agent[] }).data;
}

async function freshAccount(page: Page, request: APIRequestContext, prefix: string): Promise<Account> {
  const account = { email: uniqueEmail(prefix), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Agent Manager' });
  await signIn(page, account.email, account.password);
  return account;
}

function day(page: Page, name: string): Locator {
  return page.getByRole('group', { name, exact: true });
}

/** Picks a time from a frame's 12-hour picker list (5-minute steps). */
async function pickTime(page: Page, label: string, time: string, nth = 0) {
  await page.getByLabel(label, { exact: true }).nth(nth).click();
  await page.locator('.react-datepicker__time-list-item', { hasText: new RegExp(`^${time}$`) }).click();
  await expect(page.getByLabel(label, { exact: true }).nth(nth)).toHaveValue(time);
}

test('creates an agent with a weekly availability, then edits it keeping its flags', async ({ page, request }) => {
  const account = await freshAccount(page, request, 'agent-form');
  await page.goto('/agents/manage');
  await expect(page.getByRole('heading', { name: 'Create New Agent' })).toBeVisible();
  // spec §2: default country us, country code not editable.
  await expect(page.getByLabel('Country')).toBeDisabled();
  await expect(page.getByLabel('Country')).toHaveValue('US');
  // spec §9 defaults: 9:00 to 17:00 Monday to Friday, weekend off.
  await expect(page.getByRole('switch', { name: 'Monday' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Saturday' })).not.toBeChecked();
  await expect(page.getByLabel('Monday from')).toHaveValue('9:00 AM');
  await expect(page.getByLabel('Monday to')).toHaveValue('5:00 PM');

  await page.getByLabel('Name').fill('Alice Agent');
  await page.getByLabel('Phone Number').fill('(415) 555-0123');
  await day(page, 'Monday').getByRole('button', { name: 'Add time frame' }).click();
  await expect(page.getByLabel('Monday from').nth(1)).toHaveValue('5:00 PM');
  await expect(page.getByLabel('Monday to').nth(1)).toHaveValue('6:00 PM');
  await page.getByRole('switch', { name: 'Friday' }).uncheck();
  await page.getByRole('switch', { name: 'Saturday' }).check();
  await pickTime(page, 'Saturday from', '10:30 AM');
  await pickTime(page, 'Saturday to', '2:15 PM');

  await page.getByRole('button', { name: 'Save Agent' }).click();
  await expect(page.getByText('Agent Alice Agent has been saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/agents$/);

  const created = (await agents(request, account)).find((agent) => agent.name === 'Alice Agent');
  expect(created).toBeDefined();
  expect(created).toMatchObject({ phone: '+14155550123', isActive: true, isVerified: false, isRegular: true });
  const hours = Object.fromEntries(created!.availability.activeHours.map((entry) => [entry.day, entry]));
  expect(hours.monday).toEqual({ day: 'monday', isActive: true, times: [{ from: '09:00', to: '17:00' }, { from: '17:00', to: '18:00' }] });
  expect(hours.friday).toMatchObject({ isActive: false });
  expect(hours.saturday).toEqual({ day: 'saturday', isActive: true, times: [{ from: '10:30', to: '14:15' }] });
  expect(hours.sunday).toMatchObject({ isActive: false });

  // Switched off from the list meanwhile (spec §4): editing must keep it off.
  const { id, name, phone, availability, isVerified, isRegular } = created!;
  await api(request, account, 'PUT', `/client/agents/${id}`, { name, phone, availability, isActive: false, isVerified, isRegular });

  await page.goto(`/agents/manage/${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Agent' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Alice Agent');
  await expect(page.getByLabel('Phone Number')).toHaveValue('+14155550123');
  await expect(page.getByRole('switch', { name: 'Friday' })).not.toBeChecked();
  await expect(page.getByLabel('Saturday from')).toHaveValue('10:30 AM');
  await page.getByLabel('Name').fill('Alice Edited');
  await page.getByRole('switch', { name: 'Sunday' }).check();
  await day(page, 'Monday').getByRole('button', { name: 'Remove time frame (Monday)' }).nth(1).click();
  await page.getByRole('button', { name: 'Save Agent' }).click();
  await expect(page.getByText('Agent Alice Edited has been updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/agents$/);

  const all = await agents(request, account);
  expect(all.filter((agent) => agent.isRegular)).toHaveLength(1);
  const edited = all.find((agent) => agent.id === id)!;
  expect(edited).toMatchObject({ name: 'Alice Edited', phone: '+14155550123', isActive: false, isVerified: false, isRegular: true });
  const editedHours = Object.fromEntries(edited.availability.activeHours.map((entry) => [entry.day, entry]));
  expect(editedHours.monday).toEqual({ day: 'monday', isActive: true, times: [{ from: '09:00', to: '17:00' }] });
  expect(editedHours.sunday).toEqual({ day: 'sunday', isActive: true, times: [{ from: '09:00', to: '17:00' }] });
});

test('shows every validation message of the form for the input it names, and saves nothing', async ({ page, request }) => {
  const account = await freshAccount(page, request, 'agent-form-invalid');
  await page.goto('/agents/manage');
  const name = page.getByLabel('Name');
  const phone = page.getByLabel('Phone Number');
  const banner = page.getByRole('alert').filter({ hasText: 'At least one day must be selected and every selected day must have valid start/end time' });

  await page.getByRole('button', { name: 'Save Agent' }).click();
  await expect(name).toHaveAccessibleDescription('Required field');
  await expect(phone).toHaveAccessibleDescription('Required field');

  await name.fill('Bob');
  await name.blur();
  await expect(name).toHaveAccessibleDescription('Minimum field length 5');
  await name.fill('B'.repeat(51));
  await expect(name).toHaveAccessibleDescription('Maximum field length 50');
  await name.fill('Bob Builder');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');

  await phone.fill('12345');
  await expect(phone).toHaveAccessibleDescription('Not a valid phone number format');
  await phone.fill('415 555 0199');
  await expect(phone).not.toHaveAttribute('aria-describedby');

  // No active day.
  await expect(banner).toBeHidden();
  for (const weekday of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await page.getByRole('switch', { name: weekday }).uncheck();
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('A minimum of one active day is required.');

  // An active day without a time frame.
  await page.getByRole('switch', { name: 'Monday' }).check();
  await expect(banner).toBeHidden();
  await day(page, 'Monday').getByRole('button', { name: 'Remove time frame (Monday)' }).click();
  await expect(banner).toContainText('A minimum of one time frame for active days is required.');
  await expect(day(page, 'Monday').getByText('A minimum of one time frame for active days is required.')).toBeVisible();

  // A frame that ends before it starts.
  await day(page, 'Monday').getByRole('button', { name: 'Add time frame' }).click();
  await expect(banner).toBeHidden();
  await pickTime(page, 'Monday to', '8:00 AM');
  await expect(banner).toContainText('Greater than From');
  await expect(day(page, 'Monday').getByText('Greater than From')).toBeVisible();

  await page.getByRole('button', { name: 'Save Agent' }).click();
  await expect(page).toHaveURL(/\/agents\/manage$/);
  expect((await agents(request, account)).filter((agent) => agent.isRegular)).toHaveLength(0);

  // Fixed, it saves.
  await pickTime(page, 'Monday to', '11:55 AM');
  await expect(banner).toBeHidden();
  await page.getByRole('button', { name: 'Save Agent' }).click();
  await expect(page.getByText('Agent Bob Builder has been saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/agents$/);
  const [saved] = (await agents(request, account)).filter((agent) => agent.isRegular);
  expect(saved).toMatchObject({ name: 'Bob Builder', phone: '+14155550199' });
  expect(saved!.availability.activeHours.filter((entry) => entry.isActive)).toEqual([
    { day: 'monday', isActive: true, times: [{ from: '09:00', to: '11:55' }] },
  ]);
});

test('an unknown agent id says the agent is not found', async ({ page, request }) => {
  await freshAccount(page, request, 'agent-form-missing');
  await page.goto('/agents/manage/999999');
  await expect(page.getByRole('heading', { name: 'Edit Agent' })).toBeVisible();
  await expect(page.getByText('The requested agent is not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Agent' })).toHaveCount(0);
});
