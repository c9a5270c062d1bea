import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

interface ApiWidget {
  id: number;
  name: string;
  typeId: number;
  websiteId: number;
  isActive: boolean;
  widgetType: { name: string };
}
interface ApiWebsite {
  id: number;
  domain: string;
  publicKey: string;
}

type Account = { email: string; password: string };

/** A GET on the API as the account, signed in afresh for each call. */
async function apiGet<T>(request: APIRequestContext, account: Account, path: string): Promise<T> {
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: account.email, password: account.password, client_id: 'dashboard' },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { accessToken } = (await token.json()) as { accessToken: string };
  const answer = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

async function signUp(page: Page, request: APIRequestContext, prefix: string): Promise<Account> {
  const account = { email: uniqueEmail(prefix), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Widget Builder' });
  await signIn(page, account.email, account.password);
  return account;
}

/** Fills the General step of a new widget and goes on to the Design step. */
async function fillGeneral(page: Page, { name, website, type, number = '415 555 0100' }: { name: string; website: string; type: string; number?: string }) {
  await page.getByLabel('Widget Name').fill(name);
  await page.getByLabel('Website URL').fill(website);
  await page.getByLabel('Widget Type').selectOption({ label: type });
  await page.getByLabel('Phone number to call').fill(number);
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/design$/);
}

async function createWidget(page: Page, input: { name: string; website: string; type: string }) {
  await page.goto('/widgets/manage');
  await expect(page).toHaveURL(/\/widgets\/manage\/general$/);
  await fillGeneral(page, input);
  await page.getByRole('button', { name: 'Create Widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/code$/);
  await expect(page.getByText('Widget saved!')).toBeVisible();
}

test('creates a widget of each type and an All Widgets set on a new domain', async ({ page, request }) => {
  const account = await signUp(page, request, 'wizard-create');
  const domain = `shop-${Date.now().toString(36)}.example.com`;

  await createWidget(page, { name: 'Exit offer', website: `https://${domain.toUpperCase()}/pricing`, type: 'Exit popup' });
  // The website was created first, and its snippet is shown with the instruction for a new website.
  const websites = await apiGet<{ data: ApiWebsite[] }>(request, account, '/client/websites');
  const website = websites.data.find((candidate) => candidate.domain === domain);
  expect(website, JSON.stringify(websites.data)).toBeDefined();
  await expect(page.getByLabel('Embed code')).toHaveValue(new RegExp(`/widget\\.js\\?key=${website!.publicKey}`));
  await expect(page.getByText('Copy this code and paste it into your website')).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  // The steps' list: the Code step also lists the causes of an installation not detected yet.
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem').filter({ hasText: 'Code' })).toHaveAttribute('aria-current', 'step');

  await createWidget(page, { name: 'Timed offer', website: domain, type: 'Timed popup' });
  // The website had widgets: the code on it refreshes by itself.
  await expect(page.getByText(/refreshed automatically/)).toBeVisible();
  await createWidget(page, { name: 'Corner icon', website: domain, type: 'Floating icon' });

  await createWidget(page, { name: 'Launch', website: domain, type: 'All Widgets' });
  const widgets = (await apiGet<{ data: ApiWidget[] }>(request, account, '/client/widgets')).data.filter((widget) => widget.websiteId === website!.id);
  const byName = Object.fromEntries(widgets.map((widget) => [widget.name, widget]));
  expect(Object.keys(byName).sort()).toEqual(
    ['Corner icon', 'Exit offer', 'Launch - Exit popup', 'Launch - Floating icon', 'Launch - Timed popup', 'Timed offer'].sort(),
  );
  // One active widget per type and website: the set replaced the earlier widgets.
  expect(widgets.filter((widget) => widget.isActive).map((widget) => widget.name).sort()).toEqual(
    ['Launch - Exit popup', 'Launch - Floating icon', 'Launch - Timed popup'],
  );
  expect(byName['Launch - Timed popup']?.widgetType.name).toBe('Timed popup');
  // Only one website for the domain, however it was typed.
  const after = await apiGet<{ data: ApiWebsite[] }>(request, account, '/client/websites');
  expect(after.data.filter((candidate) => candidate.domain === domain)).toHaveLength(1);
});

test('edits a widget and keeps its status and type', async ({ page, request }) => {
  const account = await signUp(page, request, 'wizard-edit');
  const domain = `edit-${Date.now().toString(36)}.example.com`;
  await createWidget(page, { name: 'First popup', website: domain, type: 'Exit popup' });
  await createWidget(page, { name: 'Second popup', website: domain, type: 'Exit popup' });
  const [first] = (await apiGet<{ data: ApiWidget[] }>(request, account, '/client/widgets')).data.filter((widget) => widget.name === 'First popup');
  expect(first?.isActive).toBe(false);

  await page.goto(`/widgets/manage/general/${first!.id}`);
  await expect(page.getByRole('heading', { name: 'Update Widget' })).toBeVisible();
  await expect(page.getByLabel('Widget Name')).toHaveValue('First popup');
  // spec §4: a stored widget keeps its type, shown but not changeable; All Widgets is not offered.
  await expect(page.getByLabel('Widget Type')).toBeDisabled();
  await expect(page.getByLabel('Widget Type')).toHaveValue(String(first!.typeId));
  await expect(page.getByLabel('Widget Type').locator('option', { hasText: 'All Widgets' })).toHaveCount(0);
  await page.getByLabel('Widget Name').fill('First popup, renamed');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/design/${first!.id}$`));
  // Back returns to General with the draft kept.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/general/${first!.id}$`));
  await expect(page.getByLabel('Widget Name')).toHaveValue('First popup, renamed');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  // The step lives in the URL: the browser's Back and Forward move between General and Design.
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/design/${first!.id}$`));
  await page.goBack();
  await expect(page.getByLabel('Widget Name')).toHaveValue('First popup, renamed');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/design/${first!.id}$`));
  await expect(page.getByRole('listitem').filter({ hasText: 'Design' })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: 'Update Widget' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/code/${first!.id}$`));
  await expect(page.getByText(/refreshed automatically/)).toBeVisible();

  const edited = (await apiGet<{ data: ApiWidget[] }>(request, account, '/client/widgets')).data.find((widget) => widget.id === first!.id);
  expect(edited).toMatchObject({ name: 'First popup, renamed', isActive: false, typeId: first!.typeId });

  await page.goto('/widgets/manage/general/999999');
  await expect(page.getByText('The requested widget is not found')).toBeVisible();
});

test('General step validation messages appear for invalid input', async ({ page, request }) => {
  await signUp(page, request, 'wizard-validation');
  await page.goto('/widgets/manage');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/general$/);
  const fieldError = (path: string) => page.locator(`[data-field="${path}"]`);
  await expect(fieldError('name')).toContainText('Required field');
  await expect(fieldError('websiteUrl')).toContainText('Required field');
  await expect(fieldError('typeId')).toContainText('Required field');
  await expect(fieldError('settings.settings.agentNumber')).toContainText('Required field');

  await page.getByLabel('Website URL').fill('not a website');
  await expect(fieldError('websiteUrl')).toContainText('Must be a valid URL');
  await page.getByLabel('Phone number to call').fill('12');
  await expect(fieldError('settings.settings.agentNumber')).toContainText('Wrong phone number format');

  await page.getByLabel('Widget Type').selectOption({ label: 'Timed popup' });
  await expect(page.getByLabel('Shows after (seconds)')).toHaveValue('15');
  await page.getByLabel('Shows after (seconds)').fill('');
  await expect(fieldError('settings.settings.showsAfter')).toContainText('Required field');
  await page.getByLabel('Displays per visit').fill('-3');
  await expect(fieldError('settings.settings.displaysPerVisit')).toContainText('Must be positive');
  // Leaving Timed popup clears the timing fields and their messages.
  await page.getByLabel('Widget Type').selectOption({ label: 'Exit popup' });
  await expect(page.getByLabel('Shows after (seconds)')).toHaveCount(0);

  await page.getByLabel('Number of tries').fill('abc');
  await expect(fieldError('settings.settings.numberOfTries')).toContainText('Value abc is not a number');

  // Still on General: Next refuses while anything is invalid.
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/general$/);

  // Fixed, the wizard moves on; the Design step checks its setups on Create Widget.
  await page.getByLabel('Number of tries').fill('3');
  await fillGeneral(page, { name: 'Checked', website: 'checked.example.com', type: 'Exit popup' });
  await page.locator('[data-field="settings.callSetup.buttonText"] input').fill('');
  await page.getByRole('button', { name: 'Create Widget' }).click();
  await expect(fieldError('settings.callSetup.buttonText')).toContainText('Required field');
  await expect(page).toHaveURL(/\/widgets\/manage\/design$/);
});
