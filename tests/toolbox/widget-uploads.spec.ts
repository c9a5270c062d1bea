import { expect, test, type Page } from '@playwright/test';
import { registerVerified, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';

/** A PNG header and one pixel, padded to `size` bytes (the server reads the type from the header). */
function png(size: number): Buffer {
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([pixel, Buffer.alloc(Math.max(0, size - pixel.length))]);
}

async function toDesignStep(page: Page) {
  await page.goto('/widgets/manage/general');
  await page.getByLabel('Widget Name').fill('Upload test');
  await page.getByLabel('Website URL').fill('uploads.example.com');
  await page.getByLabel('Widget Type').selectOption({ label: 'Exit popup' });
  const useAgents = page.getByRole('switch', { name: 'Use agents' });
  if (await useAgents.isChecked()) await useAgents.uncheck();
  await page.getByLabel('Phone number to call').fill('4155550123');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page.getByRole('region', { name: 'Call now design' })).toBeVisible();
}

test('the widget picture uploads with a progress counter; a file above 5MB is refused', async ({ page, request }) => {
  const email = uniqueEmail('wizard-upload');
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Upload Tester' });
  await signIn(page, email, 'demo-password');
  await toDesignStep(page);

  const design = page.getByRole('region', { name: 'Call now design' });
  await design.getByRole('switch', { name: 'Show a picture' }).check();
  const picture = design.getByLabel('Picture', { exact: true });

  await picture.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: png(5_000_001) });
  await expect(design.getByText('The image size limit is 5MB.')).toBeVisible();

  // A slow uplink, so the counter is seen between 1 and 100.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200_000 });
  await picture.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(600_000) });
  await expect(design.getByRole('status')).toHaveText(/^Uploading… ([1-9]\d?|100)%$/);
  await expect(design.getByRole('status')).toBeHidden({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(design.getByText('The image size limit is 5MB.')).toBeHidden();
  await expect(design.getByText('logo.png')).toBeVisible();

  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: email, password: 'demo-password', client_id: 'dashboard' },
  });
  const { accessToken } = (await token.json()) as { accessToken: string };
  const listed = await request.get('/api/user/files', { headers: { Authorization: `Bearer ${accessToken}` } });
  const files = ((await listed.json()) as { data: Array<{ filename: string }> }).data.map((file) => file.filename);
  expect(files).toContain('logo.png');
});

test("a widget's picture is changed in place from the widgets list (spec §4)", async ({ page, request }) => {
  const email = uniqueEmail('picture-in-place');
  await registerVerified(request, { email, password: 'demo-password', fullname: 'Picture Tester' });
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: email, password: 'demo-password', client_id: 'dashboard' },
  });
  const headers = { Authorization: `Bearer ${((await token.json()) as { accessToken: string }).accessToken}` };
  await signIn(page, email, 'demo-password');
  await toDesignStep(page);
  await page.getByRole('button', { name: 'Create Widget' }).click();
  await expect(page.getByText('Widget saved!')).toBeVisible();

  await page.goto('/widgets');
  const table = page.getByRole('table', { name: 'Your Widgets' });
  await expect(table.getByRole('button', { name: 'Change picture Upload test' })).toBeVisible();
  const input = table.getByTestId('widget-picture-input');

  // Not an image: refused at once, nothing sent.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Choose an image file.')).toBeVisible();

  // The row's button opens the file chooser.
  const chooser = page.waitForEvent('filechooser');
  await table.getByRole('button', { name: 'Change picture Upload test' }).click();
  await (await chooser).setFiles({ name: 'agent.png', mimeType: 'image/png', buffer: png(2_000) });
  await expect(page.getByText('Image on widget updated successfully.')).toBeVisible();
  const pictureNow = async () => {
    const widgets = ((await (await request.get('/api/client/widgets', { headers })).json()) as { data: Array<{ name: string; settings: { callSetup: { picture: { isActive: boolean; src: string } } } }> }).data;
    return widgets.find((widget) => widget.name === 'Upload test')!.settings.callSetup.picture;
  };
  const picture = await pictureNow();
  expect(picture.isActive).toBe(true);
  expect(picture.src).toMatch(/agent\.png$/);

  // The save fails: the widget keeps its picture and the notice says so.
  await page.route('**/api/client/widgets/*', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { error: 'internal_error', error_description: 'Boom' } }) : route.fallback(),
  );
  await input.setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: png(2_000) });
  await expect(page.getByText('Failed to update image on widget.')).toBeVisible();
  expect(await pictureNow()).toEqual(picture);
});
