import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { apiGet, columnTexts, DEMO, loadedRows, signInDemo, signInFreshAccount } from '../support/dataScreens.ts';

type Widget = {
  id: number;
  name: string;
  typeId: number;
  websiteId: number;
  websiteUrl: string;
  callingRuleId: number | null;
  agentIds: number[];
  isActive: boolean;
  notifications: unknown;
  settings: unknown;
};
type Website = { id: number; domain: string; publicKey: string };
type Agent = { id: number; name: string | null; phone: string; isActive: boolean; isRegular: boolean };

const WIDGETS = 'Your Widgets';
const AGENTS = 'Your Agents';
const WEBSITES = 'Your Websites';

/** A write on the API as the demo account (setting up rows the tests may delete). */
async function apiWrite<T>(request: APIRequestContext, method: 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: DEMO.email, password: DEMO.password, client_id: 'dashboard' },
  });
  const { accessToken } = (await token.json()) as { accessToken: string };
  const answer = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${accessToken}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (answer.status() === 204 ? undefined : await answer.json()) as T;
}

const widgetsNow = async (page: Page) => (await apiGet<{ data: Widget[] }>(page.request, '/client/widgets', {})).data;
const agentsNow = async (page: Page) => (await apiGet<{ data: Agent[] }>(page.request, '/client/agents', {})).data;

/** A widget of its own for a test that deletes one (the demo's widgets stay for the other suites). */
async function createSpareWidget(page: Page, name: string): Promise<Widget> {
  const [model] = await widgetsNow(page);
  if (!model) throw new Error('the demo account has widgets');
  const { name: _name, typeId, websiteId, callingRuleId, agentIds, notifications, settings } = model;
  return apiWrite<Widget>(page.request, 'POST', '/client/widgets', { name, typeId, websiteId, callingRuleId, agentIds, notifications, settings, isActive: false });
}

test.describe('Your Widgets', () => {
  test('lists the widgets and narrows them with the filters in the URL', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/widgets');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Widgets' })).toBeVisible();
    await expect(page.getByText('Websites and widgets you are using')).toBeVisible();
    const all = await widgetsNow(page);
    expect(all.length, 'the demo account has widgets').toBeGreaterThan(3);
    await expect(await loadedRows(page, WIDGETS)).toHaveCount(all.length);
    expect(await columnTexts(page, WIDGETS, 'Widget Name')).toEqual(all.map((widget) => widget.name));
    expect(await columnTexts(page, WIDGETS, 'Website')).toEqual(all.map((widget) => widget.websiteUrl));

    const websites = (await apiGet<{ data: Website[] }>(page.request, '/client/websites', {})).data;
    const plumbing = websites.find((website) => website.domain === 'lakeside-plumbing.com')!;
    await page.getByLabel('Websites').selectOption({ label: plumbing.domain });
    await expect(page).toHaveURL(new RegExp(`websiteId=${plumbing.id}`));
    await expect.poll(() => columnTexts(page, WIDGETS, 'Widget Name')).toEqual(all.filter((w) => w.websiteId === plumbing.id).map((w) => w.name));

    await page.getByLabel('Websites').selectOption({ label: 'All' });
    await page.getByLabel('Widget type').selectOption({ label: 'Floating icon' });
    await expect(page).toHaveURL(/typeId=3/);
    await expect.poll(() => columnTexts(page, WIDGETS, 'Widget Name')).toEqual(all.filter((w) => w.typeId === 3).map((w) => w.name));
    for (const type of await columnTexts(page, WIDGETS, 'Widget Type')) expect(type).toBe('Floating icon');

    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Inactive' });
    await expect(page).toHaveURL(/status=inactive/);
    const inactiveIcons = all.filter((w) => w.typeId === 3 && !w.isActive).map((w) => w.name);
    expect(inactiveIcons.length).toBeGreaterThan(0);
    await expect.poll(() => columnTexts(page, WIDGETS, 'Widget Name')).toEqual(inactiveIcons);

    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await expect.poll(() => columnTexts(page, WIDGETS, 'Widget Name')).toEqual(inactiveIcons);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('inactive');

    // Nothing matches: the filtered empty state, not the "no widgets" one.
    await page.getByLabel('Websites').selectOption({ label: plumbing.domain });
    await expect(page.getByText('No data to show for selected filters')).toBeVisible();
  });

  test('toggles a widget: the API has the change and the server switches off its twin', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/widgets');
    await loadedRows(page, WIDGETS);
    const before = await widgetsNow(page);
    const old = before.find((w) => w.name === 'Call icon (old design)')!;
    const current = before.find((w) => w.name === 'Call us now')!;
    expect([old.isActive, current.isActive]).toEqual([false, true]);

    const oldSwitch = page.getByRole('switch', { name: 'Status Call icon (old design)' });
    const currentSwitch = page.getByRole('switch', { name: 'Status Call us now' });
    await expect(oldSwitch).not.toBeChecked();
    await oldSwitch.click();
    await expect(page.getByText('Activity status of widget Call icon (old design) has been changed.')).toBeVisible();
    await expect.poll(async () => (await widgetsNow(page)).find((w) => w.id === old.id)?.isActive).toBe(true);
    // spec §4: the other widget of the same type and website became inactive (the server's rule); the list shows it.
    expect((await widgetsNow(page)).find((w) => w.id === current.id)?.isActive).toBe(false);
    await expect(oldSwitch).toBeChecked();
    await expect(currentSwitch).not.toBeChecked();

    // Back as it was.
    await currentSwitch.click();
    await expect(page.getByText('Activity status of widget Call us now has been changed.')).toBeVisible();
    await expect(currentSwitch).toBeChecked();
    await expect(oldSwitch).not.toBeChecked();
    const after = await widgetsNow(page);
    expect([after.find((w) => w.id === old.id)?.isActive, after.find((w) => w.id === current.id)?.isActive]).toEqual([false, true]);
  });

  test('a failed toggle rolls the switch back with the error notice', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/widgets');
    await loadedRows(page, WIDGETS);
    const target = (await widgetsNow(page)).find((w) => w.name === 'HVAC check-up')!;
    expect(target.isActive).toBe(true);
    let answered = 0;
    await page.route(`**/api/client/widgets/${target.id}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      answered += 1;
      // Long enough to see the optimistic value before the failure.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.fulfill({ status: 500, json: { error: 'internal_error', error_description: 'Boom' } });
    });
    const toggle = page.getByRole('switch', { name: 'Status HVAC check-up' });
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('Widget update failed.')).toBeVisible();
    await expect(toggle).toBeChecked();
    expect(answered).toBe(1);
    expect((await widgetsNow(page)).find((w) => w.id === target.id)?.isActive).toBe(true);
  });

  test('deletes a widget only after confirmation', async ({ page }) => {
    await signInDemo(page);
    const spare = await createSpareWidget(page, 'Spare widget to delete');
    await page.goto('/widgets');
    await expect.poll(() => columnTexts(page, WIDGETS, 'Widget Name')).toContain(spare.name);

    await page.getByRole('button', { name: `Delete ${spare.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete widget?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Are you sure you want to delete widget? This action is irreversible.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await widgetsNow(page)).some((w) => w.id === spare.id)).toBe(true);
    expect(await columnTexts(page, WIDGETS, 'Widget Name')).toContain(spare.name);

    await page.getByRole('button', { name: `Delete ${spare.name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete widget?' }).getByRole('button', { name: 'Yes, I am sure.' }).click();
    await expect(page.getByText('Widget deleted successfully.')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect.poll(() => columnTexts(page, WIDGETS, 'Widget Name')).not.toContain(spare.name);
    expect((await widgetsNow(page)).some((w) => w.id === spare.id)).toBe(false);
  });

  test('Edit opens the widget in the wizard', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/widgets');
    await loadedRows(page, WIDGETS);
    const widget = (await widgetsNow(page)).find((w) => w.name === 'Plumbing hotline')!;
    await page.getByRole('link', { name: 'Edit Plumbing hotline' }).click();
    await expect(page).toHaveURL(new RegExp(`/widgets/manage/general/${widget.id}$`));
  });

  test('stays usable on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInDemo(page);
    await page.goto('/widgets');
    const cards = page.getByRole('list', { name: WIDGETS }).locator(':scope > li');
    await expect(cards).toHaveCount((await widgetsNow(page)).length);
    await expect(cards.first().getByRole('switch')).toBeVisible();
    await expect(cards.first().getByRole('button', { name: /^Delete / })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('Your Agents', () => {
  test('lists the named agents, toggles one and deletes one only after confirmation', async ({ page }) => {
    await signInDemo(page);
    const spare = await apiWrite<Agent>(page.request, 'POST', '/client/agents', { name: 'Spare Agent Smith', phone: '+12125550999' });
    await page.goto('/agents');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Agents' })).toBeVisible();
    await expect(page.getByText('Agents that you are managing')).toBeVisible();
    const named = (await agentsNow(page)).filter((agent) => agent.isRegular && agent.name !== null);
    expect((await agentsNow(page)).length, 'the demo has a placeholder agent that is not listed').toBeGreaterThan(named.length);
    await expect.poll(() => columnTexts(page, AGENTS, 'Name')).toEqual(named.map((agent) => agent.name));
    expect(await columnTexts(page, AGENTS, 'Phone Number')).toEqual(named.map((agent) => agent.phone));
    await expect(page.getByRole('link', { name: 'Create New Agent' })).toBeVisible();

    const toggle = page.getByRole('switch', { name: `Active ${spare.name}` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText(`Activity status of agent ${spare.name} has been changed.`)).toBeVisible();
    await expect.poll(async () => (await agentsNow(page)).find((agent) => agent.id === spare.id)?.isActive).toBe(false);
    await expect(toggle).not.toBeChecked();

    await page.getByRole('button', { name: `Delete ${spare.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete agent?' });
    await expect(dialog.getByText('Are you sure you want to delete agent? This action is irreversible.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await agentsNow(page)).some((agent) => agent.id === spare.id)).toBe(true);

    await page.getByRole('button', { name: `Delete ${spare.name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete agent?' }).getByRole('button', { name: 'Yes, I am sure.' }).click();
    await expect(page.getByText(`Agent ${spare.name} has been deleted successfully.`)).toBeVisible();
    await expect.poll(() => columnTexts(page, AGENTS, 'Name')).not.toContain(spare.name);
    expect((await agentsNow(page)).some((agent) => agent.id === spare.id)).toBe(false);

    await page.getByRole('link', { name: `Edit ${named[0]!.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/agents/manage/${named[0]!.id}$`));
  });
});

test.describe('Your Websites', () => {
  test('shows each website with its embed code, and Copy puts it on the clipboard', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInDemo(page);
    await page.goto('/websites');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Websites' })).toBeVisible();
    await expect(page.getByText('Copy website code')).toBeVisible();
    const websites = (await apiGet<{ data: Website[] }>(page.request, '/client/websites', {})).data;
    expect(await columnTexts(page, WEBSITES, 'Website')).toEqual(websites.map((website) => website.domain));

    const origin = new URL(page.url()).origin;
    const first = websites[0]!;
    const snippet = `<script src="${origin}/widget.js?key=${first.publicKey}" async></script>`;
    const row = page.getByRole('table', { name: WEBSITES }).getByRole('row').filter({ hasText: first.domain });
    await expect(row.locator('code')).toHaveText(snippet);
    await page.getByRole('button', { name: `Copy Code of ${first.domain}` }).click();
    await expect(page.getByText('Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  });
});

test.describe('a new account', () => {
  test('shows the empty states of widgets, websites and agents', async ({ page }) => {
    await signInFreshAccount(page, page.request);
    await page.goto('/widgets');
    await expect(page.getByText("You don't have any widgets created, yet")).toBeVisible();
    await page.getByRole('link', { name: 'Create New Widget' }).click();
    // The wizard opens on its first step (spec §2 Widget wizard).
    await expect(page).toHaveURL(/\/widgets\/manage(\/general)?$/);

    await page.goto('/websites');
    await expect(page.getByText("You don't have any website created, yet. Please create a widget to create a website.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Widget' })).toHaveAttribute('href', '/widgets/manage');
    await expectAccessible(page, '/websites, no data');

    await page.goto('/agents');
    await expect(page.getByText("You don't have any added agent, yet.")).toBeVisible();
    // Only in the empty state: no second Create New Agent top right.
    await expect(page.getByRole('link', { name: 'Create New Agent' })).toHaveCount(1);
    await page.getByRole('link', { name: 'Create New Agent' }).click();
    await expect(page).toHaveURL(/\/agents\/manage\/?$/);
  });
});
