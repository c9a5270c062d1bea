import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

/**
 * The Design step's live preview (spec §2 "with live previews", issue 5): an existing widget is
 * opened in the wizard and the real widget, drawn in the "Widget preview" frame (inside a shadow
 * root, which Playwright's CSS locators pierce), follows the controls.
 */

type Account = { email: string; password: string };

async function signUp(page: Page, request: APIRequestContext, prefix: string): Promise<Account> {
  const account = { email: uniqueEmail(prefix), password: 'demo-password' };
  await registerVerified(request, { ...account, fullname: 'Widget Designer' });
  await signIn(page, account.email, account.password);
  return account;
}

/** The id of the account's widget with this name (through the API, signed in afresh). */
async function widgetId(request: APIRequestContext, account: Account, name: string): Promise<number> {
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: account.email, password: account.password, client_id: 'dashboard' },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { accessToken } = (await token.json()) as { accessToken: string };
  const answer = await request.get('/api/client/widgets', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  const widget = ((await answer.json()) as { data: Array<{ id: number; name: string }> }).data.find((candidate) => candidate.name === name);
  expect(widget, `widget ${name}`).toBeDefined();
  return widget!.id;
}

/** Creates a widget through the wizard with the default design. */
async function createWidget(page: Page, { name, type }: { name: string; type: string }) {
  await page.goto('/widgets/manage');
  await page.getByLabel('Widget Name').fill(name);
  await page.getByLabel('Website URL').fill(`preview-${Date.now().toString(36)}.example.com`);
  await page.getByLabel('Widget Type').selectOption({ label: type });
  await page.getByLabel('Phone number to call').fill('415 555 0100');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await page.getByRole('button', { name: 'Create Widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/code$/);
}

/** Opens the widget in the wizard and goes on to its Design step. */
async function openDesign(page: Page, id: number) {
  await page.goto(`/widgets/manage/general/${id}`);
  await expect(page.getByRole('heading', { name: 'Update Widget' })).toBeVisible();
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/manage/design/${id}$`));
}

const control = (page: Page, path: string) => page.locator(`[data-field="${path}"] [name="${path}"]`);
const frame = (page: Page) => page.frameLocator('iframe[title="Widget preview"]');
const viewTab = (page: Page, name: string) => page.getByRole('group', { name: 'Preview' }).getByRole('button', { name, exact: true });

test('the preview follows the texts, colours, layout and custom fields of an edited popup', async ({ page, request }) => {
  const account = await signUp(page, request, 'preview-popup');
  await createWidget(page, { name: 'Previewed popup', type: 'Exit popup' });
  await openDesign(page, await widgetId(request, account, 'Previewed popup'));

  const box = frame(page).locator('.box');
  const callButton = box.locator('form .button');
  await expect(viewTab(page, 'Call now')).toHaveAttribute('aria-pressed', 'true');

  // The Call now button says what the Button text field says.
  await control(page, 'settings.callSetup.buttonText').fill('Ring me now');
  await expect(callButton).toHaveText('Ring me now');
  await control(page, 'settings.callSetup.buttonText').fill('Call me back');
  await expect(callButton).toHaveText('Call me back');

  // Its colours follow the colour fields.
  await control(page, 'settings.globalSetup.buttonOptions.color').fill('#123456');
  await expect(callButton).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await control(page, 'settings.globalSetup.buttonOptions.fontColor').fill('#FF0000');
  await expect(callButton).toHaveCSS('color', 'rgb(255, 0, 0)');

  // spec §9 layouts: Square 500px wide with 60px padding; Horizontal 500px with 40px 60px.
  const layout = page.locator('[data-field="settings.globalSetup.layout"]');
  await layout.getByRole('radio', { name: 'Square' }).check();
  await expect(box).toHaveCSS('width', '500px');
  await expect(box).toHaveCSS('padding', '60px');
  await layout.getByRole('radio', { name: 'Horizontal' }).check();
  await expect(box).toHaveCSS('width', '500px');
  await expect(box).toHaveCSS('padding', '40px 60px');
  await layout.getByRole('radio', { name: 'Vertical' }).check();
  await expect(box).toHaveCSS('padding', '60px 40px');

  // The schedule view shows an active custom field's label, and drops it when the field is off.
  await viewTab(page, 'Schedule').click();
  await expect(viewTab(page, 'Schedule')).toHaveAttribute('aria-pressed', 'true');
  const fields = box.locator('.fields');
  await expect(fields).toBeVisible();
  await page.locator('[data-field="settings.scheduleSetup.customField2.isActive"]').getByRole('switch').check();
  await control(page, 'settings.scheduleSetup.customField2.text').fill('Order number');
  await expect(fields.locator('.label', { hasText: 'Order number' })).toBeVisible();
  await expect(fields.locator('input[type="text"]')).toHaveCount(1);
  await control(page, 'settings.scheduleSetup.buttonText').fill('Book my call');
  await expect(box.locator('form .button')).toHaveText('Book my call');
  await page.locator('[data-field="settings.scheduleSetup.customField2.isActive"]').getByRole('switch').uncheck();
  await expect(fields.getByText('Order number')).toHaveCount(0);

  // A popup widget has no floating icon view.
  await expect(viewTab(page, 'Floating icon')).toHaveCount(0);
});

test('the floating icon view follows the icon size and screen corner', async ({ page, request }) => {
  const account = await signUp(page, request, 'preview-icon');
  await createWidget(page, { name: 'Previewed icon', type: 'Floating icon' });
  await openDesign(page, await widgetId(request, account, 'Previewed icon'));

  await viewTab(page, 'Floating icon').click();
  const icon = frame(page).locator('button.icon');
  await expect(icon).toHaveCSS('width', '100px');
  await expect(icon).toHaveCSS('right', '20px');

  await control(page, 'settings.globalSetup.floatingIcon.size').fill('150');
  await expect(icon).toHaveCSS('width', '150px');
  await expect(icon).toHaveCSS('height', '150px');

  const position = page.locator('[data-field="settings.globalSetup.floatingIcon.position"]');
  await position.getByRole('radio', { name: 'Left' }).check();
  await expect(icon).toHaveClass(/\bleft\b/);
  await expect(icon).toHaveCSS('left', '20px');
  await position.getByRole('radio', { name: 'Right' }).check();
  await expect(icon).toHaveClass(/\bright\b/);
  await expect(icon).toHaveCSS('right', '20px');

  await control(page, 'settings.globalSetup.floatingIcon.bgColor').fill('#00AA00');
  await expect(icon).toHaveCSS('background-color', 'rgb(0, 170, 0)');

  // A click on the icon opens the Call now view.
  await icon.click();
  await expect(viewTab(page, 'Call now')).toHaveAttribute('aria-pressed', 'true');
  await expect(frame(page).locator('.box form .button')).toBeVisible();
});
